import CLISupport

extension LintReport {
    /// JSON lines, one object per finding.
    package var jsonLines: String {
        findings.map { Self.json($0) + "\n" }.joined()
    }

    package static func json(_ finding: Finding) -> String {
        let diagnostic = finding.diagnostic
        let location = diagnostic.location
        let fields = [
            "\"file\":\(JSONText.quoted(finding.file))",
            "\"line\":\(location.map { String($0.line) } ?? "null")",
            "\"column\":\(location.map { String($0.column) } ?? "null")",
            "\"severity\":\"\(diagnostic.severity.rawValue)\"",
            "\"code\":\"\(diagnostic.code)\"",
            "\"path\":\(JSONText.quoted(diagnostic.path))",
            "\"message\":\(JSONText.quoted(diagnostic.message))",
            "\"hint\":\(JSONText.quoted(diagnostic.hint))",
            "\"related\":\(diagnostic.related.map(JSONText.quoted) ?? "null")",
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }
}
