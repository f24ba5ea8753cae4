import Foundation
import TestSupport
import Testing

// MARK: - 2, 3, 4. Outputs

extension HostileProbeTests {
    /// Runs the tool under bash with files limited to `kib` KiB (`ulimit -f`): a write past it
    /// fails with EFBIG, as on a full disk (SIGXFSZ ignored, so the write fails rather than
    /// killing the process).
    static func runWithFileLimit(kib: Int, _ arguments: [String], in folder: String) throws
        -> Int32
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let quoted = arguments.map { "'" + $0.replacing("'", with: "'\\''") + "'" }
        process.arguments = [
            "-c",
            "trap '' XFSZ; ulimit -f \(kib); exec '\(ToolRunner.executable.path)' "
                + quoted.joined(separator: " ") + " 2>/dev/null",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : 0
    }

    static func leftovers(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.contains(".partial-")
        }
    }

    /// A big report for a small file limit: 2,000 hosts.
    static func manyHosts(_ fixture: Fixture) throws -> String {
        try fixture.folder.write(
            "hosts.log",
            (0..<2000).map { "https://h\($0).example.com/products/\($0)\n" }.joined())
    }

    @Test func outputThroughALinkReplacesTheTargetAndTheLinkStays() throws {
        let fixture = try Fixture()
        let target = try fixture.folder.write("real.json", "old\n")
        let link = fixture.path + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--output", link, log])
        #expect(result.status == 0)
        #expect(Self.mode(link) & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{\"schema\""))
    }

    /// A write that fails half-way (the file limit stands for a full disk) leaves the old
    /// report, state or AASA file whole behind a link, and no cut file.
    @Test(arguments: ["report", "state", "aasa"])
    func aFailedWriteThroughALinkKeepsTheOldFile(_ kind: String) throws {
        let fixture = try Fixture()
        let old = String(repeating: "old contents\n", count: 10)
        let target = try fixture.folder.write("real.out", old)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path + "/link.out", withDestinationPath: "real.out")
        let log = try Self.manyHosts(fixture)
        let arguments: [String]
        switch kind {
        case "report":
            arguments = ["scan", "--aasa", "a.json", "--top", "2000", "--output", "link.out", log]
        case "state":
            arguments = [
                "scan", "--aasa", "a.json", "--format", "none", "--save-state", "link.out", log,
            ]
        default:
            // An AASA file padded past the limit, written back with a suggestion.
            let padding = String(repeating: " ", count: 4096)
            try fixture.folder.write("big.json", Fixture.aasa(path: "/products/*") + padding)
            try fixture.folder.write("x.log", "/other/1\n/other/2\n/other/3\n")
            arguments = [
                "suggest", "--aasa", "big.json", "--apply", "1", "--output", "link.out",
                "--format", "none", "x.log",
            ]
        }
        let status = try Self.runWithFileLimit(kib: 4, arguments, in: fixture.path)
        #expect(status == 2)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == old)
        #expect(try Self.leftovers(fixture.path).isEmpty)
    }

    @Test(arguments: ["./orig.json", "ABSOLUTE/orig.json", "../dir/orig.json", "link.json"])
    func suggestApplyNeverOverwritesTheOriginalAASA(_ output: String) throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(
            atPath: fixture.path + "/dir", withIntermediateDirectories: true)
        let original = try fixture.folder.write("dir/orig.json", Fixture.aasa(path: "/p/*"))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path + "/dir/link.json", withDestinationPath: "orig.json")
        try fixture.folder.write("dir/x.log", "/other/1\n/other/2\n")
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = [
            "suggest", "--aasa", "orig.json", "--apply", "1", "--format", "none", "--output",
            output.replacing("ABSOLUTE", with: fixture.path + "/dir"), "x.log",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: fixture.path + "/dir")
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(try String(contentsOfFile: original, encoding: .utf8) == Fixture.aasa(path: "/p/*"))
    }

    @Test func scanOutputOntoItsLogIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--output", log, log])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--output \(log) is the input \(log)"))
        #expect(try fixture.folder.read("in.log") == Array("/products/1\n".utf8))
    }

    @Test func scanOutputOntoALogOfAGlobIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run([
            "scan", "--aasa", fixture.aasa, "--output", log, fixture.path + "/*.log",
        ])
        #expect(result.status == 64)
        #expect(try fixture.folder.read("in.log") == Array("/products/1\n".utf8))
    }

    @Test func scanOutputOntoItsAASAFileIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--output", fixture.aasa, log])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is the AASA file"))
        #expect(try fixture.folder.read("a.json") == Array(Fixture.aasa(path: "/products/*").utf8))
    }

    @Test func mergeOutputOntoItsStateIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let state = fixture.path + "/m.state"
        _ = try Self.run([
            "scan", "--aasa", fixture.aasa, "--format", "none", "--save-state", state, log,
        ])
        let before = try fixture.folder.read("m.state")
        for option in ["--output", "--save-state"] {
            let result = try Self.run(["merge", option, state, state])
            #expect(result.status == 64, "merge \(option)")
            #expect(try fixture.folder.read("m.state") == before)
        }
    }

    @Test func diffOutputOntoItsLogIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("d.log", "/products/1\n")
        let result = try Self.run([
            "diff", "--old", fixture.aasa, "--new", fixture.otherAASA, "--output", log, log,
        ])
        #expect(result.status == 64)
        #expect(try fixture.folder.read("d.log") == Array("/products/1\n".utf8))
    }

    @Test func outputAndSaveStateOnOneFileIsAUsageError() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run([
            "scan", "--aasa", fixture.aasa, "--output", fixture.path + "/./x",
            "--save-state", fixture.path + "/x", log,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("name the same file"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/x"))
    }

    @Test func aReportKeepsTheModeOfTheFileItReplaces() throws {
        let fixture = try Fixture()
        let report = try fixture.folder.write("report.json", "old\n")
        #expect(chmod(report, 0o600) == 0)
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--output", report, log])
        #expect(result.status == 0)
        #expect(Self.mode(report) & 0o777 == 0o600)
    }

    @Test func generateNeverCutsAccessLog() throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(
            atPath: fixture.path + "/gen", withIntermediateDirectories: true)
        let log = try fixture.folder.write("gen/access.log", "kept\n")
        let status = try Self.runWithFileLimit(
            kib: 64, ["generate", "--output", "gen", "--lines", "100000"], in: fixture.path)
        #expect(status == 2)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "kept\n")
        #expect(try Self.leftovers(fixture.path + "/gen").isEmpty)
    }

    @Test func outputDashIsStandardOutput() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let result = try ToolRunner.run(
            ["scan", "--aasa", fixture.aasa, "--format", "csv", "--output", "-", log])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("section,id,"))
        #expect(!FileManager.default.fileExists(atPath: PackagePaths.root.path + "/-"))
    }
}
