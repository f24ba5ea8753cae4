import DecideService
import Foundation
import LinkMatcher

// decide-server AASA-FILE [PORT]: compiles the file once, then answers GET /decide?url=...
let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: decide-server AASA-FILE [PORT]")
    exit(64)
}
let port = arguments.dropFirst().first.flatMap { Int($0) } ?? 8080
do {
    let rules = try AppLinkRules(contentsOf: path)
    try await makeApplication(rules: rules, port: port).runService()
} catch let error as AppLinkRulesError {
    print("decide-server: \(error)")
    exit(2)
}
