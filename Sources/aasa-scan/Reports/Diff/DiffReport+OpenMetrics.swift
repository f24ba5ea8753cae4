import CLISupport
import ScanEngine
import TextFormat

/// The traffic `diff` report as metrics for Prometheus (`--format openmetrics` or
/// `prometheus`): the figures of the diff JSON, under names listed in docs/reports.md. The lines,
/// requests, filters, inputs, workers and duration are named as in the scan's metrics; what
/// only a diff has is named `aasa_scan_diff_...`. Paths never become labels.
package enum DiffOpenMetrics {
    package static func render(_ report: DiffReport, _ dialect: MetricsText.Dialect) -> String {
        var text = MetricsText()
        let result = report.result
        ReportOpenMetrics.addRunTotals(result, to: &text)
        let sides = [("old", report.old), ("new", report.new)]
        text.add(
            "aasa_scan_diff_classified_requests", .counter,
            help: "Classified requests by decision under the old and the new files (side)",
            sides.flatMap { name, side in
                [
                    ("handled", side.handled), ("excluded", side.excluded),
                    ("unmatched", side.unmatched),
                ].map { MetricsText.Sample([("side", name), ("class", $0.0)], count: $0.1) }
            })
        text.add(
            "aasa_scan_diff_no_association_requests", .counter,
            help: "Unmatched requests whose host has no AASA file, per side",
            sides.map { .init([("side", $0.0)], count: $0.1.noAssociation) })
        text.add(
            "aasa_scan_diff_handled_ratio", .gauge, unit: "ratio",
            help: "Share of the classified requests handled under each side's files, 0 to 1",
            sides.map { name, side in
                let percent =
                    report.classified == 0
                    ? 0 : Double(side.handled) * 100 / Double(report.classified)
                return .init([("side", name)], ReportOpenMetrics.ratio(percent: percent))
            })
        if let old = report.android, let new = report.newAndroid {
            let package = ("package", old.package)
            text.add(
                "aasa_scan_android_requests", .counter,
                help: "Classified requests by Android's decision for the app of --android-manifest",
                ReportOpenMetrics.decisionClasses(old.handled, old.excluded, old.unmatched).map {
                    .init([package, ("class", $0.0)], count: $0.1)
                })
            text.add(
                "aasa_scan_diff_platform_requests", .counter,
                help: "Classified requests by the platforms that open them, iOS under the old "
                    + "and the new files (side)",
                [("old", old), ("new", new)].flatMap { side, counts in
                    [
                        ("both", counts.both), ("ios_only", counts.iosOnly),
                        ("android_only", counts.androidOnly), ("neither", counts.neither),
                    ].map {
                        MetricsText.Sample(
                            [package, ("side", side), ("platforms", $0.0)], count: $0.1)
                    }
                })
        }
        text.add(
            "aasa_scan_diff_transition_requests", .counter,
            help: "Requests by their decision under the old files (from) and the new ones (to)",
            report.transitions.map {
                .init([("from", $0.from.name), ("to", $0.to.name)], count: $0.requests)
            })
        text.addCounters([
            (
                "aasa_scan_diff_changed_requests",
                "Requests decided differently, a change of app included", report.changedRequests
            ),
            (
                "aasa_scan_diff_lost_requests",
                "Requests handled under the old files and not under the new ones", report.lost
            ),
        ])
        text.add(
            "aasa_scan_diff_lost_ratio", .gauge, unit: "ratio",
            help: "Lost requests as a share of the requests handled under the old files",
            value: ReportOpenMetrics.ratio(percent: report.lostPercent))
        text.add(
            "aasa_scan_diff_gained_requests", .counter,
            help: "Requests handled under the new files and not under the old ones",
            value: String(report.gained))
        addGate(report, to: &text)
        addApps(report, to: &text)
        addRules(report, to: &text)
        ReportOpenMetrics.addRunInputs(result, to: &text)
        return text.render(dialect)
    }

    private static func addGate(_ report: DiffReport, to text: inout MetricsText) {
        text.add(
            "aasa_scan_diff_gate_failed", .gauge,
            help: "1 when more requests were lost than --max-lost allows",
            value: ReportOpenMetrics.flag(report.gateFailed))
        if let maxLost = report.maxLost {
            text.add(
                "aasa_scan_diff_max_lost_ratio", .gauge, unit: "ratio",
                help: "The --max-lost gate, as a share of the old side's handled requests",
                value: ReportOpenMetrics.ratio(percentText: Format.shortest(maxLost)))
        }
    }

    private static func addApps(_ report: DiffReport, to text: inout MetricsText) {
        text.add(
            "aasa_scan_diff_app_changed_requests", .counter,
            help: "Requests handled under both sides by different app IDs",
            value: String(report.appChanged))
        text.add(
            "aasa_scan_diff_app_change_requests", .counter,
            help: "Requests handled under both sides by different app IDs, per pair of apps",
            MetricsText.grouped(
                report.appChanges.map {
                    .init([("from_app", $0.from), ("to_app", $0.to)], count: $0.requests)
                }))
        text.add(
            "aasa_scan_diff_app_requests", .counter,
            help: "Requests each app opens (handled) and its entry excludes (excluded) under "
                + "each side, per app ID and domain (no domain: the file serving every host)",
            MetricsText.grouped(
                report.apps.flatMap { app -> [MetricsText.Sample] in
                    let labels = [("app", app.app)] + (app.domain.map { [("domain", $0)] } ?? [])
                    return [
                        ("old", "handled", app.oldHandled), ("new", "handled", app.newHandled),
                        ("old", "excluded", app.oldExcluded), ("new", "excluded", app.newExcluded),
                    ].map { .init(labels + [("side", $0.0), ("class", $0.1)], count: $0.2) }
                }))
    }

    private static func addRules(_ report: DiffReport, to text: inout MetricsText) {
        let rules =
            report.oldRules.map { ("old", $0) } + report.newRules.map { ("new", $0) }
        text.add(
            "aasa_scan_diff_rule_hits", .counter,
            help: "Requests each rule of each side decided, per AASA file (source) and rule "
                + "reference",
            MetricsText.grouped(
                rules.map { side, rule in
                    .init(
                        [("side", side), ("source", rule.source), ("rule", rule.ref)],
                        count: rule.hits)
                }))
        text.add(
            "aasa_scan_diff_rule_changes", .gauge,
            help: "Rules whose hits differ between the sides",
            value: String(report.ruleChanges.count))
        text.add(
            "aasa_scan_diff_dead_new_rules", .gauge,
            help: "Rules of the new files that decided no request",
            value: String(report.deadNewRules.count))
    }
}

extension StaticDiffRender {
    /// The rule-by-rule diff (no logs) as metrics: rule counts by kind of change.
    package static func metrics(_ diff: StaticDiff, _ dialect: MetricsText.Dialect) -> String {
        var text = MetricsText()
        text.add(
            "aasa_scan_complete", .gauge,
            help: "1 when every input was read to its end, 0 when one was cut short", value: "1")
        text.add(
            "aasa_scan_diff_rules", .gauge,
            help: "Rules by how they changed from the old files to the new ones, rule by rule",
            kinds.map { .init([("change", $0.rawValue)], count: UInt64(diff.count($0))) })
        return text.render(dialect)
    }
}
