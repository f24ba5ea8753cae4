import Foundation
import TestSupport
import Testing

/// AASA files written to break a tool, given to the commands as a user would: each gets a
/// clear error (status 2, naming the file and the limit) or its correct answer.
struct HostileAASATests {
    static func write(_ text: String, in folder: TemporaryFolder) throws -> URL {
        URL(fileURLWithPath: try folder.write("aasa.json", text))
    }

    static func aasa(_ components: String, variables: String = "{}") -> String {
        #"{"applinks": {"substitutionVariables": \#(variables), "details": [{"appIDs": ["ABCDE12345.a"], "components": [\#(components)]}]}}"#
    }

    @Test func nestingTooDeepIsAnErrorWithItsPosition() throws {
        let temporary = try TemporaryFolder()
        let file = try Self.write(
            Self.aasa(#"{"/": "/x", "comment": \#(String(repeating: "[", count: 100_000))"#),
            in: temporary)
        let result = try ToolRunner.run(["match", "--aasa", file.path, "/x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(":1:"))
        #expect(result.stderr.contains("nesting deeper than 512 levels"))
    }

    @Test func tenThousandDigitNumbersAreWrongTypesNotCrashes() throws {
        let digits = String(repeating: "9", count: 10_000)
        let temporary = try TemporaryFolder()
        let file = try Self.write(
            Self.aasa(#"{"/": "/x", "exclude": \#(digits)e\#(digits)}"#), in: temporary)
        let match = try ToolRunner.run(["match", "--aasa", file.path, "/x"])
        #expect(match.status == 0)
        #expect(match.lines == ["handled\tABCDE12345.a\tdetails[0].components[0]\t/x"])
        let lint = try ToolRunner.run(["lint", file.path])
        #expect(lint.stdout.contains("AASA102 applinks.details[0].components[0].exclude"))
    }

    @Test func aFileOverTheReadLimitIsRefused() throws {
        let big = String(repeating: "a", count: 16 << 20)
        let temporary = try TemporaryFolder()
        let file = try Self.write(Self.aasa(#"{"/": "/x", "comment": "\#(big)"}"#), in: temporary)
        for command in [["match", "--aasa", file.path, "/x"], ["lint", file.path]] {
            let result = try ToolRunner.run(command)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty == (command[0] == "match"))
            #expect((result.stderr + result.stdout).contains("larger than 16 MiB"))
        }
    }

    @Test func rulesThatCompileTooLargeAreRefusedNamingTheRule() throws {
        let chain = String(repeating: "$(v)", count: 30_000)
        let temporary = try TemporaryFolder()
        let file = try Self.write(
            Self.aasa(#"{"/": "/ok"}, {"/": "/a\#(chain)"}"#, variables: #"{"v": ["", "a"]}"#),
            in: temporary)
        let result = try ToolRunner.run(["match", "--aasa", file.path, "/ok"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("rule details[0].components[1] and those before it"))
        let scan = try ToolRunner.run(
            ["scan", "--aasa", file.path, "-"], stdin: Data("/ok\n".utf8))
        #expect(scan.status == 2)
        #expect(scan.stdout.isEmpty)
    }

    /// `--debug` reports how long reading and compiling took and how much automaton was built.
    @Test func debugReportsCompileTimeAndSize() throws {
        let result = try ToolRunner.run(
            ["scan", "--debug", "--aasa", PackagePaths.bundledData("example.com.aasa.json"), "-"],
            stdin: Data("/buy/1\n".utf8))
        #expect(result.status == 0)
        let line = result.stderr.split(separator: "\n").first { $0.contains("compiled in") } ?? ""
        #expect(line.contains(" rules read in "))
        #expect(line.contains(" edges (at most 1,000,000 and 16,000,000)"))
    }

    /// An AASA file may come from a FIFO or `/dev/stdin`: it has no size to read first.
    @Test func anAASAFileFromStandardInputIsRead() throws {
        let bytes = try Data(
            contentsOf: URL(fileURLWithPath: PackagePaths.bundledData("example.com.aasa.json")))
        let result = try ToolRunner.run(["match", "--aasa", "/dev/stdin", "/buy/1"], stdin: bytes)
        #expect(result.status == 0)
        #expect(
            result.lines == [
                "handled\tABCDE12345.com.example.shop\tdetails[0].components[2]\t/buy/1"
            ])
    }
}
