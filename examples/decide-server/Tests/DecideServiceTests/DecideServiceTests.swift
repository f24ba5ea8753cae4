import DecideService
import Foundation
import Hummingbird
import HummingbirdTesting
import LinkMatcher
import Testing

/// The server started on loopback (a free port) and asked over HTTP; answers are held
/// against the library's own decision for the same URL.
struct DecideServiceTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/sample-urls.txt")
    static let aasa = sample.deletingLastPathComponent()
        .appendingPathComponent("example.com.aasa.json")

    @Test func answersEveryURLAsTheLibraryDoes() async throws {
        let rules = try AppLinkRules(contentsOf: Self.aasa.path)
        let urls = try String(contentsOf: Self.sample, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(!urls.isEmpty)
        let app = makeApplication(rules: rules, port: 0)
        try await app.test(.live) { client in
            var handled = 0
            for url in urls {
                let query = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                try await client.execute(uri: "/decide?url=\(query)", method: .get) { response in
                    #expect(response.status == .ok)
                    let answer = try JSONDecoder().decode(
                        DecideAnswer.self, from: Data(buffer: response.body))
                    let expected = rules.decide(url)
                    #expect(answer.url == url)
                    #expect(answer.decision == expected.kind.name, "\(url)")
                    #expect(answer.app == expected.appID)
                    #expect(answer.rule == expected.ruleRef)
                    if answer.decision == "handled" { handled += 1 }
                }
            }
            #expect(handled > 0)
            try await client.execute(uri: "/decide", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}
