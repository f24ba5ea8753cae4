import ScanEngine

/// The versioned JSON of `diff` (`aasa-scan.diff/1`); every field is documented in the
/// README. Keys keep a fixed order and the output is plain ASCII, as in the scan report.
enum DiffJSON {
    static let schema = "aasa-scan.diff/1"

    static func render(_ report: DiffReport) -> String {
        let result = report.result
        let totals = report.totals
        var object = JSONObject()
        object.add("schema", string: schema)
        object.add("mode", string: "traffic")
        object.add("complete", raw: ReportJSON.bool(result.complete))
        object.add(
            "coverage_note",
            string: "handled = eligible to open an app (an upper bound): the app must be "
                + "installed and the link followed from another site or app")
        object.add("inputs", raw: ReportJSON.array(result.inputs.map(ReportJSON.input)))
        object.add(
            "old",
            raw: files(result.associations.files))
        object.add("new", raw: files(report.comparison.associations.files))
        var filtered = JSONObject()
        filtered.add("total", count: totals.filtered.total)
        filtered.add("method", count: totals.filtered.byMethod)
        filtered.add("status", count: totals.filtered.byStatus)
        filtered.add("asset", count: totals.filtered.byAsset)
        filtered.add("bot", count: totals.filtered.byBot)
        var totalsObject = JSONObject()
        totalsObject.add("lines", count: totals.lines)
        totalsObject.add("requests", count: totals.requests)
        totalsObject.add("malformed", count: totals.malformed)
        totalsObject.add("skipped", count: totals.skipped)
        totalsObject.add("filtered", raw: filtered.text)
        totalsObject.add("classified", count: report.classified)
        totalsObject.add("old", raw: side(report.old, report))
        totalsObject.add("new", raw: side(report.new, report))
        object.add("totals", raw: totalsObject.text)
        object.add(
            "transitions",
            raw: ReportJSON.array(
                report.transitions.map { transition in
                    var row = JSONObject()
                    row.add("from", string: transition.from.name)
                    row.add("to", string: transition.to.name)
                    row.add("requests", count: transition.requests)
                    return row.text
                }))
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
            raw: ReportJSON.array(
                report.appChanges.map { change in
                    var row = JSONObject()
                    row.add("from_app", string: change.from)
                    row.add("to_app", string: change.to)
                    row.add("requests", count: change.requests)
                    return row.text
                }))
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
        object.add("top_changed_paths", raw: ReportJSON.array(report.changedPaths.map(changed)))
        object.add(
            "rule_changes", raw: ReportJSON.array(report.ruleChanges.prefix(report.top).map(rule)))
        object.add("rule_changes_total", count: UInt64(report.ruleChanges.count))
        object.add(
            "dead_new_rules",
            raw: ReportJSON.array(report.deadNewRules.map { rule($0, hits: false) }))
        object.add("old_rules", raw: ReportJSON.array(report.oldRules.map { rule($0) }))
        object.add("new_rules", raw: ReportJSON.array(report.newRules.map { rule($0) }))
        object.add(
            "malformed_samples",
            raw: ReportJSON.array(
                result.summary.malformedSamples.map { sample in
                    var row = JSONObject()
                    let name =
                        result.inputs.indices.contains(sample.input)
                        ? result.inputs[sample.input].path : "?"
                    row.add("input", string: name)
                    row.add("line", count: sample.line)
                    row.add("text", bytes: sample.bytes)
                    row.add("truncated", raw: ReportJSON.bool(sample.isTruncated))
                    return row.text
                }))
        object.add("workers", count: UInt64(result.workers))
        object.add("elapsed_seconds", raw: Format.fixed(result.elapsedSeconds, decimals: 3))
        return object.text + "\n"
    }

    static func files(_ files: [Associations.File]) -> String {
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

    private static func changed(_ changed: DiffReport.ChangedPaths) -> String {
        var object = JSONObject()
        object.add("from", string: changed.from.name)
        object.add("to", string: changed.to.name)
        object.add("app_change", raw: ReportJSON.bool(changed.appChange))
        object.add("requests", count: changed.requests)
        object.add("approximate", raw: ReportJSON.bool(changed.approximate))
        object.add(
            "paths",
            raw: ReportJSON.array(
                changed.paths.map { path in
                    var row = JSONObject()
                    row.add("path", bytes: path.path)
                    row.add("host", raw: path.host.map { JSONText.quoted(bytes: $0) } ?? "null")
                    row.add("count", count: path.count)
                    row.add("error_bound", count: path.errorBound)
                    return row.text
                }))
        return object.text
    }

    private static func rule(_ rule: DiffReport.RuleRow, hits: Bool = true) -> String {
        var object = JSONObject()
        object.add("ref", string: rule.ref)
        object.add("source", string: rule.source)
        object.add("apps", raw: ReportJSON.array(rule.apps.map(JSONText.quoted)))
        object.add("exclude", raw: ReportJSON.bool(rule.exclude))
        object.add("pattern", string: rule.pattern)
        if hits { object.add("hits", count: rule.hits) }
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
        return object.text
    }
}
