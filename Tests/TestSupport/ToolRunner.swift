import Foundation
import LibC

/// What the built `aasa-scan` said and how it ended.
public struct ToolResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// The lines of standard output, without the empty one after the last newline.
    public var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Runs the built `aasa-scan` executable, as a user would, and captures what it says.
public enum ToolRunner {
    /// The executable sits beside the test bundle in the build folder.
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: executablePath() ?? CommandLine.arguments[0])
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("aasa-scan")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return PackagePaths.root.appendingPathComponent(".build/debug/aasa-scan")
    }()

    /// Runs the tool in the package root with these arguments, standard input and extra
    /// environment variables (after removing those named in `unsetting`), and waits for it to
    /// end. Standard input is closed `holdingInputOpen` seconds after `stdin` is written, as
    /// a slow producer would.
    public static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        unsetting: [String] = [], holdingInputOpen: Double = 0
    ) throws -> ToolResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = PackagePaths.root
        var env = ProcessInfo.processInfo.environment
        for key in unsetting { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to files: no pipe can fill up and stall the child.
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("aasa-out-\(UUID())")
        let errURL = directory.appendingPathComponent("aasa-err-\(UUID())")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // A tool that stops reading early must not take the test process down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        if holdingInputOpen > 0 { Thread.sleep(forTimeInterval: holdingInputOpen) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return ToolResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
