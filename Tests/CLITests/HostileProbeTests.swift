import Foundation
import TestSupport
import Testing

/// The cases of a hostile probe of the command line, each reproduced on the built tool: counts
/// near the limits of 64 bits, outputs that name inputs or links, odd files (FIFOs, names that
/// are not UTF-8), option values and compressed streams at their edges, and CSV cells meant to
/// run as formulas. `docs/reliability.md` ("Hostile probe") lists the promise each test checks.
struct HostileProbeTests {
    static let int64Max = "9223372036854775807"
    static let uint64Max = "18446744073709551615"
    static let reportFormats = ["table", "json", "csv", "html", "openmetrics", "prometheus"]

    /// A folder with an AASA file that opens `/products/*`, another that opens `/x`, and logs.
    final class Fixture {
        let folder: TemporaryFolder
        let aasa: String
        let otherAASA: String

        init() throws {
            folder = try TemporaryFolder()
            aasa = try folder.write("a.json", Self.aasa(path: "/products/*"))
            otherAASA = try folder.write("b.json", Self.aasa(path: "/x"))
        }

        static func aasa(path: String) -> String {
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"#
                + #""components":[{"/":"\#(path)"}]}]}}"#
        }

        var path: String { folder.path }

        /// Three weighted lines of Int64.max requests each: their sum is past UInt64.max.
        func hugeCounts(_ name: String = "huge.txt", lines: Int = 3) throws -> String {
            let targets = ["/products/1", "/x", "/y"]
            return try folder.write(
                name,
                (0..<lines).map { "\(HostileProbeTests.int64Max)\t\(targets[$0 % 3])\n" }.joined())
        }
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> ToolResult {
        try ToolRunner.run(arguments, stdin: stdin)
    }

    /// A run that ended by a signal (a trap is 132 or 133, an abort 134) is never right.
    static func expectNoCrash(_ result: ToolResult, _ what: String) {
        #expect(result.status < 128, "\(what): status \(result.status): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(what): \(result.stderr)")
    }
}

// MARK: - 1. Counts near 2^63 and past 2^64

extension HostileProbeTests {
    @Test(arguments: reportFormats)
    func scanWritesCountsPastUInt64MaxInEveryFormat(_ format: String) throws {
        let fixture = try Fixture()
        let log = try fixture.hugeCounts()
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--format", format, log])
        Self.expectNoCrash(result, "scan --format \(format)")
        #expect(result.status == 0)
        #expect(result.stderr.contains("reached 18,446,744,073,709,551,615"))
        if format == "json" {
            #expect(result.stdout.contains("\"lines\":3,\"requests\":\(Self.uint64Max),"))
            #expect(result.stdout.contains("\"handled\":\(Self.int64Max),"))
        }
    }

    @Test func countsAtInt64MaxAddUpExactly() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("one.txt", "\(Self.int64Max)\t/products/1\n5\t/y\n")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--format", "json", log])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"requests\":9223372036854775812,"))
        #expect(!result.stderr.contains("reached"))
    }

    @Test func hugeCountsInsideAFolderOfGoodLogsCrashNothing() throws {
        let fixture = try Fixture()
        let logs = fixture.path + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try fixture.folder.write("logs/a.log", "/products/1\n/x\n")
        _ = try fixture.hugeCounts("logs/b.txt")
        try fixture.folder.write("logs/c.log", "/products/2\n")
        for format in Self.reportFormats {
            let result = try Self.run(["scan", "--aasa", fixture.aasa, "--format", format, logs])
            Self.expectNoCrash(result, "scan of a folder, --format \(format)")
            #expect(result.status == 0)
        }
    }

    @Test(arguments: reportFormats)
    func diffWritesCountsPastUInt64MaxInEveryFormat(_ format: String) throws {
        let fixture = try Fixture()
        let log = try fixture.hugeCounts()
        let result = try Self.run([
            "diff", "--old", fixture.aasa, "--new", fixture.otherAASA, "--format", format, log,
        ])
        Self.expectNoCrash(result, "diff --format \(format)")
        #expect(result.status == 0)
        if format == "json" { #expect(result.stdout.contains(Self.uint64Max)) }
    }

    @Test(arguments: ["table", "json", "csv"])
    func suggestWritesCountsPastUInt64MaxInEveryFormat(_ format: String) throws {
        let fixture = try Fixture()
        let log = try fixture.hugeCounts(lines: 6)
        let result = try Self.run([
            "suggest", "--aasa", fixture.aasa, "--format", format, "--apply", "1", "--output",
            fixture.path + "/new.json", log,
        ])
        Self.expectNoCrash(result, "suggest --format \(format)")
        #expect(result.status == 0)
    }

    /// Merged states whose counts are already at UInt64.max stay there.
    @Test(arguments: reportFormats)
    func mergeWritesCountsAtUInt64MaxInEveryFormat(_ format: String) throws {
        let fixture = try Fixture()
        let log = try fixture.hugeCounts()
        let state = fixture.path + "/huge.state"
        let scan = try Self.run([
            "scan", "--aasa", fixture.aasa, "--format", "none", "--save-state", state, log,
        ])
        #expect(scan.status == 0)
        // The same state twice, on purpose: --allow-overlap counts it twice.
        let result = try Self.run(["merge", "--allow-overlap", "--format", format, state, state])
        Self.expectNoCrash(result, "merge --format \(format)")
        #expect(result.status == 0)
        if format == "json" {
            #expect(result.stdout.contains("\"lines\":6,\"requests\":\(Self.uint64Max),"))
        }
    }
}
