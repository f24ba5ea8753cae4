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
        rows += androidRows(report)
        rows += extraSections(report)
        return rows.joined(separator: "\n") + "\n"
    }

    /// With `--android-manifest`: Android's totals (`android`, the package in `source`), its
    /// reasons (`android_unmatched_reason`), its rules (`android_rule`: the place in `id`, the
    /// kind in `source`, the package in `apps`), the cross table (`platforms`) and, per iOS
    /// app, `platforms_app_both` and `platforms_app_ios_only` (the package in `apps`).
    private static func androidRows(_ report: ScanReport) -> [String] {
        guard let android = report.android else { return [] }
        let package = android.package
        var rows: [String] = []
        for (name, count) in [
            ("handled", android.handled), ("excluded", android.excluded),
            ("unmatched", android.unmatched),
        ] {
            rows.append(row("android", name, package, "", "", "", count, 0))
        }
        rows.append(
            row(
                "android_coverage", "handled_percent", package, "", "", "", 0, 0,
                count: Format.fixed(report.percent(android.handled), decimals: 3)))
        for reason in android.reasons {
            rows.append(
                row("android_unmatched_reason", reason.name, package, "", "", "", reason.count, 0))
        }
        for rule in android.rules {
            rows.append(
                row(
                    "android_rule", rule.source, rule.kind, package, "", rule.pattern, rule.hits, 0,
                    measurable: rule.measurable))
        }
        for (name, count) in [
            ("both", android.both), ("ios_only", android.iosOnly),
            ("android_only", android.androidOnly), ("neither", android.neither),
        ] {
            rows.append(row("platforms", name, package, "", "", "", count, 0))
        }
        for app in android.apps {
            rows.append(
                row("platforms_app_both", app.app, app.source, package, "", "", app.both, 0))
            rows.append(
                row("platforms_app_ios_only", app.app, app.source, package, "", "", app.iosOnly, 0))
        }
        return rows
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
        if report.readsTime {
            rows.append(row("filtered", "time", "", "", "", "", totals.filtered.byTime, 0))
        }
        rows += timeRows(report)
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
            if let range = input.counts.time {
                rows.append(time("input_first_time", input.path, range.first))
                rows.append(time("input_last_time", input.path, range.last))
            }
        }
        return rows
    }

    /// The time range, then the series of `--bucket`: a `series` row per bucket (its start
    /// in `id`, the bucket size in `source`, its requests in `count`), then one row per
    /// outcome and per app of the bucket, as the totals and apps are written.
    private static func timeRows(_ report: ScanReport) -> [String] {
        var rows: [String] = []
        if let range = report.timeRange {
            rows.append(time("time_range", "first", range.first))
            rows.append(time("time_range", "last", range.last))
        }
        guard let size = report.seriesBucket else { return rows }
        let series = report.series
        rows.append(row("series_bucket", size.name, "", "", "", "", UInt64(series.count), 0))
        rows.append(
            row("series_partial", report.seriesIsPartial ? "true" : "false", "", "", "", "", 0, 0))
        for bucket in series {
            let start = ScanReport.timeText(bucket.start)
            for (section, count) in [
                ("series", bucket.requests), ("series_filtered", bucket.filtered),
                ("series_handled", bucket.handled), ("series_excluded", bucket.excluded),
                ("series_unmatched", bucket.unmatched),
                ("series_no_association", bucket.noAssociation),
            ] {
                rows.append(row(section, start, size.name, "", "", "", count, 0))
            }
            for (app, (handled, excluded)) in zip(
                report.apps, zip(bucket.appHandled, bucket.appExcluded))
            {
                rows.append(
                    row("series_app_handled", start, app.source, app.app, "", "", handled, 0))
                rows.append(
                    row("series_app_excluded", start, app.source, app.app, "", "", excluded, 0))
            }
        }
        return rows
    }

    /// A row of a time: RFC 3339 in `pattern`, UTC seconds in `count`.
    private static func time(_ section: String, _ id: String, _ seconds: Int64) -> String {
        row(section, id, "", "", "", ScanReport.timeText(seconds), 0, 0, count: String(seconds))
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
