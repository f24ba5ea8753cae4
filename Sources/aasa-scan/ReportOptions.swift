import ArgumentParser
import FoundationEssentials
import LibC
import ScanEngine

/// How the report is written.
struct ReportOptions: ParsableArguments {
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv, openmetrics, prometheus, none
        /// One self-contained page (inline CSS and SVG, no script), for a browser.
        case html
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report format: table (default on a terminal), json (default otherwise), csv, "
                + "html (one self-contained page), openmetrics (OpenMetrics 1.0 text), prometheus "
                + "(Prometheus text 0.0.4, for node_exporter's textfile collector and the "
                + "Pushgateway), or none (no report; gates and exit codes still apply)."))
    var format: ReportFormat?

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Write the report to this file instead of standard output (- for standard output).",
            valueName: "file"))
    var reportPath: String?

    @Option(name: .long, help: ArgumentHelp("Rows in the top-path and host lists.", valueName: "n"))
    var top = 20

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

    /// A percentage as users write it: `80`, `78.5` or `80%`: decimal digits with at most one
    /// point, nothing else (no exponent, hexadecimal `0x1p6` or `inf`, which `Double` would
    /// read). A minus sign reads, so that the range check can say what is wrong.
    struct Percentage: ExpressibleByArgument {
        var value: Double

        init?(argument: String) {
            let text = argument.hasSuffix("%") ? argument.dropLast() : argument[...]
            let digits = text.drop { $0 == "-" }.filter { $0 != "." }
            guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
                text.count - digits.count <= (text.hasPrefix("-") ? 2 : 1),
                let value = Double(text)
            else { return nil }
            self.value = value
        }

        init(value: Double) { self.value = value }
    }

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

    @Option(name: .long, help: "Colour in the table: auto, always, never (NO_COLOR is honoured).")
    var color: ColorChoice = .auto

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

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never

        /// Whether tables are coloured: `auto` colours a terminal, unless `NO_COLOR` is set
        /// or the terminal is dumb.
        var isEnabled: Bool {
            switch self {
            case .always: true
            case .never: false
            case .auto: isatty(1) != 0 && getenv("NO_COLOR") == nil && !Terminal.isDumb
            }
        }
    }

    var resolvedFormat: ReportFormat {
        format ?? ((reportPath ?? "-") == "-" && isatty(1) != 0 ? .table : .json)
    }

    var useColor: Bool { color.isEnabled }
}

extension ReportOptions {
    /// Writes the report of `result` to standard output, then ends with the status it calls
    /// for: 2 when some input was cut short or gave nothing to count (`InputChecks`), 1 when
    /// `--min-coverage` failed. The report's warnings go to standard error too. `arguments`
    /// are the command line's inputs (nil when the result is not a reading of them);
    /// `filters` the filter options given, as the HTML report lists them;
    /// `skippedInputsAllowed` when a named input that is no log was skipped as asked.
    func emit(
        _ result: ScanResult, arguments: [String]? = nil, filters: [String] = [],
        skippedInputsAllowed: Bool = false
    ) throws {
        let problems = InputChecks.problems(
            result, arguments: arguments, maxMalformed: maxMalformed.value,
            skippedInputsAllowed: skippedInputsAllowed)
        // Nothing was read and something failed: the errors say it all, and a report of
        // zeros would only look like a scan of an empty log.
        if result.summary.totals.lines == 0, !result.complete || !problems.isEmpty {
            InputChecks.printErrors(problems)
            throw ExitCode(2)
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
        if let reportPath {
            OutputFile.write(Array(text.utf8), to: reportPath)
        } else if !text.isEmpty {
            var stdout = StandardOutput()
            stdout.write(text)
            stdout.flush()
        }
        if !result.complete || !problems.isEmpty { throw ExitCode(2) }
        guard let minCoverage else { return }
        if report.classified == 0 {
            StandardError.line(
                "aasa-scan: no requests: --min-coverage \(Format.shortest(minCoverage.value))% "
                    + "has nothing to measure")
            throw ExitCode(1)
        }
        let handled = report.percent(report.totals.handled)
        if handled < minCoverage.value {
            // As many digits as it takes to show the two apart: 78.45% is not "78.5%".
            let (shown, gate) = Format.percentsApart(handled, minCoverage.value)
            StandardError.line(
                "aasa-scan: coverage \(shown) is below --min-coverage \(gate)")
            throw ExitCode(1)
        }
    }
}

/// Saves a state for `aasa-scan merge`; a write failure ends the command with status 2.
func writeState(_ state: ScanState, to path: String) throws {
    OutputFile.write(state.encoded(), to: path)
}
