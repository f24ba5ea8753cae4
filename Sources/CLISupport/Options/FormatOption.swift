import ArgumentParser

/// `--format`: one of the command's formats; by default the table when the report goes to a
/// terminal, JSON otherwise.
package struct FormatOption<Texts: ReportOptionTexts>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Texts.formatHelp))
    package var format: Texts.Formats?

    package init() {}

    /// The format asked for, or the default for a report written to `path` (nil or `-`:
    /// standard output).
    package func resolved(writingTo path: String?) -> Texts.Formats {
        format ?? ((path ?? "-") == "-" && Terminal.standardOutputIsTerminal ? .table : .json)
    }
}
