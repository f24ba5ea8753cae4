import Foundation
import TestSupport
import Testing

/// Guards issue 9.9: `lint` reads `-` like the other commands, turns a URL away with the way
/// to get the file, and prints hints with the backslashes they mean.
struct LintInputTests {
    /// Standard input, what it holds, the exit status and a piece of standard output.
    static let stdinRows: [(input: String, status: Int32, output: String)] = [
        (#"{"applinks":{"details":[{"appID":"ABCDE12345.a","paths":["/a"]}]}}"#, 0, ""),
        (#"{"applinks":{"details":[],}}"#, 2, "-:1:"),
        (
            #"{"applinks": {"details": [{"appID": "A\q"}]}}"#, 2,
            #"(hint: valid escapes are \" \\ \/ \b"#
        ),
    ]

    @Test(arguments: stdinRows)
    func readsStandardInput(_ input: String, _ status: Int32, _ output: String) throws {
        let result = try ToolRunner.run(["lint", "-"], stdin: Data(input.utf8))
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        #expect(output.isEmpty || result.stdout.contains(output), "\(result.stdout)")
        #expect(!result.stderr.contains("no such file"))
    }

    @Test(arguments: [
        "https://en.wikipedia.org/.well-known/apple-app-site-association",
        "HTTP://example.com/apple-app-site-association",
    ])
    func aURLIsTurnedAwayWithTheWayToFetchIt(_ url: String) throws {
        let result = try ToolRunner.run(["lint", url])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a URL") && result.stderr.contains("curl -fsSL"))
        #expect(!result.stdout.contains("no such file"))
    }
}
