import ArgumentParser

/// The formats one command writes its report in: `--format`'s values. Every command has a
/// table (the default on a terminal) and JSON (the default otherwise).
package protocol ReportFormats: ExpressibleByArgument, CaseIterable, Equatable {
    static var table: Self { get }
    static var json: Self { get }
}

/// What sets one command's report options apart: its formats, and the help of `--format`,
/// `--output` and `--top` in its words, with the default of `--top`.
package protocol ReportOptionTexts {
    associatedtype Formats: ReportFormats
    static var formatHelp: String { get }
    static var outputHelp: String { get }
    static var topHelp: String { get }
    static var topDefault: Int { get }
}

extension ReportOptionTexts {
    /// The words of `--output` for a report.
    package static var outputHelp: String {
        "Write the report to this file instead of standard output."
    }
}
