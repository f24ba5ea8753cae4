import ArgumentParser
import CLISupport
import Reports

/// The formats of a run's report (`scan`, `merge`, `diff`).
enum ReportFormat: String, ReportFormats {
    case table, json, csv, openmetrics, prometheus, none
    /// One self-contained page (inline CSS and SVG, no script), for a browser.
    case html
}
