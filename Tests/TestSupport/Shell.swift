import Foundation

/// Shell scripts for fixtures (the `zstd` and `gzip` tools make the compressed ones), run by
/// bash with `-euo pipefail` so that a failed step fails the script.
public enum Shell {
    /// A script that ended with a non-zero status.
    public struct Failure: Error, CustomStringConvertible {
        public var script: String
        public var status: Int32
        public var description: String { "shell script failed (status \(status)): \(script)" }
    }

    /// The exit status of `script`.
    @discardableResult
    public static func status(_ script: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-euo", "pipefail", "-c", script]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `script`, throwing when it fails.
    public static func run(_ script: String) throws {
        let status = try status(script)
        if status != 0 { throw Failure(script: script, status: status) }
    }

    /// Whether a command-line tool is on the `PATH`.
    public static func hasTool(_ name: String) -> Bool {
        (try? status("command -v '\(name)' >/dev/null 2>&1")) == 0
    }
}
