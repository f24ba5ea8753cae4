import ArgumentParser
import CLISupport
import FoundationEssentials
import LibC
import Reports
import ScanEngine

/// How the report of `scan` and `merge` is written, and its gates.
struct ReportOptions: ParsableArguments {
    /// The words of `--format`, `--output` and `--top` for a scan's report.
    enum Texts: ReportOptionTexts {
        static let formatHelp =
            "Report format: table (default on a terminal), json (default otherwise), csv, "
            + "html (one self-contained page), openmetrics (OpenMetrics 1.0 text), prometheus "
            + "(Prometheus text 0.0.4, for node_exporter's textfile collector and the "
            + "Pushgateway), or none (no report; gates and exit codes still apply)."
        static let outputHelp =
            "Write the report to this file instead of standard output (- for standard output)."
        static let topHelp = "Rows in the top-path and host lists."
        static let topDefault = 20
        typealias Formats = ReportFormat
    }

    @OptionGroup var reportOutput: ReportOutputOptions<Texts>

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit with status 1 when handled requests are below this percentage (0 to 100; "
                + "80 or 80%).",
            valueName: "percent"))
    var minCoverage: Percentage?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit with status 2 when more than this percentage of an input's lines are "
                + "malformed (0 to 100; default 50). An input none of whose lines parse always "
                + "fails.",
            valueName: "percent"))
    var maxMalformed: Percentage = Percentage(value: 50)

    func validate() throws {
        if saveState == "-", reportPath == nil, format != ReportFormat.none {
            throw ValidationError(
                "--save-state - writes the state to standard output: send the report to a file "
                    + "with --output FILE, or leave it out with --format none.")
        }
        if !(0...100).contains(maxMalformed.value) {
            throw ValidationError(
                "--max-malformed is a percentage from 0 to 100, not \(Format.shortest(maxMalformed.value))."
            )
        }
        if let minCoverage, !(0...100).contains(minCoverage.value) {
            throw ValidationError(
                "--min-coverage is a percentage from 0 to 100, not \(Format.shortest(minCoverage.value))."
            )
        }
    }

    @OptionGroup var colour: ColorOption

    @Flag(name: .long, help: "No progress line on standard error.")
    var quiet = false

    @Flag(
        name: .long,
        help: "Print how rules were compiled (exact, prefix, suffix, glob) on standard error.")
    var debug = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also save the result, AASA files included, for `aasa-scan merge` with other results "
                + "(- for standard output).",
            valueName: "file"))
    var saveState: String?

    var format: ReportFormat? { reportOutput.format }
    var reportPath: String? { reportOutput.reportPath }
    var top: Int { reportOutput.top }
    var resolvedFormat: ReportFormat { reportOutput.resolvedFormat }
    var useColor: Bool { colour.isEnabled }
}

extension ReportOptions {
    /// Writes the report of `result` to standard output, then ends with the status it calls
    /// for: 2 when some input was cut short or gave nothing to count (`InputChecks`), 1 when
    /// `--min-coverage` failed. The report's warnings go to standard error too. `arguments`
    /// are the command line's inputs (nil when the result is not a reading of them);
    /// `filters` the filter options given, as the HTML report lists them.
    func emit(_ result: ScanResult, arguments: [String]? = nil, filters: [String] = []) throws {
        let problems = InputChecks.problems(
            result, arguments: arguments, maxMalformed: maxMalformed.value)
        // Nothing was read and something failed: the errors say it all, and a report of
        // zeros would only look like a scan of an empty log.
        if result.summary.totals.lines == 0, !result.complete || !problems.isEmpty {
            InputChecks.printErrors(problems)
            throw CommandFailure.inputError()
        }
        CountLimit.warnIfReached(result.summary.totals)
        var report = ScanReport(result, top: top)
        report.warnings = problems + report.warnings
        InputChecks.printErrors(problems)
        for warning in report.warnings
        where warning.alsoOnStandardError && !problems.contains(warning) {
            StandardError.line("aasa-scan: warning: " + TerminalText.escaped(warning.message))
        }
        if resolvedFormat != .none {
            ShadowMarks.mark(&report, files: result.associations.files)
        }
        let text: String
        switch resolvedFormat {
        case .json: text = ReportJSON.render(report)
        case .csv: text = ReportCSV.render(report)
        case .openmetrics: text = ReportOpenMetrics.render(report, .openMetrics)
        case .prometheus: text = ReportOpenMetrics.render(report, .prometheus)
        case .html: text = ReportHTML.render(report, top: top, filters: filters)
        case .table:
            text = ReportTable.render(report, color: useColor, top: top, width: Terminal.columns)
        case .none: text = ""
        }
        reportOutput.write(text)
        if !result.complete || !problems.isEmpty { throw CommandFailure.inputError() }
        guard let minCoverage else { return }
        if report.classified == 0 {
            throw CommandFailure.gateFailed(
                "no requests: --min-coverage \(Format.shortest(minCoverage.value))% "
                    + "has nothing to measure")
        }
        let handled = report.percent(report.totals.handled)
        if handled < minCoverage.value {
            // As many digits as it takes to show the two apart: 78.45% is not "78.5%".
            let (shown, gate) = Format.percentsApart(handled, minCoverage.value)
            throw CommandFailure.gateFailed("coverage \(shown) is below --min-coverage \(gate)")
        }
    }
}

/// Saves a state for `aasa-scan merge`; a write failure ends the command with status 2.
func writeState(_ state: ScanState, to path: String) throws {
    OutputFile.write(state.encoded(), to: path)
}
