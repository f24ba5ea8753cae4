import AASAModel
import ArgumentParser
import CLISupport
import Reports
import RuleAnalysis

/// `aasa-scan lint`: diagnostics with stable codes for AASA files and, with `--assetlinks`,
/// for Android `assetlinks.json` files (`LintCommand+AssetLinks.swift`).
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check AASA files (and assetlinks.json files): parse errors and problems, each "
            + "with a stable code, severity, JSON path and fix hint.",
        discussion: """
            Line format: FILE:LINE:COLUMN: SEVERITY CODE PATH: MESSAGE (hint: HINT). \
            Exit status 2 when a file cannot be read or is not valid JSON; 1 when a \
            diagnostic at or above --fail-on was found; else 0.
            """)

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, info, never
    }

    @Flag(help: "JSON lines, one object per diagnostic.")
    var json = false

    @Option(
        help: "Lowest severity that makes the exit status 1 (error, warning, info, never).")
    var failOn: FailOn = .error

    @Flag(help: "Leave out info diagnostics (unknown keys, legacy forms).")
    var noInfo = false

    @Option(
        name: .customLong("assetlinks"),
        help: ArgumentHelp(
            "An Android assetlinks.json file to check (ASL codes); repeatable.",
            valueName: "file"))
    var assetLinksFiles: [String] = []

    @Option(
        name: .customLong("package"),
        help: "The application ID the --assetlinks files must verify (ASL212 when none does).")
    var packageName: String?

    @Argument(
        help: ArgumentHelp("AASA files to check, or - for standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty, assetLinksFiles.isEmpty {
            throw ValidationError("Give at least one AASA file or --assetlinks file.")
        }
        if packageName != nil, assetLinksFiles.isEmpty {
            throw ValidationError("--package needs --assetlinks.")
        }
        if assetLinksFiles.contains("-") {
            throw ValidationError("An assetlinks.json file cannot come from standard input.")
        }
        try StandardInputUse.check(files.map { ("the file \($0)", $0 == "-") })
    }

    func run() throws {
        var report = lint()
        lintAssetLinks(into: &report)
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
                add(diagnostics, of: file, to: &report)
            } catch {
                report.unreadable = true
                report.findings.append(LintReport.Finding(file: file, error: error))
            }
        }
        return report
    }

    /// Adds a file's diagnostics to the report, without info ones under `--no-info`.
    func add(_ diagnostics: [Diagnostic], of file: String, to report: inout LintReport) {
        report.findings += diagnostics.filter { !(noInfo && $0.severity == .info) }.map {
            LintReport.Finding(file: file, diagnostic: $0)
        }
    }
}
