import ArgumentParser

/// `--top N`: rows of the report's lists.
package struct TopOption<Texts: ReportOptionTexts>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Texts.topHelp, valueName: "n"))
    package var top = Texts.topDefault

    package init() {}
}
