import AASAModel
import ArgumentParser
import CLISupport
import Reports
import RuleAnalysis

/// `aasa-scan lint`: diagnostics with stable codes for AASA files.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check AASA files: parse errors and problems, each with a stable code, severity, "
            + "JSON path and fix hint.",
        discussion: """
            Line format: FILE:LINE:COLUMN: SEVERITY CODE PATH: MESSAGE (hint: HINT). \
            Exit status 2 when a file cannot be read or is not valid JSON; 1 when a \
            diagnostic at or above --fail-on was found; else 0.
            """)

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, info, never
    }

    @Flag(name: .long, help: "JSON lines, one object per diagnostic.")
    var json = false

    @Option(
        name: .long,
        help: "Lowest severity that makes the exit status 1 (error, warning, info, never).")
    var failOn: FailOn = .error

    @Flag(name: .long, help: "Leave out info diagnostics (unknown keys, legacy forms).")
    var noInfo = false

    @Argument(
        help: ArgumentHelp("AASA files to check, or - for standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one AASA file.") }
        try StandardInputUse.check(files.map { ("the file \($0)", $0 == "-") })
    }

    func run() throws {
        var output = StandardOutput()
        var unreadable = false
        var gateFailed = false
        for file in files {
            let diagnostics: [Diagnostic]
            if let message = AASASource.urlMessage(file) {
                unreadable = true
                StandardError.line("aasa-scan: error: " + message)
                continue
            }
            do {
                let (document, bytes) =
                    file == "-"
                    ? try AASADocument.readStandardInputKeepingBytes()
                    : try AASADocument.loadKeepingBytes(path: file)
                // Dead rules (AASA601-605) are proven on the compiled patterns; each finding
                // points at the place in the file its JSON path names.
                diagnostics = AASADocument.locating(
                    AASALint.lint(document) + ShadowAnalysis.diagnostics(for: document)
                        + ExclusionBypass.diagnostics(for: document),
                    in: bytes)
            } catch {
                unreadable = true
                let location = error.location
                emit(
                    &output, file: file,
                    Diagnostic(
                        code: error.code, severity: .error, path: "$",
                        message: error.message, hint: error.hint, location: location))
                continue
            }
            for diagnostic in diagnostics where !(noInfo && diagnostic.severity == .info) {
                emit(&output, file: file, diagnostic)
                if failOn != .never, let threshold = Diagnostic.Severity(rawValue: failOn.rawValue),
                    diagnostic.severity >= threshold
                {
                    gateFailed = true
                }
            }
        }
        output.flush()
        if unreadable { throw CommandFailure.inputError() }
        if gateFailed { throw CommandFailure.gateFailed() }
    }

    private func emit(_ output: inout StandardOutput, file: String, _ diagnostic: Diagnostic) {
        if json {
            let location = diagnostic.location
            let fields = [
                "\"file\":\(JSONText.quoted(file))",
                "\"line\":\(location.map { String($0.line) } ?? "null")",
                "\"column\":\(location.map { String($0.column) } ?? "null")",
                "\"severity\":\"\(diagnostic.severity.rawValue)\"",
                "\"code\":\"\(diagnostic.code)\"",
                "\"path\":\(JSONText.quoted(diagnostic.path))",
                "\"message\":\(JSONText.quoted(diagnostic.message))",
                "\"hint\":\(JSONText.quoted(diagnostic.hint))",
                "\"related\":\(diagnostic.related.map(JSONText.quoted) ?? "null")",
            ]
            output.line("{" + fields.joined(separator: ",") + "}")
        } else {
            let location = diagnostic.location.map { "\($0.line):\($0.column):" } ?? ""
            output.line(
                "\(TerminalText.escaped(file)):\(location) \(diagnostic.severity.rawValue) "
                    + "\(diagnostic.code) \(TerminalText.escaped(diagnostic.path)): "
                    + "\(TerminalText.escaped(diagnostic.message)) (hint: \(TerminalText.escapedKeepingBackslashes(diagnostic.hint)))"
            )
        }
    }
}
