/// How a command ends when it does not succeed: the exit status and the line that says why.
///
/// Thrown from a command's `run()`; `AASAScan.main` writes `aasa-scan: ` and the message on
/// standard error, then exits with the status (`DESIGN.md`: 1 a gate failed, 2 an input or
/// runtime error). A failure without a message ends quietly: what went wrong was written
/// before (the errors of each input, for example).
package struct CommandFailure: Error, Equatable {
    /// The exit status.
    package var status: Int32
    /// The line after `aasa-scan: `, its untrusted parts already escaped; nil when the
    /// reasons were written before.
    package var message: String?

    /// An input or runtime error: status 2.
    package static func inputError(_ message: String? = nil) -> CommandFailure {
        CommandFailure(status: 2, message: message)
    }

    /// `aasa-scan: error: MESSAGE`, status 2: what most input errors write.
    package static func error(_ message: String) -> CommandFailure {
        inputError("error: " + message)
    }

    /// A gate the user asked for failed: status 1.
    package static func gateFailed(_ message: String? = nil) -> CommandFailure {
        CommandFailure(status: 1, message: message)
    }

    /// Writes the message, if any, on standard error.
    package func report() {
        if let message { StandardError.line("aasa-scan: " + message) }
    }
}
