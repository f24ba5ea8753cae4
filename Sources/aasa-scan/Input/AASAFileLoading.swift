import AASAModel
import CLISupport
import LinkMatcher
import TextFormat

/// Loads an AASA file for a command: a parse error is printed with file, line and column
/// and ends the command with status 2; loud warnings (size, signature) go to stderr.
func loadAASA(_ path: String, quiet: Bool = false) throws -> AASADocument {
    try loadAASAKeepingBytes(path, quiet: quiet).document
}

/// `loadAASA`, with the file's bytes (`suggest --apply` writes them back with its rules).
func loadAASAKeepingBytes(_ path: String, quiet: Bool = false) throws
    -> (document: AASADocument, bytes: [UInt8])
{
    let loaded: (document: AASADocument, bytes: [UInt8])
    if let message = AASASource.urlMessage(path) {
        throw CommandFailure.error(message)
    }
    do throws(AASAParseError) {
        let bytes = try AASABytes.read(path)
        do throws(AASAParseError) {
            loaded = (try AASADocument.parse(bytes), bytes)
        } catch {
            var located = error
            located.file = path == "-" ? "standard input" : path
            throw located
        }
    } catch {
        throw CommandFailure.inputError("\(TerminalText.escaped(error.description))")
    }
    if !quiet {
        for diagnostic in loaded.document.diagnostics
        where diagnostic.code == DiagnosticCode.oversized.code
            || diagnostic.code == DiagnosticCode.signedNotVerified.code
        {
            StandardError.line(
                "aasa-scan: warning: \(TerminalText.escaped(path)): "
                    + TerminalText.escaped(diagnostic.message))
        }
    }
    return loaded
}

/// Reads, parses and compiles an AASA file; a file whose rules compile to more automaton than
/// aasa-scan builds for one file is refused (status 2), as an unreadable one is.
/// With `debug`, says how long reading and compiling took and how much automaton it built.
func compileAASA(_ path: String, quiet: Bool = false, debug: Bool = false) throws
    -> CompiledRuleSet
{
    try compileAASAKeepingBytes(path, quiet: quiet, debug: debug).rules
}

/// `compileAASA`, with the bytes read (a saved state keeps them): the file is read once, so a
/// FIFO or standard input serves both.
func compileAASAKeepingBytes(_ path: String, quiet: Bool = false, debug: Bool = false) throws
    -> (rules: CompiledRuleSet, bytes: [UInt8])
{
    let clock = ContinuousClock()
    let start = clock.now
    let (document, bytes) = try loadAASAKeepingBytes(path, quiet: quiet)
    let parsed = clock.now
    let rules = CompiledRuleSet(document)
    if debug {
        StandardError.line(
            "aasa-scan: \(TerminalText.escaped(path)): \(Format.count(rules.rules.count)) "
                + (rules.rules.count == 1 ? "rule" : "rules")
                + " read in \(milliseconds(parsed - start)) ms, compiled in "
                + "\(milliseconds(clock.now - parsed)) ms; automata: "
                + "\(Format.count(rules.automatonSize.positions)) positions and "
                + "\(Format.count(rules.automatonSize.edges)) edges (at most "
                + "\(Format.count(AutomatonSize.limit.positions)) and "
                + "\(Format.count(AutomatonSize.limit.edges)))")
    }
    if let exceeded = rules.budgetExceeded {
        throw CommandFailure.inputError("\(TerminalText.escaped(path)): error: \(exceeded)")
    }
    return (rules, bytes)
}

private func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
}
