import Foundation
import TestSupport
import Testing

/// `match -` reads URL lists as `scan` reads logs: bytes as they are, any line end, and
/// bounded memory whatever the length of a line.
struct MatchStandardInputTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    /// A byte that is not UTF-8 is percent-encoded as one byte (`%E9`, three characters), as
    /// `scan` does, not replaced by U+FFFD (nine): `/id/a\xE9` has four characters.
    @Test func invalidUTF8IsDecidedAsScanDecidesIt() throws {
        let line = Array("/id/a".utf8) + [0xE9, 0x0A]
        let match = try ToolRunner.run(["match", "--aasa", aasa, "-"], stdin: Data(line))
        #expect(match.status == 0)
        #expect(
            match.lines == [
                "handled\tABCDE12345.com.example.shop\tdetails[0].components[3]\t/id/a\\xe9"
            ])
        let scan = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--format", "csv", "--log-format", "url", "-"],
            stdin: Data(line))
        #expect(scan.lines.contains("total,handled,,,,,1,0,,"))
        let json = try ToolRunner.run(["match", "--aasa", aasa, "--json", "-"], stdin: Data(line))
        #expect(json.stdout.contains(#""url":"/id/a%E9""#))
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndEndsALine(_ end: String) throws {
        let text =
            ["/buy/1", "/id/4815", "# a comment", "", "/nothing"].joined(separator: end) + end
        let result = try ToolRunner.run(["match", "--aasa", aasa, "-"], stdin: Data(text.utf8))
        #expect(result.status == 0)
        #expect(
            result.lines.map { String($0.split(separator: "\t")[0]) } == [
                "handled", "handled", "unmatched",
            ])
    }

    /// A line over 1 MiB is not decided: an error names its line number, the other lines are
    /// answered, and the status says the input was not all decided.
    @Test func aLineOverTheLimitIsAnErrorForThatLine() throws {
        let long = "/buy/" + String(repeating: "x", count: (1 << 20) + 10)
        let text = "/buy/1\n\(long)\n/id/4815\n"
        let result = try ToolRunner.run(["match", "--aasa", aasa, "-"], stdin: Data(text.utf8))
        #expect(result.status == 2)
        #expect(result.lines.count == 2)
        #expect(result.lines.last?.hasSuffix("\t/id/4815") == true)
        #expect(result.stderr.contains("line 2 of standard input is longer than 1048576 bytes"))
    }
}
