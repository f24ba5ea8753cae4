import CLISupport
import ScanEngine
import TextFormat

/// The CSV report: one header, then one row per total, app, rule and top path, so a single
/// file loads into a spreadsheet and a `grep ^rule,` picks a section. Columns:
/// `section,id,source,apps,exclude,pattern,count,error_bound,shadowed_by,measurable`; a
/// `warning` row carries its code in `id` and its message in `pattern`.
public enum ReportCSV {
    package static let header =
        "section,id,source,apps,exclude,pattern,count,error_bound,shadowed_by,measurable"

    /// The report as CSV text.
    public static func render(_ report: ScanReport) -> String {
        var rows = [header]
        for warning in report.warnings {
            rows.append(row("warning", warning.code, "", "", "", warning.message, 0, 0))
        }
        let totals = report.totals
        let totalRows: [(String, UInt64)] = [
            ("lines", totals.lines), ("requests", totals.requests), ("malformed", totals.malformed),
            ("skipped", totals.skipped), ("filtered", totals.filtered.total),
            ("classified", report.classified), ("handled", totals.handled),
            ("excluded", totals.excluded), ("unmatched", totals.unmatched),
            ("no_association", totals.noAssociation),
        ]
        for (name, count) in totalRows {
            rows.append(row("total", name, "", "", "", "", count, 0))
        }
        for app in report.apps {
            rows.append(row("app_handled", app.app, app.source, "", "", "", app.handled, 0))
            rows.append(row("app_excluded", app.app, app.source, "", "", "", app.excluded, 0))
            if let eligible = app.eligible, let eligibleExcluded = app.eligibleExcluded {
                rows.append(row("app_eligible", app.app, app.source, "", "", "", eligible, 0))
                rows.append(
                    row(
                        "app_eligible_excluded", app.app, app.source, "", "", "",
                        eligibleExcluded, 0))
            }
        }
        for rule in report.rules {
            rows.append(
                row(
                    "rule", rule.ref, rule.source, rule.apps.joined(separator: " "),
                    rule.exclude ? "true" : "false", rule.pattern, rule.hits, 0,
                    shadowedBy: rule.shadowedBy ?? "", measurable: rule.measurable))
        }
        for path in report.topUnmatched {
            rows.append(
                row(
                    "top_unmatched", text(path.path), path.host.map(text) ?? "", "", "", "",
                    path.count, path.errorBound))
        }
        for path in report.topHandled {
            rows.append(
                row(
                    "top_handled", text(path.path), path.host.map(text) ?? "", "", "", "",
                    path.count, path.errorBound))
        }
        rows += extraSections(report)
        return rows.joined(separator: "\n") + "\n"
    }

    /// What the JSON has besides totals, apps, rules and paths: coverage, filters, hosts
    /// and inputs, one row per figure.
    private static func extraSections(_ report: ScanReport) -> [String] {
        var rows: [String] = []
        let totals = report.totals
        for (name, count) in [
            ("handled_percent", totals.handled), ("excluded_percent", totals.excluded),
            ("unmatched_percent", totals.unmatched),
        ] {
            rows.append(
                row(
                    "coverage", name, "", "", "", "", 0, 0,
                    count: Format.fixed(report.percent(count), decimals: 3)))
        }
        for (name, count) in [
            ("method", totals.filtered.byMethod), ("status", totals.filtered.byStatus),
            ("asset", totals.filtered.byAsset), ("bot", totals.filtered.byBot),
        ] {
            rows.append(row("filtered", name, "", "", "", "", count, 0))
        }
        for host in report.hosts {
            let name = text(host.host)
            rows.append(row("host", name, "", "", "", "", host.requests, host.errorBound))
            rows.append(row("host_handled", name, "", "", "", "", host.handled, 0))
            rows.append(row("host_excluded", name, "", "", "", "", host.excluded, 0))
            rows.append(row("host_unmatched", name, "", "", "", "", host.unmatched, 0))
        }
        for input in report.result.inputs {
            let status =
                input.skipped
                ? "skipped: " + (input.skipReason ?? "")
                : input.error.map { "error: " + $0 } ?? "complete"
            let format = input.format?.rawValue ?? ""
            let compression = input.compression?.rawValue ?? ""
            rows.append(
                row("input", input.path, format, compression, "", status, input.counts.requests, 0))
            rows.append(row("input_lines", input.path, "", "", "", "", input.counts.lines, 0))
            rows.append(
                row("input_malformed", input.path, "", "", "", "", input.counts.malformed, 0))
            rows.append(row("input_bytes", input.path, "", "", "", "", UInt64(input.bytes), 0))
        }
        return rows
    }

    private static func text(_ bytes: [UInt8]) -> String { JSONText.urlText(bytes: bytes) }

    /// One row; `count` replaces the number in the count column (a percentage, say).
    private static func row(
        _ section: String, _ id: String, _ source: String, _ apps: String, _ exclude: String,
        _ pattern: String, _ number: UInt64, _ errorBound: UInt64, count: String? = nil,
        shadowedBy: String = "", measurable: Bool? = nil
    ) -> String {
        [section, id, source, apps, exclude, pattern].map(field).joined(separator: ",")
            + ",\(count ?? String(number)),\(errorBound),\(field(shadowedBy)),"
            + (measurable.map { $0 ? "true" : "false" } ?? "")
    }

    /// One cell of untrusted text (`CSVCell`).
    package static func field(_ value: String) -> String { CSVCell.text(value) }
}
