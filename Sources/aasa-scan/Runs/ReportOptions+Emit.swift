import CLISupport
import FoundationEssentials
import Reports
import ScanEngine
import TextFormat

extension ReportOptions {
    /// Writes the report of `result` to standard output, then ends with the status it calls
    /// for: 2 when some input was cut short or gave nothing to count (`InputChecks`), 1 when
    /// `--min-coverage` failed. The report's warnings go to standard error too. `arguments`
    /// are the command line's inputs (nil when the result is not a reading of them);
    /// `filters` the filter options given, as the HTML report lists them;
    /// `skippedInputsAllowed` when a named input that is no log was skipped as asked;
    /// `setupWarnings` what the files read besides the logs make doubtful.
    func emit(
        _ result: ScanResult, arguments: [String]? = nil, filters: [String] = [],
        skippedInputsAllowed: Bool = false, setupWarnings: [ReportWarning] = [],
        proofsAhead: ProofsAhead? = nil
    ) throws {
        let problems = InputChecks.problems(
            result, arguments: arguments, maxMalformed: maxMalformed.value,
            skippedInputsAllowed: skippedInputsAllowed)
        // Nothing was read and something failed: the errors say it all, and a report of
        // zeros would only look like a scan of an empty log.
        if result.summary.totals.lines == 0, !result.complete || !problems.isEmpty {
            InputChecks.printErrors(problems)
            throw CommandFailure.inputError()
        }
        CountLimit.warnIfReached(result.summary.totals)
        var report = ScanReport(result, top: top)
        report.warnings = problems + setupWarnings + report.warnings
        InputChecks.printErrors(problems)
        for warning in report.warnings
        where warning.alsoOnStandardError && !problems.contains(warning) {
            StandardError.line("aasa-scan: warning: " + TerminalText.escaped(warning.message))
        }
        if resolvedFormat != .none {
            let proofs = ShadowMarks.mark(
                &report, files: result.associations.files, ahead: proofsAhead)
            if debug {
                StandardError.line(
                    "aasa-scan: dead-rule proofs of the \(Format.count(proofs.whileScanning + proofs.after)) "
                        + "rules that decided no request: \(Format.count(proofs.whileScanning)) "
                        + "worked out while the scan ran, \(Format.count(proofs.after)) after it")
            }
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
