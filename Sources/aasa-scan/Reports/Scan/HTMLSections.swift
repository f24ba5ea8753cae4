import CLISupport
import CoverageStats
import ScanEngine
import TextFormat

/// Parts the scan and diff HTML reports share: headings, cards, tables, the inputs and
/// their errors, the filters, malformed samples, path lists and the coverage caveat.
package enum HTMLSections {
    /// What the report cannot know, in the words of the table and JSON reports.
    package static let caveat =
        "Coverage is an upper bound: a handled request is eligible to open an app. It opens "
        + "the app only if the app is installed and the link is followed from another site or "
        + "app; iOS does not open universal links that are typed or reloaded in the browser. "
        + "Excluded requests were blocked by an exclude or NOT rule; unmatched ones are not "
        + "universal links, hosts without an AASA file included. Shares are of the classified "
        + "requests (requests less the filtered ones)."

    /// One row of a top-path list.
    package struct PathLine {
        package var host: [UInt8]?
        package var path: [UInt8]
        package var count: UInt64
        package var errorBound: UInt64
    }

    /// `<section id=...><h2>title <span>note</span></h2>...</section>`.
    package static func section(
        _ out: inout HTMLWriter, id: String, title: String, note: String? = nil,
        _ body: (inout HTMLWriter) -> Void
    ) {
        out.open("section", ["id": id])
        out.element("h2") { heading in
            heading.say(title)
            if let note {
                heading.say(" ")
                heading.element("span", ["class": "count"], say: note)
            }
        }
        body(&out)
        out.close("section")
        out.raw("\n")
    }

    /// A row of an app's figures, marked with the app and its AASA file for machines, its
    /// first cell the app; `cells` adds the rest.
    package static func appRow(
        _ rows: inout HTMLWriter, app: String, source: String, _ cells: (inout HTMLWriter) -> Void
    ) {
        rows.element(
            "tr",
            ["data-app": TerminalText.escaped(app), "data-source": TerminalText.escaped(source)]
        ) { row in
            row.element("td", ["class": "name mono"], text: app)
            cells(&row)
        }
    }

    /// A table in a box that scrolls sideways on a narrow screen; `columns` are the headers,
    /// a trailing `#` marking a numeric column (`hits#`).
    package static func table(
        _ out: inout HTMLWriter, _ columns: [String], id: String? = nil,
        classes: String? = nil, _ rows: (inout HTMLWriter) -> Void
    ) {
        out.open("div", ["class": "scroll"])
        out.open("table", ["id": id, "class": classes])
        out.raw("<thead><tr>")
        for column in columns {
            let numeric = column.hasSuffix("#")
            out.element(
                "th", ["class": numeric ? "n" : nil, "scope": "col"],
                say: numeric ? String(column.dropLast()) : column)
        }
        out.raw("</tr></thead><tbody>")
        rows(&out)
        out.raw("</tbody></table></div>")
    }

    /// A figure on a card: a label and a count, `metric` its JSON path.
    package static func card(
        _ out: inout HTMLWriter, _ label: String, _ value: UInt64, metric: String?,
        kind: String? = nil
    ) {
        out.element("div", ["class": "card" + (kind.map { " " + $0 } ?? "")]) { card in
            card.element("div", ["class": "label"], say: label)
            card.count(value, tag: "div", metric: metric, classes: "value n")
        }
    }

    /// One outcome's share (`exact` the JSON's percentage) and count, in the outcome's colour.
    package static func outcomeCard(
        _ out: inout HTMLWriter, _ lane: HTMLChart.Lane, share: String, exact: String,
        count: UInt64, metrics: (percent: String, count: String)
    ) {
        out.element("div", ["class": "card " + lane.name]) { card in
            card.element("div", ["class": "label"]) { label in
                label.element("span", ["class": "key k-" + lane.name], say: "")
                label.say(lane.name)
            }
            card.element(
                "div", ["class": "value", "data-metric": metrics.percent, "data-value": exact],
                say: share)
            card.element("div", ["class": "sub"]) { line in
                line.count(count, tag: "span", metric: metrics.count, classes: "")
                line.say(count == 1 ? " request" : " requests")
            }
        }
    }

    /// A card with a text value (a percentage), `exact` the JSON's value.
    package static func card(
        _ out: inout HTMLWriter, _ label: String, shown: String, exact: String, metric: String,
        kind: String? = nil
    ) {
        out.element("div", ["class": "card" + (kind.map { " " + $0 } ?? "")]) { card in
            card.element("div", ["class": "label"], say: label)
            card.element(
                "div", ["class": "value", "data-metric": metric, "data-value": exact], say: shown)
        }
    }

    /// The banner of a report some of whose inputs could not be read to their end.
    package static func incompleteBanner(_ out: inout HTMLWriter, _ result: ScanResult) {
        guard !result.complete else { return }
        let broken = result.inputs.filter { !$0.complete }.count
        out.element("div", ["class": "banner", "role": "alert", "id": "incomplete"]) { banner in
            banner.element("strong", say: "Incomplete report. ")
            banner.say(
                "\(Format.plural(broken, "input")) could not be read to the end; the figures "
                    + "count only what was read. The inputs below say where each one stopped.")
        }
    }

    /// What may mislead in the figures (`ScanReport.warnings`), one item each, before them.
    package static func warnings(_ out: inout HTMLWriter, _ warnings: [ReportWarning]) {
        guard !warnings.isEmpty else { return }
        out.element("div", ["class": "banner", "role": "note", "id": "warnings"]) { banner in
            banner.element("strong", say: "Read these figures with care.")
            banner.element("ul") { list in
                for warning in warnings {
                    list.element("li", ["data-code": warning.code], text: warning.message)
                }
            }
        }
    }

    /// `logged from FIRST to LAST`, each time marked with its JSON path (`data-time`).
    package static func timeRange(_ line: inout HTMLWriter, _ range: TimeRange) {
        line.say("logged from ")
        line.element(
            "strong", ["data-time": "time_range.first"], say: ScanReport.timeText(range.first))
        line.say(" to ")
        line.element(
            "strong", ["data-time": "time_range.last"], say: ScanReport.timeText(range.last))
    }

    package static func caveatNote(_ out: inout HTMLWriter) {
        out.element("p", ["class": "caveat", "id": "caveat"], say: caveat)
    }

    /// The filters asked for, and how many requests each one left out.
    package static func filters(
        _ out: inout HTMLWriter, _ totals: CoverageTotals, applied: [String], time: Bool = false
    ) {
        section(&out, id: "filters", title: "Filters") { out in
            if applied.isEmpty {
                out.element(
                    "p", ["class": "note"],
                    say: totals.filtered.total == 0
                        ? "No filter: every request was classified."
                        : "The filters of the scans merged here:")
            } else {
                out.element("p") { line in
                    line.say("Applied: ")
                    for (index, option) in applied.enumerated() {
                        if index > 0 { line.say(", ") }
                        line.element("code", text: option)
                    }
                }
            }
            guard totals.filtered.total > 0 || !applied.isEmpty else { return }
            table(&out, ["filter", "requests left out#"]) { rows in
                for (name, count) in [
                    ("method", totals.filtered.byMethod), ("status", totals.filtered.byStatus),
                    ("asset", totals.filtered.byAsset), ("bot", totals.filtered.byBot),
                ] + (time ? [("time", totals.filtered.byTime)] : []) + [
                    ("total", totals.filtered.total)
                ] {
                    rows.element("tr", ["data-filter": name]) { row in
                        row.element("td", say: name)
                        row.count(
                            count,
                            metric: name == "total"
                                ? "totals.filtered.total"
                                : "totals.filtered." + name)
                    }
                }
            }
        }
    }

    /// Every input (up to `top`) with its counts and state, and the error of each that
    /// stopped short.
    package static func inputs(_ out: inout HTMLWriter, _ result: ScanResult, top: Int) {
        let inputs = result.inputs
        section(
            &out, id: "inputs", title: "Inputs",
            note: inputs.count > top ? "(\(top) of \(inputs.count))" : nil
        ) { out in
            table(
                &out, ["input", "format", "bytes#", "lines#", "requests#", "malformed#", "state"]
            ) { rows in
                for input in inputs.prefix(top) {
                    let state =
                        input.skipped ? "skipped" : input.complete ? "complete" : "incomplete"
                    rows.element(
                        "tr", ["data-input": TerminalText.escaped(input.path), "data-state": state]
                    ) { row in
                        row.element("td", ["class": "path"], text: input.path)
                        row.element(
                            "td",
                            say: (input.format?.rawValue ?? "-")
                                + (input.compression.map { $0 == .plain ? "" : " + " + $0.rawValue }
                                    ?? ""))
                        row.count(UInt64(input.bytes), field: "bytes")
                        row.count(input.counts.lines, field: "lines")
                        row.count(input.counts.requests, field: "requests")
                        row.count(input.counts.malformed, field: "malformed")
                        row.element("td") { cell in
                            cell.element(
                                "span",
                                ["class": "badge " + (input.complete ? "b-ok" : "b-bad")],
                                say: state)
                        }
                    }
                    if let message = input.error ?? input.skipReason {
                        rows.element("tr", ["class": input.error == nil ? nil : "error"]) { row in
                            row.element("td", ["colspan": "7", "class": "wrap"]) { cell in
                                cell.say(input.error == nil ? "skipped: " : "error: ")
                                cell.text(message)
                            }
                        }
                    }
                }
            }
            if inputs.count > top {
                out.element(
                    "p", ["class": "note"],
                    say: "\(Format.count(inputs.count - top)) more inputs: --top N shows more; "
                        + "the JSON report lists them all.")
            }
        }
    }

    /// The first malformed lines, whatever `--top` says: they are few.
    package static func malformed(_ out: inout HTMLWriter, _ result: ScanResult) {
        let samples = result.summary.malformedSamples
        guard !samples.isEmpty else { return }
        section(
            &out, id: "malformed", title: "Malformed lines",
            note: "(first \(samples.count) of \(Format.count(result.summary.totals.malformed)))"
        ) { out in
            table(&out, ["input", "line#", "text"]) { rows in
                for sample in samples {
                    let name =
                        result.inputs.indices.contains(sample.input)
                        ? result.inputs[sample.input].path : "?"
                    rows.element("tr") { row in
                        row.element("td", ["class": "path"], text: name)
                        row.count(sample.line, field: "line")
                        row.element("td", ["class": "path"]) { cell in
                            cell.text(bytes: sample.bytes)
                            if sample.isTruncated { cell.say("…") }
                        }
                    }
                }
            }
        }
    }

    /// A top-path list: count (with its error bound when not exact) and host/path.
    package static func paths(
        _ out: inout HTMLWriter, _ lines: [PathLine], id: String, title: String,
        approximate: Bool, top: Int
    ) {
        section(
            &out, id: id, title: title,
            note: approximate ? "(approximate counts: the true count is within ± of it)" : nil
        ) { out in
            guard !lines.isEmpty else {
                out.element("p", ["class": "note"], say: top == 0 ? "Hidden by --top 0." : "None.")
                return
            }
            let hosts = lines.first?.host != nil
            table(&out, ["requests#", hosts ? "host / path" : "path"], id: id + "-table") { rows in
                for line in lines {
                    rows.element(
                        "tr",
                        [
                            "data-path": TerminalText.escaped(line.path),
                            "data-host": line.host.map { TerminalText.escaped($0) },
                        ]
                    ) { row in
                        row.count(line.count, field: "count", errorBound: line.errorBound)
                        row.element("td", ["class": "path"]) { cell in
                            if let host = line.host {
                                cell.element("span", ["class": "sub"]) { span in
                                    if host.isEmpty { span.say("(no host)") }
                                    span.text(bytes: host)
                                }
                                cell.say(" ")
                            }
                            cell.text(bytes: line.path)
                        }
                    }
                }
            }
        }
    }
}
