import CLISupport

/// Where AASA files come from.
enum AASASource {
    /// For a URL given where a file is wanted: how to get the file. Nil for anything else.
    static func urlMessage(_ argument: String) -> String? {
        let lower = argument.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        let shown = TerminalText.escaped(argument)
        return "\(shown) is a URL; aasa-scan reads files: fetch it first, e.g. "
            + "curl -fsSL '\(shown)' -o apple-app-site-association, then give that file"
    }
}
