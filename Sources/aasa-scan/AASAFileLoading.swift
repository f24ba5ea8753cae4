import AASAModel
import ArgumentParser

/// Loads an AASA file for a command: a parse error is printed with file, line and column
/// and ends the command with status 2; loud warnings (size, signature) go to stderr.
func loadAASA(_ path: String, quiet: Bool = false) throws -> AASADocument {
    let document: AASADocument
    if let message = AASASource.urlMessage(path) {
        StandardError.line("aasa-scan: error: " + message)
        throw ExitCode(2)
    }
    do {
        document = try AASADocument.load(path: path)
    } catch {
        StandardError.line("aasa-scan: \(TerminalText.escaped(error.description))")
        throw ExitCode(2)
    }
    if !quiet {
        for diagnostic in document.diagnostics
        where diagnostic.code == "AASA501" || diagnostic.code == "AASA502" {
            StandardError.line(
                "aasa-scan: warning: \(path): \(TerminalText.escaped(diagnostic.message))")
        }
    }
    return document
}

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
