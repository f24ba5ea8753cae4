import ASCIIBytes
import CLISupport
import ScanEngine
import TextFormat

/// The human form of a traffic `diff`: the transition matrix first, the lost links in one
/// line (with the gate's verdict), then apps, app changes, the top paths of each change, the
/// rules whose hits moved most and the new file's dead rules. Strings from logs and files are
/// escaped.
package enum DiffTable {
    package static func render(_ report: DiffReport, color: Bool, width: Int?) -> String {
        let style = Style(enabled: color)
        let result = report.result
        let totals = report.totals
        let top = report.top
        var out: [String] = []
        out.append(
            style.bold("aasa-scan diff") + ": \(Format.plural(totals.lines, "line")), "
                + "\(Format.plural(totals.requests, "request")) from "
                + Format.plural(result.inputs.count, "input")
                + " in \(Format.fixed(result.elapsedSeconds, decimals: 2)) s"
                + (result.complete
                    ? "" : "  " + style.red("INCOMPLETE: some inputs could not be read")))
        out.append("  old: " + names(result.associations.files.map(\.path)))
        out.append("  new: " + names(report.comparison.associations.files.map(\.path)))
        out += report.warnings.map {
            "  " + style.yellow("!") + " " + TerminalText.escaped($0.message)
        }
        if let range = report.timeRange {
            out.append(
                "  logged from \(ScanReport.timeText(range.first)) to "
                    + ScanReport.timeText(range.last))
        }
        out.append("")
        out.append(
            style.bold("Transitions") + " of \(Format.count(report.classified)) classified "
                + "requests (rows: old files, columns: new files)")
        let lanes = DiffReport.Lane.allCases
        out += ReportTable.table(
            [["old \\ new"] + lanes.map(\.name) + ["old total"]]
                + lanes.map { from in
                    [from.name]
                        + lanes.map { to in
                            let count = Format.count(report.requests(from, to))
                            return from == to ? count : style.yellow(count)
                        } + [Format.count(lanes.map { report.requests(from, $0) }.saturatingSum())]
                }
                + [
                    ["new total"]
                        + lanes.map { to in
                            Format.count(lanes.map { report.requests($0, to) }.saturatingSum())
                        } + [Format.count(report.classified)]
                ],
            alignRight: [false, true, true, true, true], header: true, style: style)
        out.append(
            "  \(Format.plural(report.changedRequests, "request")) decided differently"
                + (report.appChanged > 0
                    ? ", \(Format.count(report.appChanged)) of them handled by another app" : ""))
        out.append("")
        out.append(lostLine(report, style: style))
        out.append(
            "Gained: \(Format.count(report.gained)) requests handled under new and not under old")
        out += androidSection(report, style: style)

        out.append("")
        out.append(
            style.bold("Apps")
                + (report.apps.count > top ? " (top \(top) of \(report.apps.count))" : ""))
        out += ReportTable.table(
            [["app", "domain", "old handled", "new handled", "old excl.", "new excl."]]
                + report.apps.prefix(top).map {
                    [
                        TerminalText.escaped($0.app), $0.domain.map(TerminalText.escaped) ?? "-",
                        Format.count($0.oldHandled), Format.count($0.newHandled),
                        Format.count($0.oldExcluded), Format.count($0.newExcluded),
                    ]
                }, alignRight: [false, false, true, true, true, true], header: true, style: style,
            elastic: [0], width: width)
        if !report.appChanges.isEmpty {
            out.append("")
            out.append(style.bold("App changes") + " (handled under both, by another app)")
            out += ReportTable.table(
                [["old app", "new app", "requests"]]
                    + report.appChanges.prefix(top).map {
                        [
                            TerminalText.escaped($0.from), TerminalText.escaped($0.to),
                            Format.count($0.requests),
                        ]
                    }, alignRight: [false, false, true], header: true, style: style)
        }

        for changed in report.changedPaths where changed.requests > 0 {
            out.append("")
            let title =
                changed.appChange
                ? "handled by another app" : "\(changed.from.name) → \(changed.to.name)"
            out.append(
                style.bold("Top paths: " + title)
                    + " (\(Format.plural(changed.requests, "request"))"
                    + (changed.approximate ? ", approximate counts)" : ")"))
            out += ReportTable.table(
                [["count", changed.paths.first?.host == nil ? "path" : "host/path"]]
                    + changed.paths.map {
                        [
                            Format.count($0.count)
                                + ($0.errorBound > 0 ? " ±\(Format.count($0.errorBound))" : ""),
                            TerminalText.escaped(($0.host ?? []) + $0.path),
                        ]
                    }, alignRight: [true, false], header: true, style: style, elastic: [1],
                width: width)
        }

        out.append("")
        out.append(
            style.bold("Rules whose hits changed most")
                + " (top \(min(top, report.ruleChanges.count)) of \(report.ruleChanges.count))")
        if report.ruleChanges.isEmpty {
            out.append("  (none)")
        } else {
            out += ReportTable.table(
                [["change", "old rule", "new rule", "old hits", "new hits", "pattern"]]
                    + report.ruleChanges.prefix(top).map { change in
                        [
                            change.kind.rawValue, change.old?.ref ?? "-", change.new?.ref ?? "-",
                            Format.count(change.old?.hits ?? 0),
                            Format.count(change.new?.hits ?? 0),
                            TerminalText.escaped((change.new ?? change.old)?.pattern ?? "")
                                + shadowMark(change.old, side: "old")
                                + shadowMark(change.new, side: "new"),
                        ]
                    }, alignRight: [false, false, false, true, true, false], header: true,
                style: style, elastic: [1, 2, 5], width: width)
        }
        let unseen = report.unseenSections
        if unseen.contains(where: { !$0.transitions.isEmpty }) {
            out += TransitionRender.table(
                unseen, style: style, title: "Changes these logs cannot show",
                note: " (only URLs with a fragment make them; server logs never hold one)")
        }
        let dead = report.deadNewRules
        let shadowed = report.shadowedNewRules
        out.append("")
        out.append(
            style.bold("Dead rules of the new files")
                + ": \(dead.count) of \(report.newRules.count) decided no request"
                + (shadowed == 0
                    ? "" : ", \(shadowed) of them can never decide (aasa-scan lint says why)"))
        out += dead.prefix(top).map {
            "  " + style.yellow($0.ref) + "  " + TerminalText.escaped($0.pattern)
                + ($0.shadowedBy.map {
                    "  [never decides: shadowed by \(TerminalText.escaped($0))]"
                }
                    ?? "")
        }
        if dead.count > top {
            out.append("  ... and \(Format.count(dead.count - top)) more (--top N shows more)")
        }
        for input in result.inputs {
            if let error = input.error {
                out.append("  " + style.red("error: ") + TerminalText.escaped(error))
            }
        }
        out.append("")
        out.append(lostLine(report, style: style))
        return Style.fit(out, width)
    }

    /// The classic accident in one line: links the new files drop, and the gate's verdict.
    package static func lostLine(_ report: DiffReport, style: Style) -> String {
        var line =
            style.bold("Lost") + ": \(Format.count(report.lost)) of "
            + "\(Format.count(report.old.handled)) handled requests "
            + "(\(Format.percent(report.lostPercent))) are not handled under new"
        if let maxLost = report.maxLost {
            let (shown, gate) = Format.percentsApart(report.lostPercent, maxLost)
            line +=
                report.gateFailed
                ? "; " + style.red("FAILED --max-lost \(gate)")
                : "; passed --max-lost \(gate)"
            if shown != Format.percent(report.lostPercent) { line += " (\(shown) lost)" }
        }
        return line
    }

    /// `  [never decides in new: shadowed by REF]` for a rule of a change that can never
    /// decide in its file, else nothing.
    package static func shadowMark(_ rule: DiffReport.RuleRow?, side: String) -> String {
        guard let by = rule?.shadowedBy else { return "" }
        return "  [never decides in \(side): shadowed by \(TerminalText.escaped(by))]"
    }

    private static func names(_ paths: [String]) -> String {
        paths.map(TerminalText.escaped).joined(separator: ", ")
    }

    /// With `--android-manifest`: Android's decisions (the same under both files) and the
    /// cross table of the platforms under the old files and under the new ones.
    private static func androidSection(_ report: DiffReport, style: Style) -> [String] {
        guard let old = report.android, let new = report.newAndroid else { return [] }
        var out = ReportTable.androidCoverage(old, classified: report.classified, style: style)
        out.append("")
        out.append(style.bold("Both platforms") + " (iOS under the old files, then the new)")
        out += ReportTable.table(
            [["", "old", "new"]]
                + [
                    ("both", old.both, new.both), ("iOS only", old.iosOnly, new.iosOnly),
                    ("Android only", old.androidOnly, new.androidOnly),
                    ("neither", old.neither, new.neither),
                ].map { [$0.0, Format.count($0.1), Format.count($0.2)] },
            alignRight: [false, true, true], header: true, style: style)
        return out
    }
}
