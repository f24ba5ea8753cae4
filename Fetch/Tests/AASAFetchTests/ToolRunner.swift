import Foundation

/// What a run of a built executable said.
struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The `--json` report, parsed.
    func report() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        guard let report = object as? [String: Any] else { throw ReportError.notAnObject }
        return report
    }

    enum ReportError: Error { case notAnObject, noDomain }

    /// The report's first domain.
    func domain() throws -> [String: Any] {
        guard let domain = (try report()["domains"] as? [[String: Any]])?.first else {
            throw ReportError.noDomain
        }
        return domain
    }
}

/// Runs `aasa-scan-fetch` (and `aasa-scan`, when it was built beside it) as a user would.
enum ToolRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An executable beside the test bundle in the build folder, when there is one.
    static func executable(_ name: String) -> URL? {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            // Only a file: a folder of that name (the package's own link to its parent) is
            // searchable, and so looks executable too.
            var isFolder: ObjCBool = false
            if FileManager.default.isExecutableFile(atPath: candidate.path),
                FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The environment of every run: no proxy from the machine, unless a test sets one.
    static func run(
        _ arguments: [String], tool name: String = "aasa-scan-fetch",
        environment: [String: String] = [:]
    ) throws -> ToolResult {
        guard let executable = executable(name) else {
            return ToolResult(status: -1, stdout: "", stderr: "\(name) is not built")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in [
            "https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "no_proxy", "NO_PROXY",
        ] {
            env[key] = nil
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("fetch-out-\(UUID())")
        let errURL = directory.appendingPathComponent("fetch-err-\(UUID())")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return ToolResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
