import ASCIIBytes
import CLISupport
import ScanEngine
import TextFormat

/// A traffic `diff` as one self-contained HTML page: the gate's verdict, the lost and gained
/// requests, both sides' coverage as charts, the 3×3 transition matrix, apps, app changes,
/// the top paths of each change, the rules whose hits changed most and the new files' dead
/// rules. Figures carry their JSON path or field (`data-metric`, `data-field`) and their
/// exact value (`data-value`), equal to the diff JSON's; strings from logs and files go
/// through `HTMLText`.
package enum DiffHTML {
    package typealias Lane = DiffReport.Lane

    package static func render(_ report: DiffReport, filters: [String] = []) -> String {
        let result = report.result
        let totals = report.totals
        var out = HTMLWriter()
        out.element("header") { header in
            header.element("h1", say: "What the new AASA file changes")
            header.element(
                "p", ["class": "sub"],
                say: "\(Format.plural(totals.lines, "line")), "
                    + "\(Format.plural(totals.requests, "request")) from "
                    + "\(Format.plural(result.inputs.count, "input")), each decided under the "
                    + "old and the new files")
            header.element("dl", ["class": "files"]) { list in
                for (side, files) in [
                    ("old", result.associations.files),
                    ("new", report.comparison.associations.files),
                ] {
                    list.element("dt", say: side)
                    list.element("dd", ["class": "mono"]) { item in
                        for (index, file) in files.enumerated() {
                            if index > 0 { item.say(", ") }
                            if let domain = file.domain {
                                item.text(domain.description)
                                item.say(" = ")
                            }
                            item.text(file.path)
                        }
                    }
                }
            }
        }
        out.raw("\n")
        HTMLSections.incompleteBanner(&out, result)
        verdict(&out, report)
        coverage(&out, report)
        transitions(&out, report)
        TransitionHTML.section(
            &out, report.unseenSections, id: "unseen-transitions",
            title: "Changes these logs cannot show",
            note: "(only URLs with a fragment make them; server logs never hold one)",
            keep: { _ in true }, none: nil)
        apps(&out, report)
        android(&out, report)
        for changed in report.changedPaths where changed.requests > 0 {
            HTMLSections.paths(
                &out,
                changed.paths.map {
                    HTMLSections.PathLine(
                        host: $0.host, path: $0.path, count: $0.count, errorBound: $0.errorBound)
                },
                id: changed.appChange
                    ? "paths-app-change" : "paths-\(changed.from.name)-\(changed.to.name)",
                title: "Top paths: "
                    + (changed.appChange
                        ? "handled by another app" : "\(changed.from.name) → \(changed.to.name)")
                    + " (\(Format.plural(changed.requests, "request")))",
                approximate: changed.approximate, top: report.top)
        }
        rules(&out, report)
        HTMLSections.inputs(&out, result, top: max(report.top, 1))
        HTMLSections.filters(&out, totals, applied: filters)
        HTMLSections.malformed(&out, result)
        out.element("footer") { footer in
            footer.say(
                "aasa-scan · \(DiffJSON.schema) · \(Format.plural(result.workers, "worker")), "
                    + "\(Format.fixed(result.elapsedSeconds, decimals: 2)) s")
        }
        return HTMLPage.document(title: "aasa-scan: what the new AASA file changes", body: out.html)
    }

    /// With `--android-manifest`: the cross table of the platforms, iOS under the old files
    /// and under the new ones; each figure names its JSON path.
    private static func android(_ out: inout HTMLWriter, _ report: DiffReport) {
        guard let old = report.android, let new = report.newAndroid else { return }
        HTMLSections.section(
            &out, id: "platforms", title: "Both platforms",
            note: "\(old.package): Android \(Format.count(old.handled)) handled"
        ) { out in
            HTMLSections.table(&out, ["", "old#", "new#"], id: "platforms-table") { rows in
                for (label, key, before, after) in [
                    ("both", "both", old.both, new.both),
                    ("iOS only", "ios_only", old.iosOnly, new.iosOnly),
                    ("Android only", "android_only", old.androidOnly, new.androidOnly),
                    ("neither", "neither", old.neither, new.neither),
                ] {
                    rows.element("tr") { row in
                        row.element("td", say: label)
                        row.count(before, metric: "platforms.old.\(key)")
                        row.count(after, metric: "platforms.new.\(key)")
                    }
                }
            }
        }
    }

    /// The classic accident first: links the new files drop, and the gate's verdict.
    private static func verdict(_ out: inout HTMLWriter, _ report: DiffReport) {
        if let maxLost = report.maxLost {
            let (shown, gate) = Format.percentsApart(report.lostPercent, maxLost)
            out.element(
                "div",
                [
                    "class": report.gateFailed ? "banner" : "banner pass", "id": "gate",
                    "data-metric": "gate.failed",
                    "data-value": report.gateFailed ? "true" : "false",
                ]
            ) { banner in
                banner.element(
                    "strong",
                    say: report.gateFailed
                        ? "Failed --max-lost \(gate). " : "Passed --max-lost \(gate). ")
                banner.say(
                    "\(shown) of the requests handled under the old files are not handled under "
                        + "the new ones.")
            }
        }
        out.element("div", ["class": "cards"]) { cards in
            HTMLSections.card(
                &cards, "lost (handled → not)", report.lost, metric: "lost.requests",
                kind: report.lost > 0 ? "bad" : nil)
            HTMLSections.card(
                &cards, "lost, of old handled", shown: Format.percent(report.lostPercent),
                exact: Format.fixed(report.lostPercent, decimals: 3), metric: "lost.percent",
                kind: report.lost > 0 ? "bad" : nil)
            HTMLSections.card(
                &cards, "gained (not → handled)", report.gained, metric: "gained",
                kind: "handled")
            HTMLSections.card(
                &cards, "decided differently", report.changedRequests,
                metric: "changed_requests")
            HTMLSections.card(
                &cards, "handled by another app", report.appChanged,
                metric: "app_changed_requests")
            HTMLSections.card(
                &cards, "classified requests", report.classified, metric: "totals.classified")
        }
    }

    /// Both sides' coverage as charts, the old one above the new one.
    private static func coverage(_ out: inout HTMLWriter, _ report: DiffReport) {
        HTMLSections.section(
            &out, id: "coverage", title: "Coverage, old and new",
            note: "of \(Format.plural(report.classified, "classified request"))"
        ) { out in
            for (name, side) in [("old", report.old), ("new", report.new)] {
                let counts = [side.handled, side.excluded, side.unmatched]
                let handled =
                    report.classified == 0
                    ? 0 : Double(side.handled) * 100 / Double(report.classified)
                out.element("h3", ["class": "sub"], say: name == "old" ? "Old files" : "New files")
                out.raw(
                    HTMLChart.stack(
                        counts, label: "Coverage under the \(name) files",
                        metrics: (
                            ["handled", "excluded", "unmatched"].map { "totals.\(name).\($0)" },
                            ["totals.\(name).handled_percent", nil, nil]
                        ), exactPercents: [Format.fixed(handled, decimals: 3), nil, nil]))
            }
            if let range = report.timeRange {
                out.element("p") { line in
                    line.say("Traffic ")
                    HTMLSections.timeRange(&line, range)
                    line.say(".")
                }
            }
            HTMLSections.caveatNote(&out)
        }
    }

    /// The 3×3 matrix: rows are the old decision, columns the new one.
    private static func transitions(_ out: inout HTMLWriter, _ report: DiffReport) {
        let lanes = Lane.allCases
        HTMLSections.section(
            &out, id: "transitions", title: "Transitions",
            note: "(rows: old files, columns: new files)"
        ) { out in
            HTMLSections.table(
                &out, ["old \\ new"] + lanes.map { $0.name + "#" } + ["old total#"],
                id: "transitions-table", classes: "matrix"
            ) { rows in
                for from in lanes {
                    rows.element("tr", ["data-from": from.name]) { row in
                        row.element("th", ["scope": "row"], say: from.name)
                        for to in lanes {
                            let count = report.requests(from, to)
                            row.open(
                                "td",
                                [
                                    "class": from == to || count == 0 ? "n" : "n off",
                                    "data-from": from.name, "data-to": to.name,
                                    "data-value": String(count),
                                ])
                            row.say(Format.count(count))
                            row.close("td")
                        }
                        row.count(
                            lanes.map { report.requests(from, $0) }.saturatingSum(),
                            field: "old_total")
                    }
                }
                rows.element("tr", ["data-from": "new total"]) { row in
                    row.element("th", ["scope": "row"], say: "new total")
                    for to in lanes {
                        row.count(
                            lanes.map { report.requests($0, to) }.saturatingSum(),
                            field: "new_total")
                    }
                    row.count(report.classified, metric: "totals.classified")
                }
            }
            out.element("p", ["class": "note"]) { line in
                line.count(report.changedRequests, tag: "strong", metric: "changed_requests")
                line.say(" requests are decided differently")
                if report.appChanged > 0 {
                    line.say(", \(Format.count(report.appChanged)) of them handled by another app")
                }
                line.say(".")
            }
        }
    }

    /// Per app, handled and excluded under each side; then the requests that change app.
    private static func apps(_ out: inout HTMLWriter, _ report: DiffReport) {
        let top = report.top
        HTMLSections.section(
            &out, id: "apps", title: "Apps",
            note: report.apps.count > top ? "(top \(top) of \(report.apps.count))" : nil
        ) { out in
            HTMLSections.table(
                &out,
                [
                    "app", "domain", "old handled#", "new handled#", "change#", "old excluded#",
                    "new excluded#",
                ], id: "apps-table"
            ) { rows in
                for app in report.apps.prefix(top) {
                    rows.element(
                        "tr",
                        [
                            "data-app": TerminalText.escaped(app.app),
                            "data-domain": app.domain.map { TerminalText.escaped($0) },
                            "class": app.oldHandled != app.newHandled ? "changed" : nil,
                        ]
                    ) { row in
                        row.element("td", ["class": "name mono"], text: app.app)
                        row.element("td", ["class": "path"], text: app.domain ?? "-")
                        row.count(app.oldHandled, field: "old_handled")
                        row.count(app.newHandled, field: "new_handled")
                        signed(
                            &row,
                            app.newHandled.signedChange(from: app.oldHandled), field: nil)
                        row.count(app.oldExcluded, field: "old_excluded")
                        row.count(app.newExcluded, field: "new_excluded")
                    }
                }
            }
        }
        guard !report.appChanges.isEmpty else { return }
        HTMLSections.section(
            &out, id: "app-changes", title: "App changes",
            note: "(handled under both, by another app)"
        ) { out in
            HTMLSections.table(&out, ["old app", "new app", "requests#"], id: "app-changes-table") {
                rows in
                for change in report.appChanges.prefix(top) {
                    rows.element(
                        "tr",
                        [
                            "data-from-app": TerminalText.escaped(change.from),
                            "data-to-app": TerminalText.escaped(change.to),
                        ]
                    ) { row in
                        row.element("td", ["class": "name mono"], text: change.from)
                        row.element("td", ["class": "name mono"], text: change.to)
                        row.count(change.requests, field: "requests")
                    }
                }
            }
        }
    }

    /// The rules whose hits changed most, and the new files' rules that decided nothing.
    private static func rules(_ out: inout HTMLWriter, _ report: DiffReport) {
        let top = report.top
        let changes = report.ruleChanges
        HTMLSections.section(
            &out, id: "rule-changes", title: "Rules whose hits changed most",
            note: "(top \(min(top, changes.count)) of \(changes.count))"
        ) { out in
            guard !changes.isEmpty else {
                out.element("p", ["class": "note"], say: "No rule's hits changed.")
                return
            }
            HTMLSections.table(
                &out,
                ["change", "old rule", "new rule", "old hits#", "new hits#", "change#", "pattern"],
                id: "rule-changes-table"
            ) { rows in
                for change in changes.prefix(top) {
                    rows.element(
                        "tr",
                        [
                            "data-change": change.kind.rawValue,
                            "data-old-ref": change.old.map { TerminalText.escaped($0.ref) },
                            "data-new-ref": change.new.map { TerminalText.escaped($0.ref) },
                            "data-old-shadowed-by": change.old?.shadowedBy.map {
                                TerminalText.escaped($0)
                            },
                            "data-new-shadowed-by": change.new?.shadowedBy.map {
                                TerminalText.escaped($0)
                            },
                        ]
                    ) { row in
                        row.element("td") { cell in
                            cell.element(
                                "span",
                                [
                                    "class": change.kind == .removed
                                        ? "badge b-bad" : "badge b-shadowed"
                                ], say: change.kind.rawValue)
                        }
                        for side in [change.old, change.new] {
                            row.element("td", ["class": "mono"]) { cell in
                                cell.text(side?.ref ?? "-")
                                if let by = side?.shadowedBy { shadowBadge(&cell, by) }
                            }
                        }
                        row.count(change.old?.hits ?? 0, field: "old_hits")
                        row.count(change.new?.hits ?? 0, field: "new_hits")
                        signed(&row, change.delta, field: "delta")
                        row.element("td", ["class": "pattern"]) { cell in
                            let rule = change.new ?? change.old
                            if rule?.exclude == true {
                                cell.element("span", ["class": "badge b-exclude"], say: "exclude")
                            }
                            cell.text(rule?.pattern ?? "")
                        }
                    }
                }
            }
        }
        let dead = report.deadNewRules
        HTMLSections.section(
            &out, id: "dead-rules", title: "Dead rules of the new files",
            note: dead.count > top ? "(first \(top) of \(dead.count), in file order)" : nil
        ) { out in
            out.element("p") { line in
                line.count(UInt64(dead.count), tag: "strong", field: "dead_new_rules")
                line.say(
                    " of \(Format.count(report.newRules.count)) rules of the new files decided "
                        + "no request of this traffic")
                if report.shadowedNewRules > 0 {
                    line.say("; ")
                    line.count(
                        UInt64(report.shadowedNewRules), tag: "strong",
                        metric: "shadowed_new_rules", classes: "")
                    line.say(
                        " of them can never decide, whatever the traffic: an earlier rule of "
                            + "their entry decides every URL they match")
                }
                line.say(".")
            }
            guard !dead.isEmpty, top > 0 else { return }
            HTMLSections.table(&out, ["rule", "pattern"], id: "dead-rules-table") { rows in
                for rule in dead.prefix(top) {
                    rows.element(
                        "tr",
                        [
                            "data-ref": TerminalText.escaped(rule.ref),
                            "data-shadowed-by": rule.shadowedBy.map { TerminalText.escaped($0) },
                        ]
                    ) { row in
                        row.element("td", ["class": "mono"]) { cell in
                            cell.text(rule.ref)
                            cell.say(" ")
                            cell.element("span", ["class": "badge b-dead"], say: "dead")
                            if let by = rule.shadowedBy { shadowBadge(&cell, by) }
                        }
                        row.element("td", ["class": "pattern"]) { cell in
                            if rule.exclude {
                                cell.element("span", ["class": "badge b-exclude"], say: "exclude")
                            }
                            cell.text(rule.pattern)
                        }
                    }
                }
            }
        }
    }

    /// The mark of a rule that can never decide, naming the rule that covers it.
    private static func shadowBadge(_ cell: inout HTMLWriter, _ coveredBy: String) {
        cell.say(" ")
        cell.element("span", ["class": "badge b-shadowed"]) { badge in
            badge.say("never decides: shadowed by ")
            badge.text(coveredBy)
        }
    }

    /// A signed change: `+12` in the colour of a gain, `−3` of a loss.
    private static func signed(_ row: inout HTMLWriter, _ value: Int64, field: String?) {
        row.open(
            "td",
            [
                "class": value > 0 ? "n up" : value < 0 ? "n down" : "n",
                "data-field": field, "data-value": String(value),
            ])
        row.say(
            value > 0
                ? "+" + Format.count(value) : value < 0 ? "−" + Format.count(value.magnitude) : "0")
        row.close("td")
    }
}
