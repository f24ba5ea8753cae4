import AASAModel
import ArgumentParser

/// Loads an AASA file for a command: a parse error is printed with file, line and column
/// and ends the command with status 2; loud warnings (size, signature) go to stderr.
func loadAASA(_ path: String, quiet: Bool = false) throws -> AASADocument {
    let document: AASADocument
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
