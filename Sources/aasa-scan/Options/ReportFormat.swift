import ArgumentParser
import CLISupport
import Reports

/// The words of the report options of a run (`scan`, `merge`, `diff`): its formats, and 20
/// rows in each list unless `--top` says otherwise.
protocol RunReportTexts: ReportOptionTexts where Formats == ReportFormat {}

extension RunReportTexts {
    static var topDefault: Int { 20 }
}

/// The formats of a run's report (`scan`, `merge`, `diff`).
enum ReportFormat: String, ReportFormats {
    case table, json, csv, openmetrics, prometheus, none
    /// One self-contained page (inline CSS and SVG, no script), for a browser.
    case html
}
