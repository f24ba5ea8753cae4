import ASCIIBytes
import CLISupport
import CoverageStats
import ScanEngine
import TextFormat

/// The scan report (of `scan` and `merge`) as metrics for Prometheus: `--format openmetrics`
/// (OpenMetrics 1.0) or `--format prometheus` (the 0.0.4 text format of node_exporter's
/// textfile collector and the Pushgateway). Every value is one the JSON report holds, under
/// a name listed in docs/reports.md. A report of one scan is a run, so its counts are counters;
/// states of the report (complete, ratios, rule counts, duration) are gauges. Series are
/// bounded by the rules, apps, inputs and the `--top` hosts: paths never become labels.
public enum ReportOpenMetrics {
    /// The report as metrics text in `dialect`.
    public static func render(_ report: ScanReport, _ dialect: MetricsText.Dialect) -> String {
        var text = MetricsText()
        let result = report.result
        let totals = report.totals
        addRunTotals(result, to: &text)
        var warnings: [String: UInt64] = [:]
        for warning in report.warnings { warnings[warning.code, default: 0] += 1 }
        text.add(
            "aasa_scan_warnings", .gauge,
            help: "Warnings of the report by code (the JSON report has their messages): what "
                + "may mislead in these figures, such as another site's requests",
            warnings.sorted { $0.key < $1.key }.map { .init([("code", $0.key)], count: $0.value) })
        let classes = decisionClasses(totals.handled, totals.excluded, totals.unmatched)
        text.add(
            "aasa_scan_classified_requests", .counter,
            help: "Requests classified (not filtered), by decision: handled, excluded, unmatched",
            classes.map { .init([("class", $0.0)], count: $0.1) })
        text.add(
            "aasa_scan_no_association_requests", .counter,
            help: "Unmatched requests whose host has no AASA file",
            [.init(count: totals.noAssociation)])
        text.add(
            "aasa_scan_coverage_ratio", .gauge, unit: "ratio",
            help: "Share of the classified requests by decision, 0 to 1 (handled is an upper "
                + "bound: eligible to open an app)",
            classes.map { .init([("class", $0.0)], ratio(percent: report.percent($0.1))) })
        addTimeRange(report, to: &text)
        addApps(report, to: &text)
        addAndroid(report, to: &text)
        addRules(report, to: &text)
        let hosts = MetricsText.grouped(
            report.hosts.flatMap { host in
                let name = JSONText.urlText(bytes: host.host)
                return [
                    ("handled", host.handled), ("excluded", host.excluded),
                    ("unmatched", host.unmatched),
                ].map { MetricsText.Sample([("host", name), ("class", $0.0)], count: $0.1) }
            })
        text.add(
            "aasa_scan_host_requests", .counter,
            help: "Requests of the top hosts (--top) by decision; estimates once more than "
                + "10,000 distinct hosts were seen",
            hosts)
        text.add(
            "aasa_scan_hosts_approximate", .gauge,
            help: "1 when more than 10,000 distinct hosts were seen, so host counts are estimates",
            value: flag(result.summary.hostsAreApproximate))
        text.add(
            "aasa_scan_distinct_paths", .gauge,
            help: "Distinct request paths (HyperLogLog estimate, about 1% error)",
            value: String(Format.wholeCount(result.summary.distinctPaths().rounded())))
        addRunInputs(result, to: &text)
        return text.render(dialect)
    }

    private static func addApps(_ report: ScanReport, to text: inout MetricsText) {
        func samples(_ pick: (ScanReport.AppRow) -> (UInt64, UInt64)?) -> [MetricsText.Sample] {
            MetricsText.grouped(
                report.apps.flatMap { app -> [MetricsText.Sample] in
                    guard let (handled, excluded) = pick(app) else { return [] }
                    let labels = [("app", app.app), ("source", app.source)]
                    return [
                        .init(labels + [("class", "handled")], count: handled),
                        .init(labels + [("class", "excluded")], count: excluded),
                    ]
                })
        }
        text.add(
            "aasa_scan_app_requests", .counter,
            help: "Requests each app opens (class handled) and requests an exclusion of its "
                + "entry blocked (class excluded), per app ID and AASA file (source)",
            samples { ($0.handled, $0.excluded) })
        // Not counted with --no-per-app: the family is then left out, not shown as zeros.
        if report.apps.contains(where: { $0.eligible != nil }) {
            text.add(
                "aasa_scan_app_eligible_requests", .counter,
                help: "Requests each app would open (handled) or exclude (excluded) were it the "
                    + "only app installed",
                samples { app in
                    app.eligible.flatMap { eligible in
                        app.eligibleExcluded.map { (eligible, $0) }
                    }
                })
        }
    }

    private static func addRules(_ report: ScanReport, to text: inout MetricsText) {
        text.add(
            "aasa_scan_rule_hits", .counter,
            help: "Requests each rule decided, per AASA file (source) and rule reference, dead "
                + "rules included",
            MetricsText.grouped(
                report.rules.map {
                    .init([("source", $0.source), ("rule", $0.ref)], count: $0.hits)
                }))
        text.add(
            "aasa_scan_association_rules", .gauge,
            help: "Rules of each AASA file (source: its domain, or its path for the file that "
                + "serves every host)",
            MetricsText.grouped(
                report.result.associations.files.map { file in
                    .init(
                        [("source", file.domain?.description ?? file.path)],
                        count: UInt64(file.rules.rules.count))
                }))
        text.add(
            "aasa_scan_dead_rules", .gauge, help: "Rules that decided no request",
            value: String(report.deadRules.count))
        text.add(
            "aasa_scan_rule_unmeasurable", .gauge,
            help: "1 for each rule that decides by the fragment when no input could carry one: "
                + "its rule_hits say nothing about it",
            MetricsText.grouped(
                report.rules.filter { !$0.measurable }.map {
                    .init([("source", $0.source), ("rule", $0.ref)], count: 1)
                }, combine: max))
        text.add(
            "aasa_scan_unmeasurable_rules", .gauge,
            help: "Rules that decide by the fragment when no input could carry one (server "
                + "logs never do): neither dead nor alive in this traffic",
            value: String(report.rules.filter { !$0.measurable }.count))
        text.add(
            "aasa_scan_shadowed_rules", .gauge,
            help: "Rules proven unable to decide any URL: earlier rules of their entry decide "
                + "every URL they match",
            value: String(report.shadowedRules.count))
    }

    /// The figures every report of the logs has, first: whether it is complete, and lines
    /// and requests by what became of them before classification.
    package static func addRunTotals(_ result: ScanResult, to text: inout MetricsText) {
        let totals = result.summary.totals
        text.add(
            "aasa_scan_complete", .gauge,
            help: "1 when every input was read to its end, 0 when one was cut short",
            value: flag(result.complete))
        text.addCounters([
            ("aasa_scan_lines", "Lines read from all inputs", totals.lines),
            (
                "aasa_scan_requests",
                "Requests read (a weighted line counts its weight), filtered ones included",
                totals.requests
            ),
            (
                "aasa_scan_malformed_lines",
                "Lines that looked like requests but could not be parsed", totals.malformed
            ),
            (
                "aasa_scan_skipped_lines",
                "Lines that are not requests (comments, headers, load-balancer TCP lines)",
                totals.skipped
            ),
        ])
        let filtered = totals.filtered
        text.add(
            "aasa_scan_filtered_requests", .counter,
            help: "Requests left out before classification, by filter",
            ([
                ("method", filtered.byMethod), ("status", filtered.byStatus),
                ("asset", filtered.byAsset), ("bot", filtered.byBot),
            ] + (result.readsTime ? [("time", filtered.byTime)] : [])).map {
                .init([("reason", $0.0)], count: $0.1)
            })
    }

    /// The first and last request times, as gauges a rule can compare with `time()` or with
    /// an earlier run; nothing when no time was read.
    private static func addTimeRange(_ report: ScanReport, to text: inout MetricsText) {
        guard let range = report.timeRange else { return }
        text.add(
            "aasa_scan_first_request_timestamp_seconds", .gauge, unit: "seconds",
            help: "Time of the earliest request read (Unix seconds, UTC)",
            value: String(range.first))
        text.add(
            "aasa_scan_last_request_timestamp_seconds", .gauge, unit: "seconds",
            help: "Time of the latest request read (Unix seconds, UTC)",
            value: String(range.last))
    }

    /// The figures every report of the logs has, last: per input (inputs of the same name,
    /// such as `-` in states merged from several scans, are one series: counts add up, and
    /// it is complete when each of them is), the workers and the duration.
    package static func addRunInputs(_ result: ScanResult, to text: inout MetricsText) {
        func perInput(
            _ value: (InputReport) -> UInt64,
            combine: (UInt64, UInt64) -> UInt64 = { $0.addingSaturating($1) }
        )
            -> [MetricsText.Sample]
        {
            MetricsText.grouped(
                result.inputs.map { .init([("input", $0.path)], count: value($0)) },
                combine: combine)
        }
        text.add(
            "aasa_scan_input_read_bytes", .counter, unit: "bytes",
            help: "Bytes read from each input (compressed bytes for compressed input)",
            perInput { UInt64($0.bytes) })
        text.add(
            "aasa_scan_input_lines", .counter, help: "Lines read from each input",
            perInput(\.counts.lines))
        text.add(
            "aasa_scan_input_requests", .counter, help: "Requests read from each input",
            perInput(\.counts.requests))
        text.add(
            "aasa_scan_input_malformed_lines", .counter, help: "Malformed lines of each input",
            perInput(\.counts.malformed))
        text.add(
            "aasa_scan_input_errors", .counter,
            help: "Read errors of each input (a truncated, corrupt or unreadable input; the "
                + "JSON report has the message)",
            perInput { $0.error == nil ? 0 : 1 })
        text.add(
            "aasa_scan_input_complete", .gauge,
            help: "1 when the input was read to its end",
            perInput({ $0.complete ? 1 : 0 }, combine: min))
        text.add(
            "aasa_scan_input_skipped", .gauge,
            help: "1 when the input, reached through a folder or glob, is not an access log and "
                + "was left out",
            perInput({ $0.skipped ? 1 : 0 }, combine: max))
        text.add(
            "aasa_scan_workers", .gauge, help: "Threads the scan ran on",
            value: String(result.workers))
        text.add(
            "aasa_scan_duration_seconds", .gauge, unit: "seconds",
            help: "How long the scan took", value: Format.fixed(result.elapsedSeconds, decimals: 3))
    }

    /// A percentage as the JSON report writes it (three decimals), as a ratio.
    /// The `class` label values of the three decisions with their counts.
    static func decisionClasses(_ handled: UInt64, _ excluded: UInt64, _ unmatched: UInt64)
        -> [(String, UInt64)]
    {
        [("handled", handled), ("excluded", excluded), ("unmatched", unmatched)]
    }

    package static func ratio(percent: Double) -> String {
        ratio(percentText: Format.fixed(percent, decimals: 3))
    }

    /// A percentage written in decimal (`52.067`) as a ratio with the same digits
    /// (`0.52067`): the decimal point moves two places, so both are the same figure exactly.
    package static func ratio(percentText: String) -> String {
        guard Double(percentText) != nil, !percentText.hasPrefix("-") else { return "NaN" }
        let parts = percentText.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts[0])
        while whole.count < 3 { whole = "0" + whole }
        var units = String(whole.dropLast(2))
        while units.count > 1, units.hasPrefix("0") { units.removeFirst() }
        return units + "." + whole.suffix(2) + (parts.count > 1 ? String(parts[1]) : "")
    }

    package static func flag(_ value: Bool) -> String { value ? "1" : "0" }
}
