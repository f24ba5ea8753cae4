import Foundation
import TestSupport
import Testing

/// Output that cannot be written: a full disk is an error (status 2, a message), a reader that
/// goes away is a quiet success, and `--output` never leaves a cut report behind or puts a
/// plain file where a FIFO was.
struct OutputFailureTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    /// Runs a bash pipeline; returns the exit statuses of its commands and its stderr.
    func pipeline(_ script: String) throws -> (statuses: [Int32], stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script + "; echo \"${PIPESTATUS[@]}\" >&2"]
        process.currentDirectoryURL = PackagePaths.root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let last = text.split(separator: "\n").last ?? ""
        return (last.split(separator: " ").compactMap { Int32($0) }, text)
    }

    /// The tool as a shell starts it: with `SIGPIPE` at its default action (this test process
    /// ignores it, and children would inherit that).
    var tool: String { "env --default-signal=PIPE '\(ToolRunner.executable.path)'" }

    /// A log of 20,000 requests on as many hosts: its reports are far larger than a pipe holds.
    func bigLog() throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let text = (0..<20_000).map { "https://h\($0).example.com/buy/\($0)" }.joined(
            separator: "\n")
        return (folder, try folder.write("urls.log", text + "\n"))
    }

    @Test(arguments: ["json", "csv", "table"])
    func aFullDiskIsAnErrorWithAMessage(_ format: String) throws {
        let (folder, log) = try bigLog()
        _ = folder
        let result = try pipeline(
            "\(tool) scan --aasa '\(aasa)' --format \(format) --top 20000 '\(log)' > /dev/full")
        #expect(result.statuses == [2])
        #expect(result.stderr.contains("cannot write to standard output: No space left on device"))
    }

    @Test func matchOnAFullDiskIsAnErrorToo() throws {
        let result = try pipeline("\(tool) match --aasa '\(aasa)' /buy/1 > /dev/full")
        #expect(result.statuses == [2])
        #expect(result.stderr.contains("No space left on device"))
    }

    /// `| head` closes the pipe in the middle of the report: status 0, nothing on stderr.
    @Test(arguments: ["json", "csv", "table"])
    func aClosedPipeIsAQuietSuccess(_ format: String) throws {
        let (folder, log) = try bigLog()
        _ = folder
        let result = try pipeline(
            "\(tool) scan --aasa '\(aasa)' --format \(format) --top 20000 '\(log)' | head -c 10")
        #expect(result.statuses == [0, 0])
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func matchIntoAClosedPipeIsAQuietSuccess() throws {
        let result = try pipeline(
            "seq 1 300000 2>/dev/null | sed 's|^|/buy/|' 2>/dev/null "
                + "| \(tool) match --aasa '\(aasa)' - | head -n 2")
        // seq and sed may die of SIGPIPE once match has stopped reading; match itself ends 0.
        #expect(result.statuses.count == 4)
        #expect(result.statuses.dropFirst(2) == [0, 0])
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// Warnings on a standard error that was closed do not kill the process either (they are
    /// written before the report, so before anything else ignored the signal).
    @Test func aClosedStandardErrorIsNoSignal() throws {
        let folder = try TemporaryFolder()
        // Paths without a host, and only a DOMAIN=FILE association: a warning says so.
        let log = try folder.write("paths.log", "/buy/1\n/buy/2\n")
        let result = try pipeline(
            "\(tool) scan --aasa 'example.com=\(aasa)' --format csv '\(log)' 2>&1 >/dev/null "
                + "| true")
        #expect(result.statuses == [0, 0])
    }

    /// `--output` to a FIFO writes into it: the FIFO stays a FIFO.
    @Test func outputIntoAFIFOStaysAFIFO() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = folder.path + "/received.csv"
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(received)'"]
        try reader.run()
        let result = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--format", "csv", "--output", fifo, "-"],
            stdin: Data("/buy/1\n".utf8))
        reader.waitUntilExit()
        #expect(result.status == 0)
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        let text = try String(contentsOfFile: received, encoding: .utf8)
        #expect(text.contains("total,handled,,,,,1,0"))
    }

    /// `--output FILE` replaces the file whole, with ordinary permissions; a file that cannot
    /// be written is an error and leaves nothing behind.
    @Test func outputFilesAreWrittenWholeOrNotAtAll() throws {
        let folder = try TemporaryFolder()
        let report = try folder.write("report.json", "old contents\n")
        let result = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--output", report, "-"], stdin: Data("/buy/1\n".utf8))
        #expect(result.status == 0)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #expect(text.hasPrefix("{\"schema\":\"aasa-scan.report/1\",\"complete\":true"))
        let attributes = try FileManager.default.attributesOfItem(atPath: report)
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o644 == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
        let missing = folder.path + "/no/such/folder/report.json"
        let failed = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--output", missing, "-"], stdin: Data("/buy/1\n".utf8))
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("cannot write \(missing): No such file or directory"))
        let state = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--format", "none", "--save-state", missing, "-"],
            stdin: Data("/buy/1\n".utf8))
        #expect(state.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
    }

    /// `suggest --apply N --output NEW.json` writes the new AASA file as reports are written:
    /// a full disk, a missing folder or a folder in the way is status 2 with a message, no
    /// report, and no file left behind; a good path gets the whole file and nothing else.
    @Test func suggestWritesItsNewFileWholeOrNotAtAll() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write("aasa.json", SuggestCommandTests.aasa)
        let log = try folder.write("access.log", SuggestCommandTests.Traffic().log)
        let taken = folder.path + "/taken"
        try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
        func suggest(_ output: String) throws -> ToolResult {
            try ToolRunner.run([
                "suggest", "--aasa", aasa, "--apply", "1", "--output", output, "--format", "json",
                "--quiet", log,
            ])
        }
        for (output, reason) in [
            ("/dev/full", "No space left on device"),
            (folder.path + "/no/such/folder/new.json", "No such file or directory"),
            (taken, "Is a directory"),
        ] {
            let result = try suggest(output)
            #expect(result.status == 2, "\(output)")
            #expect(
                result.stderr.contains("cannot write \(output): \(reason)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(output)")
        }
        let manager = FileManager.default
        let files = ["aasa.json", "access.log"]
        #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == files + ["taken"])
        #expect(try manager.contentsOfDirectory(atPath: taken).isEmpty)

        let written = try suggest(folder.path + "/new.json")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.hasPrefix("{\"schema\":\"aasa-scan.suggest/1\""))
        #expect(
            try manager.contentsOfDirectory(atPath: folder.path).sorted()
                == files + ["new.json", "taken"])
        let text = try String(contentsOfFile: folder.path + "/new.json", encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"applinks\""))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("{\"/\": \"/products/*\"}"))
        let attributes = try manager.attributesOfItem(atPath: folder.path + "/new.json")
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o644 == 0o644)
    }
}
