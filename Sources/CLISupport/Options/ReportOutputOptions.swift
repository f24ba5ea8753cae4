import ArgumentParser

/// `--format`, `--output` and `--top`, in this order, as the commands that write a report
/// to a file take them.
package struct ReportOutputOptions<Texts: ReportOptionTexts>: ParsableArguments {
    @OptionGroup package var formatOption: FormatOption<Texts>
    @OptionGroup package var file: ReportFileOption<Texts>
    @OptionGroup package var topOption: TopOption<Texts>

    package init() {}

    package var format: Texts.Formats? { formatOption.format }
    package var reportPath: String? { file.reportPath }
    package var top: Int { topOption.top }

    /// The format asked for, or the default for where the report goes.
    package var resolvedFormat: Texts.Formats { formatOption.resolved(writingTo: reportPath) }

    /// Writes the report to `--output` or standard output (`ReportFileOption.write`).
    package func write(_ text: String) { file.write(text) }
}
