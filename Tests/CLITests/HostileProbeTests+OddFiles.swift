import Foundation
import TestSupport
import Testing

// MARK: - 7, 8. Odd files: FIFOs, names that are not UTF-8

extension HostileProbeTests {
    /// Runs the tool and stops it after `seconds`: a run that had to be stopped is a hang.
    static func runWithin(
        _ seconds: Double, _ arguments: [String], in folder: String? = nil
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = try TemporaryFolder()
        let out = try output.write("out", "")
        let err = try output.write("err", "")
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let hung = process.isRunning
        if hung {
            process.terminate()
            process.waitUntilExit()
        }
        return (
            hung ? nil : process.terminationStatus,
            String(decoding: try output.read("out"), as: UTF8.self),
            String(decoding: try output.read("err"), as: UTF8.self)
        )
    }

    /// A writer that sends `file` into `fifo` once (it waits for a reader).
    static func feed(_ fifo: String, from file: String) throws -> Process {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat '\(file)' > '\(fifo)'"]
        try writer.run()
        return writer
    }

    @Test func aFIFOMatchedByAGlobIsLeftOutAsInAFolder() throws {
        let fixture = try Fixture()
        try fixture.folder.write("a.log", "/products/1\n")
        #expect(mkfifo(fixture.path + "/b.log", 0o600) == 0)
        for input in [fixture.path + "/*.log", fixture.path] {
            let result = try Self.runWithin(
                20, ["scan", "--aasa", fixture.aasa, "--format", "json", input])
            #expect(result.status == 0, "\(input) hung or failed: \(result.stderr)")
            #expect(result.stdout.contains("\"lines\":1,\"requests\":1,"))
            #expect(!result.stdout.contains("b.log"))
        }
    }

    @Test func diffReadsOneFIFOGivenAsOldAndNewOnce() throws {
        let fixture = try Fixture()
        let fifo = fixture.path + "/aasa.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = try Self.feed(fifo, from: fixture.aasa)
        let log = try fixture.folder.write("in.log", "/products/1\n/x\n")
        let result = try Self.runWithin(
            20, ["diff", "--old", fifo, "--new", fifo, "--format", "json", log])
        writer.waitUntilExit()
        #expect(result.status == 0, "hung or failed: \(result.stderr)")
        #expect(result.stdout.contains("\"lost\":{\"requests\":0,\"old_handled\":1,"))
    }

    @Test func aLogFIFONamedTwiceIsReadOnce() throws {
        let fixture = try Fixture()
        let fifo = fixture.path + "/log.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let log = try fixture.folder.write("in.log", "/products/1\n")
        let writer = try Self.feed(fifo, from: log)
        let result = try Self.runWithin(
            20, ["scan", "--aasa", fixture.aasa, "--format", "json", fifo, fifo])
        writer.waitUntilExit()
        #expect(result.status == 2, "hung or failed: \(result.stderr)")
        #expect(result.stderr.contains("named before: a FIFO or device is read once"))
        #expect(result.stdout.contains("\"lines\":1,\"requests\":1,"))
    }

    /// Runs a bash script in `folder` with the tool as `$TOOL`: bash can name bytes that are not
    /// UTF-8 (`$'\xff'`), which Foundation's arguments cannot.
    static func bash(_ script: String, in folder: String) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["TOOL": ToolRunner.executable.path, "PATH": "/usr/bin:/bin"]
        let output = try TemporaryFolder()
        let out = try output.write("out", "")
        let err = try output.write("err", "")
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: try output.read("out"), as: UTF8.self),
            String(decoding: try output.read("err"), as: UTF8.self)
        )
    }

    @Test(arguments: ["logs", "'logs/'*.log", "$'logs/a\\xff.log' logs/b.log"])
    func aLogWhoseNameIsNotUTF8IsReadAndListed(_ inputs: String) throws {
        let fixture = try Fixture()
        let result = try Self.bash(
            "mkdir logs && printf '/products/1\\n' > $'logs/a\\xff.log' && printf '/x\\n' > logs/b.log"
                + " && \"$TOOL\" scan --aasa a.json --format json \(inputs)",
            in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"complete\":true"))
        #expect(result.stdout.contains(#"{"path":"logs/a\\xff.log","#))
        #expect(result.stdout.contains("\"lines\":2,\"requests\":2,"))
        #expect(!result.stderr.contains("skipped"))
    }

    @Test func aNameThatIsNotUTF8IsShownEscaped() throws {
        let fixture = try Fixture()
        let result = try Self.bash(
            "\"$TOOL\" scan --aasa a.json --format csv $'missing\\xfe.log'", in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing\\xfe.log"))
        #expect(!result.stderr.contains("\u{FFFD}"))
    }

    @Test func aReportWhoseNameIsNotUTF8IsWrittenThere() throws {
        let fixture = try Fixture()
        let result = try Self.bash(
            "printf '/products/1\\n' > in.log && \"$TOOL\" scan --aasa a.json --format csv "
                + "--output $'r\\xfd.csv' in.log && head -c 7 $'r\\xfd.csv'",
            in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "section")
    }
}
