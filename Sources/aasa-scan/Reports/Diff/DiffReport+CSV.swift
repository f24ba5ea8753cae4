import CLISupport
import ScanEngine
import TextFormat

/// The CSV of `diff`: one header, then one row per figure, so that `grep ^transition,` picks
/// the matrix. Columns: `section,id,source,from,to,pattern,count,error_bound,shadowed_by`.
package enum DiffCSV {
    package static let header = "section,id,source,from,to,pattern,count,error_bound,shadowed_by"

    package static func render(_ report: DiffReport) -> String {
        var rows = [header]
        for warning in report.warnings {
            rows.append(row("warning", warning.code, pattern: warning.message, count: 0))
        }
        let totals = report.totals
        for (name, count) in [
            ("lines", totals.lines), ("requests", totals.requests),
            ("malformed", totals.malformed), ("skipped", totals.skipped),
            ("filtered", totals.filtered.total), ("classified", report.classified),
        ] {
            rows.append(row("total", name, count: count))
        }
        if let range = report.timeRange {
            for (name, seconds) in [("first", range.first), ("last", range.last)] {
                rows.append(
                    row(
                        "time_range", name, pattern: ScanReport.timeText(seconds),
                        text: String(seconds)))
            }
        }
        for (section, side) in [("total_old", report.old), ("total_new", report.new)] {
            for (name, count) in [
                ("handled", side.handled), ("excluded", side.excluded),
                ("unmatched", side.unmatched), ("no_association", side.noAssociation),
            ] {
                rows.append(row(section, name, count: count))
            }
        }
        for transition in report.transitions {
            rows.append(
                row(
                    "transition", "", from: transition.from.name, to: transition.to.name,
                    count: transition.requests))
        }
        rows.append(row("changed", "requests", count: report.changedRequests))
        rows.append(row("changed", "app_changed", count: report.appChanged))
        rows.append(row("lost", "requests", count: report.lost))
        rows.append(
            row("lost", "percent", text: Format.fixed(report.lostPercent, decimals: 3)))
        rows.append(row("gained", "requests", count: report.gained))
        for change in report.appChanges {
            rows.append(
                row("app_change", "", from: change.from, to: change.to, count: change.requests))
        }
        for app in report.apps {
            for (section, count) in [
                ("app_old_handled", app.oldHandled), ("app_new_handled", app.newHandled),
                ("app_old_excluded", app.oldExcluded), ("app_new_excluded", app.newExcluded),
            ] {
                rows.append(row(section, app.app, source: app.domain ?? "", count: count))
            }
        }
        for changed in report.changedPaths {
            for path in changed.paths {
                rows.append(
                    row(
                        changed.appChange ? "app_change_path" : "changed_path",
                        JSONText.urlText(bytes: path.path),
                        source: path.host.map { JSONText.urlText(bytes: $0) } ?? "",
                        from: changed.from.name, to: changed.to.name, count: path.count,
                        errorBound: path.errorBound))
            }
        }
        for change in report.ruleChanges.prefix(report.top) {
            rows.append(
                row(
                    "rule_change", change.kind.rawValue, source: change.source,
                    from: change.old?.ref ?? "", to: change.new?.ref ?? "",
                    pattern: (change.new ?? change.old)?.pattern ?? "",
                    text: String(change.delta),
                    shadowedBy: (change.new ?? change.old)?.shadowedBy ?? ""))
        }
        for rule in report.deadNewRules {
            rows.append(
                row(
                    "dead_new_rule", rule.ref, source: rule.source, pattern: rule.pattern,
                    count: 0, shadowedBy: rule.shadowedBy ?? ""))
        }
        for (section, rules) in [("rule_old", report.oldRules), ("rule_new", report.newRules)] {
            for rule in rules {
                rows.append(
                    row(
                        section, rule.ref, source: rule.source, pattern: rule.pattern,
                        count: rule.hits, shadowedBy: rule.shadowedBy ?? ""))
            }
        }
        for input in report.result.inputs {
            let status =
                input.skipped
                ? "skipped: " + (input.skipReason ?? "")
                : input.error.map { "error: " + $0 } ?? "complete"
            rows.append(
                row(
                    "input", input.path, source: input.format?.rawValue ?? "",
                    from: input.compression?.rawValue ?? "", pattern: status,
                    count: input.counts.requests))
        }
        rows += TransitionRender.csv(report.unseenSections, kind: "unseen_transition")
        rows += androidRows(report)
        return rows.joined(separator: "\n") + "\n"
    }

    /// With `--android-manifest`: `android` (id = decision, `source` = package),
    /// `android_unmatched_reason` (id = reason), then the cross table under the old and the
    /// new files, `platforms_old` and `platforms_new` (id = `both`, `ios_only`,
    /// `android_only`, `neither`).
    private static func androidRows(_ report: DiffReport) -> [String] {
        guard let old = report.android, let new = report.newAndroid else { return [] }
        var rows: [String] = []
        for (name, count) in [
            ("handled", old.handled), ("excluded", old.excluded), ("unmatched", old.unmatched),
        ] {
            rows.append(row("android", name, source: old.package, count: count))
        }
        for reason in old.reasons {
            rows.append(
                row(
                    "android_unmatched_reason", reason.name, source: old.package,
                    count: reason.count))
        }
        for (section, side) in [("platforms_old", old), ("platforms_new", new)] {
            for (name, count) in [
                ("both", side.both), ("ios_only", side.iosOnly),
                ("android_only", side.androidOnly), ("neither", side.neither),
            ] {
                rows.append(row(section, name, source: side.package, count: count))
            }
        }
        return rows
    }

    /// One row; `text` replaces the number in the count column (a percentage, a signed
    /// change). `shadowedBy` is left empty but in rows of a rule.
    package static func row(
        _ section: String, _ id: String, source: String = "", from: String = "", to: String = "",
        pattern: String = "", count: UInt64 = 0, errorBound: UInt64 = 0, text: String? = nil,
        shadowedBy: String = ""
    ) -> String {
        [section, id, source, from, to, pattern].map(ReportCSV.field).joined(separator: ",")
            + ",\(text ?? String(count)),\(errorBound),\(ReportCSV.field(shadowedBy))"
    }
}
