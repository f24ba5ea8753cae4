/// One CSV cell of untrusted text (app IDs, file names, paths, rules, messages), written so
/// that a spreadsheet shows it and never runs it, and so that it holds no byte that could
/// break a row or a terminal: every CSV writer's cells go through `text`.
package enum CSVCell {
    /// Control characters (tab, CR and line feed included), C1 controls and format characters
    /// (bidirectional overrides such as U+202E) become visible escapes (`\x1b`, `\u{202e}`),
    /// as in the table; backslashes stay as they are (rule patterns quote JSON). A cell that
    /// would start a formula, its first non-blank character being `=`, `+`, `-` or `@` (or
    /// their full-width forms), gets a leading `'`. Then RFC 4180 quoting.
    package static func text(_ value: String) -> String {
        var cell = TerminalText.escapedKeepingBackslashes(value)
        if let lead = cell.unicodeScalars.first(where: { $0 != " " }),
            formulaLeads.contains(lead)
        {
            cell = "'" + cell
        }
        guard cell.contains(where: { $0 == "," || $0 == "\"" }) else { return cell }
        return "\"" + cell.replacing("\"", with: "\"\"") + "\""
    }

    private static let formulaLeads: Set<Unicode.Scalar> = [
        "=", "+", "-", "@", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}",
    ]
}
