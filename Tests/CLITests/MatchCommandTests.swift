import Foundation
import TestSupport
import Testing

/// `aasa-scan match`, `explain` and `lint` run as a user runs them.
struct MatchCommandTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    /// Decisions for the bundled sample, worked out by hand from SEMANTICS.md against
    /// data/example.com.aasa.json (rule numbers are positions in that file).
    static let expected: [(String, String)] = [
        (
            "https://example.com/buy/42",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[2]"
        ),
        (
            "https://example.com/buy",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[2]"
        ),
        ("https://example.com/buyer", "unmatched\t-\t-"),
        ("https://example.com/buy/internal/report", "excluded\t-\tdetails[0].components[1]"),
        (
            "https://example.com/id/4815",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[3]"
        ),
        ("https://example.com/id/481", "unmatched\t-\t-"),
        (
            "https://example.com/en_US/pizza/",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[4]"
        ),
        ("https://example.com/UK/pizza/", "unmatched\t-\t-"),
        (
            "https://example.com/SEARCH/?q=shoes",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[5]"
        ),
        ("https://example.com/search/?q=shoes&debug=1", "unmatched\t-\t-"),
        (
            "https://example.com/caf%C3%A9/menu",
            "handled\tABCDE12345.com.example.shop\tdetails[0].components[6]"
        ),
        ("https://example.com/help/faq#top", "unmatched\t-\t-"),
        (
            "https://example.com/buy/42?no_universal_links=1",
            "excluded\t-\tdetails[0].components[0]"
        ),
        (
            "https://example.com/sport/results",
            "handled\tABCDE12345.com.example.news\tdetails[1].components[0]"
        ),
        (
            "https://example.com/promo?utm_source=mail&x=1",
            "handled\tABCDE12345.com.example.news\tdetails[1].components[1]"
        ),
        ("/legacy/private/keys", "excluded\t-\tdetails[2].paths[0]"),
        ("ftp://example.com/buy/1", "unmatched\t-\t-"),
    ]

    @Test func decisionsForTheBundledSample() throws {
        let result = try ToolRunner.run(["match", "--aasa", aasa] + Self.expected.map(\.0))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == Self.expected.map { "\($0.1)\t\($0.0)" })
    }

    @Test func readsStandardInput() throws {
        let input = Self.expected.map(\.0).joined(separator: "\r\n") + "\r\n"
        let result = try ToolRunner.run(["match", "--aasa", aasa, "-"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.lines == Self.expected.map { "\($0.1)\t\($0.0)" })
    }

    /// Guards issue 9.7: standard input is read as a URL list is by `scan`: blanks around a
    /// URL are trimmed, blank lines give no row, and a target that is neither a path nor an
    /// absolute URL is warned about, once.
    @Test func standardInputIsReadAsAURLList() throws {
        let input = "  https://example.com/buy/1 \t\n\n   \n\t/id/4815\r\nare.na/blog/x\nfoo/bar\n"
        let result = try ToolRunner.run(["match", "--aasa", aasa, "-"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        #expect(
            result.lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" } == [
                "https://example.com/buy/1", "/id/4815", "are.na/blog/x", "foo/bar",
            ])
        #expect(result.lines.first?.hasPrefix("handled") == true)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'are.na/blog/x' neither starts with /") == true)
    }

    @Test func domainRestrictsHosts() throws {
        let urls = [
            "https://example.com/buy/1", "https://EXAMPLE.com:443/buy/1", "https://evil.test/buy/1",
            "https://example.com:8443/buy/1", "https://shop.example.com/buy/1", "/buy/1",
        ]
        let plain = try ToolRunner.run(["match", "--aasa", aasa, "--domain", "example.com"] + urls)
        #expect(
            plain.lines.map { $0.split(separator: "\t")[0] } == [
                "handled", "handled", "unmatched", "unmatched", "unmatched", "handled",
            ])
        let wildcard = try ToolRunner.run(
            ["match", "--aasa", aasa, "--domain", "*.example.com"] + urls)
        #expect(
            wildcard.lines.map { $0.split(separator: "\t")[0] } == [
                "unmatched", "unmatched", "unmatched", "unmatched", "handled", "handled",
            ])
    }

    @Test func perAppListsEachDecidedApp() throws {
        let result = try ToolRunner.run([
            "match", "--aasa", aasa, "--per-app", "/buy/1", "/nothing",
        ])
        #expect(
            result.lines == [
                "handled\tABCDE12345.com.example.shop\tdetails[0].components[2]\t/buy/1",
                "handled\tABCDE12345.com.example.shop.beta\tdetails[0].components[2]\t/buy/1",
                "unmatched\t-\t-\t/nothing",
            ])
    }

    @Test func jsonLinesAreValidJSON() throws {
        let result = try ToolRunner.run(["match", "--aasa", aasa, "--json", "/buy/1", "/x\u{1}y"])
        let objects = try result.lines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(objects.count == 2)
        #expect(objects[0]["decision"] as? String == "handled")
        #expect(objects[0]["rule"] as? String == "details[0].components[2]")
        #expect(objects[0]["pattern"] as? String == "{\"/\": \"/buy/*\"}")
        #expect(objects[1]["url"] as? String == "/x\u{1}y")
        #expect(objects[1]["app"] is NSNull)
    }

    @Test func controlCharactersAreEscaped() throws {
        let result = try ToolRunner.run(["match", "--aasa", aasa, "/a\u{1B}[31mred\tx\u{202E}"])
        #expect(result.lines == ["unmatched\t-\t-\t/a\\x1b[31mred\\x09x\\u{202e}"])
    }

    @Test func explainNamesTheDecidingRule() throws {
        let result = try ToolRunner.run([
            "explain", "--aasa", aasa, "https://example.com/buy/internal/x",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("details[0].components[0]"))
        #expect(result.stdout.contains("no: query does not match"))
        #expect(result.stdout.contains("MATCH, exclude"))
        #expect(result.lines.last == "decision: excluded\t-\tdetails[0].components[1]")
    }

    /// The trace shows, per rule, the text it compared and how it read it, and each item of a
    /// query dictionary, absent ones read as "".
    @Test func explainShowsTheTextsCompared() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("wiki.json")
        try Data(
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.wiki"], "components": [
              {"/": "/wiki/Special:*", "exclude": true},
              {"/": "/go", "?": {"url": "*"}},
              {"/": "/wiki/*"}]}]}}
            """##.utf8
        ).write(to: file)
        let special = try ToolRunner.run([
            "explain", "--aasa", file.path, "/wiki/Special%3ASearch",
        ])
        #expect(
            special.stdout.contains(
                #"path      "wiki/Special%3ASearch" (as written) against "wiki/Special:*""#))
        #expect(
            special.lines.last == "decision: handled\tABCDE12345.wiki\tdetails[0].components[2]")
        let go = try ToolRunner.run(["explain", "--aasa", file.path, "/go"])
        #expect(go.stdout.contains(#"query     item "url": absent, read as "" against "*""#))
        #expect(go.lines.last == "decision: handled\tABCDE12345.wiki\tdetails[0].components[1]")
    }

    @Test func usageErrorsExit64() throws {
        #expect(try ToolRunner.run(["match", "/x"]).status == 64)
        #expect(try ToolRunner.run(["match", "--aasa", aasa]).status == 64)
        #expect(
            try ToolRunner.run(["match", "--aasa", aasa, "--domain", "a:b", "/x"]).status == 64)
        #expect(try ToolRunner.run(["nonsense"]).status == 64)
    }

    @Test func brokenJSONExits2NamingFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        let directory = folder.url
        let file = directory.appendingPathComponent("broken.json")
        try Data("{\n  \"applinks\": {\"details\": [],}\n}\n".utf8).write(to: file)
        let result = try ToolRunner.run(["match", "--aasa", file.path, "/x"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("broken.json:2:"))
        #expect(result.stderr.contains("trailing comma"))
        let missing = try ToolRunner.run([
            "match", "--aasa", directory.appendingPathComponent("none").path, "/x",
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("none"))
    }

    @Test func brokenPipeIsNotAnError() throws {
        let urls = String(repeating: "/buy/1\n", count: 200_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // With pipefail the pipeline's status is the tool's: 141 if SIGPIPE killed it.
        process.arguments = [
            "-c",
            "set -o pipefail; '\(ToolRunner.executable.path)' match --aasa '\(aasa)' - | head -n 1 >/dev/null",
        ]
        let input = Pipe()
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The tool may stop reading once `head` has gone: a write error here is expected.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(urls.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
