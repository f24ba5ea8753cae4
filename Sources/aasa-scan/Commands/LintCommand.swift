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
        let report = lint()
        var output = StandardOutput()
        output.write(json ? report.jsonLines : report.text)
        output.flush()
        if report.unreadable { throw CommandFailure.inputError() }
        let threshold = failOn == .never ? nil : Diagnostic.Severity(rawValue: failOn.rawValue)
        if report.reaches(threshold) { throw CommandFailure.gateFailed() }
    }

    /// Every file's diagnostics; a URL given for a file is said on standard error.
    private func lint() -> LintReport {
        var report = LintReport()
        for file in files {
            if let message = AASASource.urlMessage(file) {
                report.unreadable = true
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
                let diagnostics = AASADocument.locating(
                    AASALint.lint(document) + ShadowAnalysis.diagnostics(for: document)
                        + ExclusionBypass.diagnostics(for: document),
                    in: bytes)
                report.findings += diagnostics.filter { !(noInfo && $0.severity == .info) }.map {
                    LintReport.Finding(file: file, diagnostic: $0)
                }
            } catch {
                report.unreadable = true
                report.findings.append(
                    LintReport.Finding(
                        file: file,
                        diagnostic: Diagnostic(
                            code: error.code, severity: .error, path: "$",
                            message: error.message, hint: error.hint, location: error.location)))
            }
        }
        return report
    }
}
