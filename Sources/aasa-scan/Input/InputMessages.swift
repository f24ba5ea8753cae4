import CLISupport
import Reports
import ScanEngine

/// What a run says on standard error about its inputs: an error per failed input, a warning
/// per skipped one (scan, diff and suggest alike).
enum InputMessages {
    static func write(_ inputs: [InputReport]) {
        for input in inputs {
            if let error = input.error {
                StandardError.line("aasa-scan: error: \(TerminalText.escaped(error))")
            } else if input.skipped {
                StandardError.line(
                    "aasa-scan: warning: skipped \(TerminalText.escaped(input.path)): "
                        + TerminalText.escaped(input.skipReason ?? "not an access log"))
            }
        }
    }
}
