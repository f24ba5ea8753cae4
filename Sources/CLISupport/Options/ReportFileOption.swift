import ArgumentParser

/// `--output FILE`: where the report goes instead of standard output.
package struct ReportFileOption<Texts: ReportOptionTexts>: ParsableArguments {
    @Option(name: .customLong("output"), help: ArgumentHelp(Texts.outputHelp, valueName: "file"))
    package var reportPath: String?

    package init() {}

    /// Writes the report to the file (whole or not at all, `OutputFile`) or to standard
    /// output; an empty report (`--format none`) writes nothing to standard output.
    package func write(_ text: String) {
        if let reportPath {
            OutputFile.write(Array(text.utf8), to: reportPath)
        } else if !text.isEmpty {
            var stdout = StandardOutput()
            stdout.write(text)
            stdout.flush()
        }
    }
}
