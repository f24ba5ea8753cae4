import AASAModel
import ASCIIBytes
import ArgumentParser
import CLISupport
import LibC
import LinkMatcher
import Reports
import Synchronization

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

/// The bytes of AASA files. Standard input (`--aasa -`) and FIFOs can be read only once: their
/// bytes are kept, so that a stream named twice (`diff --old f.fifo --new f.fifo`), or read
/// again for a saved state, gives the same bytes instead of waiting forever for a writer.
/// Regular files are read each time.
enum AASABytes {
    private static let streams = Mutex<[String: [UInt8]]>([:])

    static func read(_ path: String) throws(AASAParseError) -> [UInt8] {
        guard let key = streamKey(path) else { return try AASADocument.readBytes(path: path) }
        if let bytes = streams.withLock({ $0[key] }) { return bytes }
        let bytes =
            path == "-"
            ? try AASADocument.readStandardInputBytes() : try AASADocument.readBytes(path: path)
        streams.withLock { $0[key] = bytes }
        return bytes
    }

    /// What names a stream: `-`, or a FIFO or device by device and inode; nil for a file.
    private static func streamKey(_ path: String) -> String? {
        if path == "-" { return "-" }
        var info = stat()
        guard FileName.withPlatformPath(path, { stat($0, &info) }) == 0,
            info.st_mode & S_IFMT != S_IFREG
        else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }
}

private func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
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
