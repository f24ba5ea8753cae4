import CLISupport

extension LintReport {
    /// One line per finding: `FILE:LINE:COLUMN: SEVERITY CODE PATH: MESSAGE (hint: HINT)`,
    /// untrusted text escaped for the terminal.
    package var text: String {
        findings.map { Self.line($0) + "\n" }.joined()
    }

    package static func line(_ finding: Finding) -> String {
        let diagnostic = finding.diagnostic
        let location = diagnostic.location.map { "\($0.line):\($0.column):" } ?? ""
        return "\(TerminalText.escaped(finding.file)):\(location) \(diagnostic.severity.rawValue) "
            + "\(diagnostic.code) \(TerminalText.escaped(diagnostic.path)): "
            + "\(TerminalText.escaped(diagnostic.message)) (hint: \(TerminalText.escapedKeepingBackslashes(diagnostic.hint)))"
    }
}
