import Foundation
import TestSupport
import Testing

// MARK: - 9. Exit statuses

extension HostileProbeTests {
    @Test func aNamedFileWhoseFirstLineIsLongerThanAChunkIsAnError() throws {
        let fixture = try Fixture()
        let file = try fixture.folder.write("long.txt", String(repeating: "x", count: 5000) + "\n")
        let result = try Self.run([
            "scan", "--aasa", fixture.aasa, "--chunk-kib", "4", "--format", "json", file,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("long.txt: its lines are longer than --chunk-kib (4 KiB)"))
        #expect(result.stdout.contains("\"error_code\":\"line-too-long\""))
    }

    /// A state of the former layout (`AASASTATE1`, the body without a checksum) with a count
    /// edited: refused, unless asked for.
    @Test func aLegacyStateWithoutAChecksumIsRefusedUnlessAllowed() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n/x\n")
        let state = fixture.path + "/s.state"
        _ = try Self.run([
            "scan", "--aasa", fixture.aasa, "--format", "none", "--save-state", state, log,
        ])
        let bytes = try fixture.folder.read("s.state")
        // Header (10), body length (8), body, checksum (8).
        let legacy = try fixture.folder.write(
            "legacy.state", Array("AASASTATE1".utf8) + bytes[18..<(bytes.count - 8)])
        let refused = try Self.run(["merge", "--format", "json", legacy])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--allow-unverified-state"))
        #expect(refused.stdout.isEmpty)
        let allowed = try Self.run([
            "merge", "--allow-unverified-state", "--format", "json", legacy,
        ])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains("\"lines\":2,\"requests\":2,"))
    }

    /// The AASA file comes through a FIFO once: the scan and its saved state share the bytes.
    @Test func anAASAFileFromAFIFOIsReadOnceForTheStateToo() throws {
        let fixture = try Fixture()
        let fifo = fixture.path + "/aasa.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat '\(fixture.aasa)' > '\(fifo)'"]
        try writer.run()
        let log = try fixture.folder.write("in.log", "/products/1\n/x\n")
        let state = fixture.path + "/s.state"
        let result = try Self.run([
            "scan", "--aasa", fifo, "--format", "json", "--save-state", state, log,
        ])
        writer.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"handled\":1,"))
        let merged = try Self.run(["merge", "--format", "json", state])
        #expect(merged.status == 0)
        #expect(merged.stdout.contains("\"handled\":1,"))
    }

    @Test func aasaDashReadsTheFileFromStandardInput() throws {
        let fixture = try Fixture()
        let log = try fixture.folder.write("in.log", "/products/1\n/x\n")
        let result = try Self.run(
            ["scan", "--aasa", "-", "--format", "json", log],
            stdin: Data(Fixture.aasa(path: "/products/*").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"handled\":1,"))
        let match = try Self.run(
            ["match", "--aasa", "-", "/products/9"],
            stdin: Data(Fixture.aasa(path: "/products/*").utf8))
        #expect(match.status == 0)
        #expect(match.stdout.hasPrefix("handled"))
    }

    @Test(arguments: [["scan", "--aasa", "-"], ["scan", "--aasa", "-", "-"]])
    func aasaDashWithLogsFromStandardInputIsAUsageError(_ arguments: [String]) throws {
        let result = try Self.run(arguments, stdin: Data("/products/1\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr.contains("would both read standard input"))
    }

    @Test(arguments: ["0", "257", "20000"])
    func workersBeyondTheMaximumIsAUsageError(_ workers: String) throws {
        let fixture = try Fixture()
        let result = try Self.run(
            ["scan", "--aasa", fixture.aasa, "--workers", workers, "-"],
            stdin: Data("/products/1\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr.contains("--workers must be between 1 and 256"))
    }

    /// A value checked only once the command runs is still a usage error of that command: it
    /// shows that command's usage, as the parser does, not the list of commands.
    @Test(arguments: ["scan", "suggest", "diff"])
    func aValueCheckedWhileRunningShowsItsCommandsUsage(_ command: String) throws {
        let fixture = try Fixture()
        let rules =
            command == "diff"
            ? ["--old", fixture.aasa, "--new", fixture.aasa] : ["--aasa", fixture.aasa]
        let result = try Self.run(
            [command] + rules + ["--workers", "0", "-"], stdin: Data("/products/1\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --workers must be between 1 and 256."))
        #expect(result.stderr.contains("\nUsage: aasa-scan \(command) [<options>]"))
        #expect(result.stderr.contains("See 'aasa-scan \(command) --help' for more information."))
        #expect(!result.stderr.contains("<subcommand>"))
    }

    @Test(arguments: ["0x1p6", "1e2", "inf", "nan", "+5", "1.2.3", "0x40"])
    func percentagesAreDecimalNumbersOnly(_ value: String) throws {
        let fixture = try Fixture()
        let result = try Self.run(
            ["scan", "--aasa", fixture.aasa, "--min-coverage", value, "--format", "none", "-"],
            stdin: Data("/products/1\n".utf8))
        #expect(result.status == 64, "--min-coverage \(value)")
    }

    @Test func aDecimalPercentageStillGates() throws {
        let fixture = try Fixture()
        let result = try Self.run(
            ["scan", "--aasa", fixture.aasa, "--min-coverage", "50.5%", "--format", "none", "-"],
            stdin: Data("/products/1\n/x\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("below --min-coverage 50.5%"))
    }

    @Test func gzipWithTrailingZeroPaddingReadsAsGzipReadsIt() throws {
        let fixture = try Fixture()
        let log = fixture.path + "/padded.log.gz"
        try Shell.run(
            "printf '/products/1\\n/x\\n' | gzip -c > '\(log)'; head -c 1000 /dev/zero >> '\(log)'"
                + "; gzip -t '\(log)'")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--format", "json", log])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"lines\":2,\"requests\":2,"))
    }

    @Test(.enabled(if: Shell.hasTool("zstd"), "zstd is not installed"))
    func aZstdFrameWithATooLargeWindowIsExplained() throws {
        let fixture = try Fixture()
        let log = fixture.path + "/wide.log.zst"
        // From a pipe, zstd keeps the window asked for (1 GiB) whatever the input's size.
        try Shell.run("printf '/products/1\\n' | zstd -q --zstd=wlog=30 -c > '\(log)'")
        let result = try Self.run(["scan", "--aasa", fixture.aasa, "--format", "none", log])
        #expect(result.status == 2)
        #expect(result.stderr.contains("window-too-large"))
        #expect(
            result.stderr.contains(
                "a frame needs a window of 1 GiB, 8 times larger than the 128 MiB this decoder "
                    + "allows"))
        #expect(result.stderr.contains("zstd -dc --long=31"))
    }
}
