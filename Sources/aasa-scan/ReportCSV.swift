import ScanEngine

/// The CSV report: one header, then one row per total, app, rule and top path, so a single
/// file loads into a spreadsheet and a `grep ^rule,` picks a section. Columns:
/// `section,id,source,apps,exclude,pattern,count,error_bound`.
enum ReportCSV {
    static let header = "section,id,source,apps,exclude,pattern,count,error_bound"

    static func render(_ report: ScanReport) -> String {
        var rows = [header]
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
        }
        for rule in report.rules {
            rows.append(
                row(
                    "rule", rule.ref, rule.source, rule.apps.joined(separator: " "),
                    rule.exclude ? "true" : "false", rule.pattern, rule.hits, 0))
        }
        for path in report.topUnmatched {
            rows.append(
                row("top_unmatched", text(path.path), "", "", "", "", path.count, path.errorBound))
        }
        for path in report.topHandled {
            rows.append(
                row("top_handled", text(path.path), "", "", "", "", path.count, path.errorBound))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func text(_ bytes: [UInt8]) -> String { JSONText.urlText(bytes: bytes) }

    private static func row(
        _ section: String, _ id: String, _ source: String, _ apps: String, _ exclude: String,
        _ pattern: String, _ count: UInt64, _ errorBound: UInt64
    ) -> String {
        [section, id, source, apps, exclude, pattern].map(field).joined(separator: ",")
            + ",\(count),\(errorBound)"
    }

    /// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet
    /// never runs a formula from a log.
    private static func field(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        var quoted = "\""
        for character in value {
            quoted += character == "\"" ? "\"\"" : String(character)
        }
        return quoted + "\""
    }
}
