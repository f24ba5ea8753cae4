import ArgumentParser
import CLISupport
import FoundationEssentials
import TextFormat

/// How the report of `scan` and `merge` is written, and its gates.
struct ReportOptions: ParsableArguments {
    /// The words of `--format`, `--output` and `--top` for a scan's report.
    enum Texts: RunReportTexts {
        static let formatHelp =
            "Report format: table (default on a terminal), json (default otherwise), csv, "
            + "html (one self-contained page), openmetrics (OpenMetrics 1.0 text), prometheus "
            + "(Prometheus text 0.0.4, for node_exporter's textfile collector and the "
            + "Pushgateway), or none (no report; gates and exit codes still apply)."
        static let outputHelp =
            "Write the report to this file instead of standard output (- for standard output)."
        static let topHelp = "Rows in the top-path and host lists."
    }

    @OptionGroup var reportOutput: ReportOutputOptions<Texts>

    @Option(
        help: ArgumentHelp(
            "Exit with status 1 when handled requests are below this percentage (0 to 100; "
                + "80 or 80%).",
            valueName: "percent"))
    var minCoverage: Percentage?

    @Option(
        help: ArgumentHelp(
            "Exit with status 2 when more than this percentage of an input's lines are "
                + "malformed (0 to 100). An input none of whose lines parse always "
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

    @Flag(help: "No progress line on standard error.")
    var quiet = false

    @Flag(
        help: "Print how rules were compiled (exact, prefix, suffix, glob) on standard error.")
    var debug = false

    @Option(
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
