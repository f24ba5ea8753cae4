import CLISupport
import ScanEngine
import TextFormat

/// The scan report as one self-contained HTML page (`scan` and `merge` `--format html`):
/// coverage as a chart, apps, rules by hits, dead and shadowed rules, top paths, hosts,
/// inputs, filters and the caveat. Every figure carries its JSON path or field name
/// (`data-metric`, `data-field`) and its exact value (`data-value`), equal to the JSON
/// report's; every string from a log or an AASA file goes through `HTMLText`.
public enum ReportHTML {
    /// `filters` are the filter options of the scan, as typed (none for `merge`).
    public static func render(_ report: ScanReport, top: Int, filters: [String] = []) -> String {
        let result = report.result
        let totals = report.totals
        var out = HTMLWriter()
        out.element("header") { header in
            header.element("h1", say: "Universal-link coverage")
            header.element("p", ["class": "sub"]) { line in
                line.say(
                    "\(Format.plural(totals.lines, "line")), "
                        + "\(Format.plural(totals.requests, "request")) from "
                        + "\(Format.plural(result.inputs.count, "input")) against ")
                line.say(Format.plural(result.associations.files.count, "AASA file"))
                line.say(" · \(Format.plural(report.rules.count, "rule"))")
            }
        }
        out.raw("\n")
        HTMLSections.incompleteBanner(&out, result)
        HTMLSections.warnings(&out, report.warnings)
        coverage(&out, report)
        android(&out, report, top: top)
        overTime(&out, report, top: top)
        if top == 0 {
            out.element(
                "p", ["class": "note"],
                say: "Apps, rules, paths, hosts and inputs are hidden by --top 0; the JSON and "
                    + "CSV reports have them all.")
        } else {
            apps(&out, report, top: top)
            ReportHTML.rules(&out, report, top: top)
            HTMLSections.paths(
                &out, report.topUnmatched.map(line), id: "top-unmatched",
                title: "Top unmatched paths",
                approximate: result.summary.topUnmatchedIsApproximate, top: top)
            HTMLSections.paths(
                &out, report.topHandled.map(line), id: "top-handled", title: "Top handled paths",
                approximate: result.summary.topHandledIsApproximate, top: top)
            hosts(&out, report)
            HTMLSections.inputs(&out, result, top: top)
        }
        HTMLSections.filters(&out, totals, applied: filters, time: report.readsTime)
        HTMLSections.malformed(&out, result)
        files(&out, report)
        out.element("footer") { footer in
            footer.say(
                "aasa-scan · \(ReportJSON.schema) · \(Format.plural(result.workers, "worker")), "
                    + "\(Format.fixed(result.elapsedSeconds, decimals: 2)) s · about "
                    + "\(Format.count(Format.wholeCount(result.summary.distinctPaths().rounded()))) "
                    + "distinct paths")
        }
        return HTMLPage.document(title: "aasa-scan: universal-link coverage", body: out.html)
    }

    private static func line(_ row: ScanReport.PathRow) -> HTMLSections.PathLine {
        HTMLSections.PathLine(
            host: row.host, path: row.path, count: row.count, errorBound: row.errorBound)
    }

    /// The headline: the three shares as a chart, the counts behind them, and the caveat.
    private static func coverage(_ out: inout HTMLWriter, _ report: ScanReport) {
        let totals = report.totals
        let counts = [totals.handled, totals.excluded, totals.unmatched]
        let exact = counts.map { Format.fixed(report.percent($0), decimals: 3) }
        HTMLSections.section(
            &out, id: "coverage", title: "Coverage",
            note: "of \(Format.plural(report.classified, "classified request"))"
        ) { out in
            out.raw(HTMLChart.stack(counts, label: "Coverage", legend: false))
            let shares = Format.percentsAddingUp(counts)
            out.element("div", ["class": "cards"]) { cards in
                for (index, lane) in HTMLChart.Lane.allCases.enumerated() {
                    HTMLSections.outcomeCard(
                        &cards, lane, share: shares[index], exact: exact[index],
                        count: counts[index],
                        metrics: ("coverage.\(lane.name)_percent", "totals.\(lane.name)"))
                }
                HTMLSections.card(
                    &cards, "classified requests", report.classified,
                    metric: "totals.classified")
            }
            out.element("ul", ["class": "facts"]) { facts in
                for (count, noun, metric) in [
                    (totals.lines, "lines read", "totals.lines"),
                    (totals.requests, "requests", "totals.requests"),
                    (totals.filtered.total, "filtered out", "totals.filtered.total"),
                    (totals.malformed, "malformed lines", "totals.malformed"),
                    (totals.skipped, "non-request lines", "totals.skipped"),
                    (
                        totals.noAssociation, "for hosts without an AASA file",
                        "totals.no_association"
                    ),
                ] {
                    facts.element("li") { item in
                        item.count(count, tag: "strong", metric: metric, classes: "")
                        item.say(" " + noun)
                    }
                }
                if let range = report.timeRange {
                    facts.element("li") { HTMLSections.timeRange(&$0, range) }
                }
            }
            HTMLSections.caveatNote(&out)
        }
    }

    /// Apps with their handled and excluded requests, and a bar of their share.
    private static func apps(_ out: inout HTMLWriter, _ report: ScanReport, top: Int) {
        let apps = report.apps
        let alone = apps.first?.eligible != nil
        // One file names every app: its name is in the AASA files section.
        let several = report.result.associations.files.count > 1
        HTMLSections.section(
            &out, id: "apps", title: "Apps",
            note: apps.count > top ? "(top \(top) of \(apps.count))" : nil
        ) { out in
            HTMLSections.table(
                &out,
                ["app"] + (several ? ["AASA file"] : []) + ["handled#", "share"]
                    + ["excluded#"] + (alone ? ["eligible alone#", "excluded alone#"] : []),
                id: "apps-table"
            ) { rows in
                for app in apps.prefix(top) {
                    HTMLSections.appRow(&rows, app: app.app, source: app.source) { row in
                        if several { row.element("td", ["class": "path"], text: app.source) }
                        row.count(app.handled, field: "handled")
                        row.element("td") { cell in
                            cell.raw(HTMLChart.bar(app.handled, of: report.classified))
                            cell.element(
                                "span", ["class": "sub"],
                                say: Format.percent(report.percent(app.handled)))
                        }
                        row.count(app.excluded, field: "excluded")
                        if let eligible = app.eligible {
                            row.count(eligible, field: "eligible")
                            row.count(app.eligibleExcluded ?? 0, field: "eligible_excluded")
                        }
                    }
                }
            }
            if !alone, apps.count > 1, apps.contains(where: { $0.handled == 0 }) {
                out.element(
                    "p", ["class": "note"],
                    say: "An earlier entry may take every URL of an app, which then shows 0 "
                        + "handled: scan counts what each app opens when installed alone unless "
                        + "given --no-per-app.")
            }
        }
    }

    /// Rules with hits, most first; then the dead rules, with the proof that some can never
    /// decide (`shadowed_by`).
    private static func rules(_ out: inout HTMLWriter, _ report: ScanReport, top: Int) {
        let ranked = report.rules.filter { $0.hits > 0 }.sorted { $0.hits > $1.hits }
        let several = report.result.associations.files.count > 1
        let columns = ["rule"] + (several ? ["AASA file"] : []) + ["pattern", "apps", "hits#"]
        HTMLSections.section(
            &out, id: "rules", title: "Rules by hits",
            note: "(top \(min(top, ranked.count)) of \(ranked.count) with hits; "
                + "\(report.rules.count) rules in all)"
        ) { out in
            HTMLSections.table(&out, columns + ["share#"], id: "rules-table") { rows in
                for rule in ranked.prefix(top) {
                    ruleRow(&rows, rule, several: several) { row in
                        row.element(
                            "td", ["class": "n"], say: Format.percent(report.percent(rule.hits)))
                    }
                }
            }
        }
        let dead = report.deadRules
        let shadowed = report.shadowedRules
        HTMLSections.section(
            &out, id: "dead-rules", title: "Dead rules",
            note: dead.count > top ? "(first \(top) of \(dead.count), in file order)" : nil
        ) { out in
            out.element("p") { line in
                line.count(UInt64(dead.count), tag: "strong", metric: "dead_rules")
                line.say(" of \(Format.count(report.rules.count)) rules decided no request")
                if !shadowed.isEmpty {
                    line.say("; ")
                    line.count(UInt64(shadowed.count), tag: "strong", metric: "shadowed_rules")
                    line.say(
                        " of them can never decide, whatever the traffic: an earlier rule of "
                            + "their entry decides every URL they match (aasa-scan lint says "
                            + "why).")
                } else {
                    line.say(".")
                }
            }
            guard !dead.isEmpty else { return }
            HTMLSections.table(&out, columns.dropLast() + ["why"], id: "dead-rules-table") {
                rows in
                for rule in dead.prefix(top) {
                    ruleRow(&rows, rule, several: several) { row in
                        row.element("td", ["class": "why"]) { cell in
                            cell.element("span", ["class": "badge b-dead"], say: "dead")
                            if let by = rule.shadowedBy {
                                cell.element("span", ["class": "badge b-shadowed"]) { badge in
                                    badge.say("never decides: shadowed by ")
                                    badge.text(by)
                                }
                            } else {
                                cell.say("no hits in this traffic")
                            }
                        }
                    }
                }
            }
        }
        unmeasurableRules(&out, report, top: top, columns: Array(columns.dropLast()))
    }

    /// Rules this traffic cannot show at work (they decide by the fragment, which no server
    /// log holds): neither dead nor alive here.
    private static func unmeasurableRules(
        _ out: inout HTMLWriter, _ report: ScanReport, top: Int, columns: [String]
    ) {
        let rules = report.rules.filter { !$0.measurable }
        guard !rules.isEmpty else { return }
        let several = report.result.associations.files.count > 1
        HTMLSections.section(
            &out, id: "unmeasurable-rules", title: "Rules this traffic cannot measure",
            note: rules.count > top ? "(first \(top) of \(rules.count), in file order)" : nil
        ) { out in
            HTMLSections.table(&out, columns + ["why"], id: "unmeasurable-rules-table") { rows in
                for rule in rules.prefix(top) {
                    ruleRow(&rows, rule, several: several) { row in
                        row.element(
                            "td", ["class": "why"],
                            say: "decides by the fragment, which no server log holds")
                    }
                }
            }
        }
    }

    /// One rule row; `tail` writes the last cell.
    private static func ruleRow(
        _ rows: inout HTMLWriter, _ rule: ScanReport.RuleRow, several: Bool,
        tail: (inout HTMLWriter) -> Void
    ) {
        rows.element(
            "tr",
            [
                "data-ref": TerminalText.escaped(rule.ref),
                "data-source": TerminalText.escaped(rule.source),
                "data-shadowed-by": rule.shadowedBy.map { TerminalText.escaped($0) },
                "data-measurable": rule.measurable ? nil : "false",
            ]
        ) { row in
            row.element("td", ["class": "mono"], text: rule.ref)
            if several { row.element("td", ["class": "path"], text: rule.source) }
            row.element("td", ["class": "pattern"]) { cell in
                if rule.exclude {
                    cell.element("span", ["class": "badge b-exclude"], say: "exclude")
                }
                cell.text(rule.pattern)
            }
            row.element("td", ["class": "apps mono"]) { cell in
                for (index, app) in rule.apps.enumerated() {
                    if index > 0 { cell.raw("<br>") }
                    cell.text(app)
                }
            }
            if rule.hits > 0 { row.count(rule.hits, field: "hits") }
            tail(&row)
        }
    }

    /// Hosts by requests, with their outcomes; left out when the logs name no host.
    private static func hosts(_ out: inout HTMLWriter, _ report: ScanReport) {
        guard report.hosts.contains(where: { !$0.host.isEmpty }) else { return }
        let approximate = report.result.summary.hostsAreApproximate
        HTMLSections.section(
            &out, id: "hosts", title: "Hosts",
            note: "(top \(report.hosts.count)" + (approximate ? ", approximate)" : ")")
        ) { out in
            HTMLSections.table(
                &out,
                ["host", "requests#", "handled#", "excluded#", "unmatched#", "handled share"],
                id: "hosts-table"
            ) { rows in
                for host in report.hosts {
                    rows.element("tr", ["data-host": TerminalText.escaped(host.host)]) { row in
                        row.element("td", ["class": "path"]) { cell in
                            if host.host.isEmpty { cell.say("(no host logged)") }
                            cell.text(bytes: host.host)
                        }
                        row.count(host.requests, field: "requests", errorBound: host.errorBound)
                        row.count(host.handled, field: "handled")
                        row.count(host.excluded, field: "excluded")
                        row.count(host.unmatched, field: "unmatched")
                        row.element("td") { cell in
                            cell.raw(HTMLChart.bar(host.handled, of: host.requests))
                        }
                    }
                }
            }
        }
    }

    /// The AASA files the requests were decided with.
    private static func files(_ out: inout HTMLWriter, _ report: ScanReport) {
        HTMLSections.section(&out, id: "files", title: "AASA files") { out in
            HTMLSections.table(&out, ["domain", "file", "rules#", "apps"]) { rows in
                for file in report.result.associations.files {
                    rows.element("tr") { row in
                        row.element(
                            "td", ["class": "path"],
                            text: file.domain?.description ?? "(every host)")
                        row.element("td", ["class": "path"], text: file.path)
                        row.count(UInt64(file.rules.rules.count), field: "rules")
                        row.element("td", ["class": "name"]) { cell in
                            for (index, app) in file.rules.apps.enumerated() {
                                if index > 0 { cell.raw("<br>") }
                                cell.element("span", ["class": "mono"], text: app)
                            }
                        }
                    }
                }
            }
        }
    }
}
