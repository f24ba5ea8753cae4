import CLISupport
import ScanEngine
import TextFormat

/// The versioned JSON of `diff` (`aasa-scan.diff/1`); every field is documented in
/// docs/reports.md. Keys keep a fixed order and the output is plain ASCII, as in the scan report.
package enum DiffJSON {
    package static let schema = "aasa-scan.diff/1"

    package static func render(_ report: DiffReport) -> String {
        let result = report.result
        let totals = report.totals
        var object = JSONObject()
        object.add("schema", string: schema)
        object.add("mode", string: "traffic")
        object.add("complete", raw: ReportJSON.bool(result.complete))
        object.add("coverage_note", string: ReportJSON.coverageNote)
        object.add("warnings", raw: ReportJSON.warnings(report.warnings))
        object.add("inputs", raw: ReportJSON.array(result.inputs.map(ReportJSON.input)))
        object.add(
            "old",
            raw: files(result.associations.files))
        object.add("new", raw: files(report.comparison.associations.files))
        var totalsObject = ReportJSON.readTotals(totals, classified: report.classified)
        totalsObject.add("old", raw: side(report.old, report))
        totalsObject.add("new", raw: side(report.new, report))
        object.add("totals", raw: totalsObject.text)
        object.add("time_range", raw: ReportJSON.timeRange(report.timeRange))
        object.add(
            "transitions",
            raw: changes(
                report.transitions.map { ($0.from.name, $0.to.name, $0.requests) },
                keys: ("from", "to")))
        object.add("changed_requests", count: report.changedRequests)
        var lost = JSONObject()
        lost.add("requests", count: report.lost)
        lost.add("old_handled", count: report.old.handled)
        lost.add("percent", raw: Format.fixed(report.lostPercent, decimals: 3))
        object.add("lost", raw: lost.text)
        object.add("gained", count: report.gained)
        var gate = JSONObject()
        gate.add(
            "max_lost_percent",
            raw: report.maxLost.map { Format.shortest($0) } ?? "null")
        gate.add("failed", raw: ReportJSON.bool(report.gateFailed))
        object.add("gate", raw: gate.text)
        object.add("app_changed_requests", count: report.appChanged)
        object.add(
            "app_changes",
            raw: changes(
                report.appChanges.map { ($0.from, $0.to, $0.requests) },
                keys: ("from_app", "to_app")))
        object.add(
            "apps",
            raw: ReportJSON.array(
                report.apps.map { app in
                    var row = JSONObject()
                    row.add("app", string: app.app)
                    row.add("domain", raw: app.domain.map(JSONText.quoted) ?? "null")
                    row.add("old_handled", count: app.oldHandled)
                    row.add("new_handled", count: app.newHandled)
                    row.add("old_excluded", count: app.oldExcluded)
                    row.add("new_excluded", count: app.newExcluded)
                    return row.text
                }))
        object.add("android", raw: ReportJSON.android(report.android, percent: report.percent))
        object.add("platforms", raw: platforms(report))
        object.add("top_changed_paths", raw: ReportJSON.array(report.changedPaths.map(changed)))
        object.add(
            "rule_changes", raw: ReportJSON.array(report.ruleChanges.prefix(report.top).map(rule)))
        object.add("rule_changes_total", count: UInt64(report.ruleChanges.count))
        object.add(
            "unseen_transitions",
            raw: ReportJSON.array(
                report.unseenSections.flatMap { TransitionRender.json($0) }))
        object.add("dead_new_rules", raw: ReportJSON.rules(report.deadNewRules, hits: false))
        object.add("shadowed_new_rules", count: UInt64(report.shadowedNewRules))
        object.add("old_rules", raw: ReportJSON.rules(report.oldRules))
        object.add("new_rules", raw: ReportJSON.rules(report.newRules))
        object.add("malformed_samples", raw: ReportJSON.malformedSamples(result))
        object.add("workers", count: UInt64(result.workers))
        object.add("elapsed_seconds", raw: Format.fixed(result.elapsedSeconds, decimals: 3))
        return object.text + "\n"
    }

    package static func files(_ files: [Associations.File]) -> String {
        var object = JSONObject()
        object.add("associations", raw: ReportJSON.array(files.map(ReportJSON.association)))
        return object.text
    }

    private static func side(_ side: DiffReport.Side, _ report: DiffReport) -> String {
        var object = JSONObject()
        object.add("handled", count: side.handled)
        object.add("excluded", count: side.excluded)
        object.add("unmatched", count: side.unmatched)
        object.add("no_association", count: side.noAssociation)
        object.add(
            "handled_percent",
            raw: Format.fixed(
                report.classified == 0
                    ? 0 : Double(side.handled) * 100 / Double(report.classified), decimals: 3))
        return object.text
    }

    /// Requests that moved from one decision (or app) to another: `keys` name the two ends.
    private static func changes(
        _ changes: [(from: String, to: String, requests: UInt64)], keys: (String, String)
    ) -> String {
        ReportJSON.array(
            changes.map { change in
                var row = JSONObject()
                row.add(keys.0, string: change.from)
                row.add(keys.1, string: change.to)
                row.add("requests", count: change.requests)
                return row.text
            })
    }

    private static func changed(_ changed: DiffReport.ChangedPaths) -> String {
        var object = JSONObject()
        object.add("from", string: changed.from.name)
        object.add("to", string: changed.to.name)
        object.add("app_change", raw: ReportJSON.bool(changed.appChange))
        object.add("requests", count: changed.requests)
        object.add("approximate", raw: ReportJSON.bool(changed.approximate))
        object.add("paths", raw: ReportJSON.array(changed.paths.map { ReportJSON.path($0) }))
        return object.text
    }

    private static func rule(_ change: DiffReport.RuleChange) -> String {
        var object = JSONObject()
        object.add("change", string: change.kind.rawValue)
        object.add("source", string: change.source)
        object.add("old_ref", raw: change.old.map { JSONText.quoted($0.ref) } ?? "null")
        object.add("new_ref", raw: change.new.map { JSONText.quoted($0.ref) } ?? "null")
        object.add(
            "apps",
            raw: ReportJSON.array(((change.new ?? change.old)?.apps ?? []).map(JSONText.quoted)))
        object.add("old_pattern", raw: change.old.map { JSONText.quoted($0.pattern) } ?? "null")
        object.add("new_pattern", raw: change.new.map { JSONText.quoted($0.pattern) } ?? "null")
        object.add("old_hits", count: change.old?.hits ?? 0)
        object.add("new_hits", count: change.new?.hits ?? 0)
        object.add("delta", raw: String(change.delta))
        object.add("old_shadowed_by", raw: quotedOrNull(change.old?.shadowedBy))
        object.add("new_shadowed_by", raw: quotedOrNull(change.new?.shadowedBy))
        return object.text
    }

    /// A string, or `null` for none.
    package static func quotedOrNull(_ text: String?) -> String {
        text.map(JSONText.quoted) ?? "null"
    }

    /// The cross table of the two platforms under the old files and under the new ones
    /// (`{"old": ..., "new": ...}`, each as a scan's `platforms`); null without Android.
    private static func platforms(_ report: DiffReport) -> String {
        guard report.android != nil else { return "null" }
        var object = JSONObject()
        object.add("old", raw: ReportJSON.platforms(report.android, percent: report.percent))
        object.add("new", raw: ReportJSON.platforms(report.newAndroid, percent: report.percent))
        return object.text
    }
}
