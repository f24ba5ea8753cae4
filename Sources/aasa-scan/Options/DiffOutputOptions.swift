import ArgumentParser
import CLISupport
import FoundationEssentials
import TextFormat

/// How the diff report is written, and its gate.
struct DiffOutputOptions: ParsableArguments {
    /// The words of `--format`, `--output` and `--top` for a diff's report.
    enum Texts: RunReportTexts {
        static let formatHelp =
            "Report format: table (default on a terminal), json (default otherwise), csv, "
            + "html (one self-contained page; with logs), openmetrics, prometheus (metrics, "
            + "as scan writes them), or none (no report; the gate and exit codes still "
            + "apply)."
        static let topHelp =
            "Rows of the lists: apps, paths of each change, rules whose hits changed."
    }

    @OptionGroup var reportOutput: ReportOutputOptions<Texts>

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit with status 1 when more than this percentage of the requests handled under "
                + "the old files are not handled under the new ones (0 to 100; 0.5 or 0.5%).",
            valueName: "percent"))
    var maxLost: Percentage?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Witness URLs kept per class of decision change (the classes the rules make "
                + "differ).", valueName: "n"))
    var witnesses = 3

    @OptionGroup var colour: ColorOption

    @Flag(name: .long, help: "No progress line on standard error.")
    var quiet = false

    @Flag(
        name: .long,
        help:
            "Print how each file's rules were compiled (exact, prefix, suffix, glob) on standard error."
    )
    var debug = false

    func validate() throws {
        if let maxLost, !(0...100).contains(maxLost.value) {
            throw ValidationError(
                "--max-lost is a percentage from 0 to 100, not \(Format.shortest(maxLost.value)).")
        }
        if top < 0 { throw ValidationError("--top is a count of rows, 0 or more.") }
        if witnesses < 1 { throw ValidationError("--witnesses is a count of URLs, 1 or more.") }
    }

    var reportPath: String? { reportOutput.reportPath }
    var top: Int { reportOutput.top }
    var useColor: Bool { colour.isEnabled }
    var resolvedFormat: ReportFormat { reportOutput.resolvedFormat }

    /// Writes the report in the chosen format to the output file or standard output.
    func write(text render: (ReportFormat) -> String) {
        reportOutput.write(render(resolvedFormat))
    }
}
