import CLISupport
import ScanEngine
import TextFormat

/// The human report: coverage first, then apps, rules (dead ones marked), top unmatched
/// paths, hosts, inputs and malformed samples. Every string from a log or file is escaped.
public enum ReportTable {
    /// The report as a table `width` columns wide (no limit when nil), coloured or not.
    public static func render(_ report: ScanReport, color: Bool, top: Int, width: Int? = nil)
        -> String
    {
        var out: [String] = []
        let style = Style(enabled: color)
        let result = report.result
        let totals = report.totals
        let inputCount = result.inputs.count
        out.append(
            style.bold("aasa-scan") + ": \(Format.plural(totals.lines, "line")), "
                + "\(Format.plural(totals.requests, "request")) from "
                + Format.plural(inputCount, "input")
                + " in \(Format.fixed(result.elapsedSeconds, decimals: 2)) s"
                + (result.complete
                    ? "" : "  " + style.red("INCOMPLETE: some inputs could not be read")))
        if !report.warnings.isEmpty {
            out.append("")
            out.append(style.bold("Warnings") + " (read the figures below with these in mind)")
            out += report.warnings.map {
                "  " + style.yellow("!") + " " + TerminalText.escaped($0.message)
            }
        }
        out.append("")
        out.append(
            style.bold("Coverage")
                + " of \(Format.count(report.classified)) classified requests "
                + "(an upper bound: eligible to open an app)")
        out += decisionTable(totals.handled, totals.excluded, totals.unmatched)
        var notes: [String] = []
        if totals.noAssociation > 0 {
            notes.append(
                "\(Format.count(totals.noAssociation)) unmatched for hosts without an AASA file")
        }
        if totals.filtered.total > 0 {
            notes.append(
                "filtered out \(Format.count(totals.filtered.total)) (method \(Format.count(totals.filtered.byMethod)), "
                    + "status \(Format.count(totals.filtered.byStatus)), asset \(Format.count(totals.filtered.byAsset)), "
                    + "bot \(Format.count(totals.filtered.byBot))"
                    + (report.readsTime ? ", time \(Format.count(totals.filtered.byTime))" : "")
                    + ")")
        }
        if let range = report.timeRange {
            notes.append(
                "logged from \(ScanReport.timeText(range.first)) to "
                    + ScanReport.timeText(range.last))
        }
        if totals.malformed > 0 {
            notes.append(Format.plural(totals.malformed, "malformed line"))
        }
        if totals.skipped > 0 {
            notes.append(Format.plural(totals.skipped, "non-request line") + " skipped")
        }
        out += notes.map { "  " + $0 }
        out += androidSection(report, style: style, top: top, width: width)
        out += overTime(report, style: style, top: top, width: width)

        if top == 0 {
            // The lists are hidden, not empty: "(none)" here would read as "no handled paths".
            out.append("")
            out.append(
                (report.seriesBucket == nil
                    ? "  Apps, rules, dead rules, paths, hosts and inputs"
                    : "  Apps, rules, dead rules, paths, hosts, inputs and the series")
                    + " are hidden by --top 0; --format json or csv has them all")
            out += malformedSection(result, style: style)
            out.append("")
            out.append(recap(report, style: style))
            return fitted(out, width)
        }

        out.append("")
        let alone = report.apps.first?.eligible != nil
        // An app ID named by several files is one row per file: the file tells them apart.
        var namings: [String: Int] = [:]
        for app in report.apps { namings[app.app, default: 0] += 1 }
        func appName(_ row: ScanReport.AppRow) -> String {
            TerminalText.escaped(row.app)
                + ((namings[row.app] ?? 0) > 1 ? " (" + TerminalText.escaped(row.source) + ")" : "")
        }
        out.append(
            style.bold("Apps") + shownOf(report.apps.count, top)
                + (alone ? " (eligible: what the app opens when it is the only one installed)" : "")
        )
        out += table(
            [["app", "handled", "excluded"] + (alone ? ["eligible", "eligible excl."] : [])]
                + report.apps.prefix(top).map {
                    [appName($0), Format.count($0.handled), Format.count($0.excluded)]
                        + (alone
                            ? [
                                Format.count($0.eligible ?? 0),
                                Format.count($0.eligibleExcluded ?? 0),
                            ]
                            : [])
                },
            alignRight: [false, true, true, true, true], header: true, style: style, elastic: [0],
            width: width)
        if !alone, report.apps.count > 1, report.apps.contains(where: { $0.handled == 0 }) {
            // An earlier entry may take every URL of an app: handled is then 0 for it.
            out.append(
                "  an app at 0 handled may open URLs when installed alone: counted unless "
                    + "--no-per-app")
        }

        out.append("")
        let ranked = report.rules.filter { $0.hits > 0 }.sorted { $0.hits > $1.hits }
        let multipleFiles = result.associations.files.count > 1
        func ruleName(_ rule: ScanReport.RuleRow) -> String {
            (multipleFiles ? TerminalText.escaped(rule.source) + " " : "") + rule.ref
        }
        out.append(
            style.bold("Rules by hits")
                + " (top \(min(ranked.count, top)) of \(report.rules.count); every rule is in the "
                + "JSON and CSV reports)")
        out += table(
            [["rule", "hits", "share", "pattern"]]
                + ranked.prefix(top).map { rule in
                    [
                        ruleName(rule), Format.count(rule.hits),
                        Format.percent(report.percent(rule.hits)),
                        TerminalText.escaped(rule.pattern),
                    ]
                },
            alignRight: [false, true, true, false], header: true, style: style,
            elastic: [0, 3], width: width)
        let dead = report.deadRules
        let shadowed = report.shadowedRules.count
        out.append("")
        out.append(
            style.bold("Dead rules") + ": \(dead.count) of \(report.rules.count) decided no request"
                + (shadowed == 0
                    ? "" : ", \(shadowed) of them can never decide (aasa-scan lint says why)")
                + (dead.isEmpty ? "" : " (in file order)"))
        out += dead.prefix(top).map { rule in
            "  " + style.yellow(ruleName(rule)) + "  " + TerminalText.escaped(rule.pattern)
                + (rule.shadowedBy.map {
                    "  [never decides: shadowed by \(TerminalText.escaped($0))]"
                } ?? "")
        }
        out += more(dead.count, top)
        let unmeasurable = report.rules.filter { !$0.measurable }
        if !unmeasurable.isEmpty {
            out.append("")
            out.append(
                style.bold("Not measurable in this traffic")
                    + ": \(unmeasurable.count) of \(report.rules.count) decide by the fragment, "
                    + "which no server log holds")
            out += unmeasurable.prefix(top).map { rule in
                "  " + ruleName(rule) + "  " + TerminalText.escaped(rule.pattern)
            }
            out += more(unmeasurable.count, top)
        }

        out.append("")
        out.append(
            style.bold("Top unmatched paths")
                + (result.summary.topUnmatchedIsApproximate ? " (approximate counts)" : ""))
        out += pathTable(report.topUnmatched, style: style, width: width)

        out.append("")
        out.append(
            style.bold("Top handled paths")
                + (result.summary.topHandledIsApproximate ? " (approximate counts)" : ""))
        out += pathTable(report.topHandled, style: style, width: width)

        if report.hosts.contains(where: { !$0.host.isEmpty }) {
            out.append("")
            out.append(
                style.bold("Hosts") + (result.summary.hostsAreApproximate ? " (approximate)" : "")
                    + " (top \(report.hosts.count))")
            out += table(
                [["host", "requests", "handled", "excluded", "unmatched"]]
                    + report.hosts.map {
                        [
                            $0.host.isEmpty ? "(no host logged)" : TerminalText.escaped($0.host),
                            Format.count($0.requests),
                            Format.count($0.handled), Format.count($0.excluded),
                            Format.count($0.unmatched),
                        ]
                    }, alignRight: [false, true, true, true, true], header: true, style: style,
                elastic: [0], width: width)
        }

        out.append("")
        out.append(style.bold("Inputs") + shownOf(result.inputs.count, top))
        out += table(
            [["input", "format", "bytes", "lines", "requests", "malformed", "status"]]
                + result.inputs.prefix(top).map { input in
                    [
                        TerminalText.escaped(input.path),
                        (input.format?.rawValue ?? "-")
                            + (input.compression.map { $0 == .plain ? "" : "+" + $0.rawValue } ?? ""),
                        Format.bytes(input.bytes), Format.count(input.counts.lines),
                        Format.count(input.counts.requests), Format.count(input.counts.malformed),
                        input.skipped
                            ? "skipped" : input.complete ? "complete" : style.red("INCOMPLETE"),
                    ]
                }, alignRight: [false, false, true, true, true, true, false], header: true,
            style: style, elastic: [0], width: width)
        out += more(result.inputs.count, top)
        out += malformedSection(result, style: style)
        // The summary again, last: a long report must not scroll it out of sight.
        out.append("")
        out.append(recap(report, style: style))
        return fitted(out, width)
    }

    /// The lines, each cut to `width` (tables were fitted column by column already; this
    /// catches titles, dead rules, samples and errors).
    /// The three decisions with their shares (adding up to 100%) and counts.
    static func decisionTable(_ handled: UInt64, _ excluded: UInt64, _ unmatched: UInt64)
        -> [String]
    {
        let counts = [handled, excluded, unmatched]
        let shares = Format.percentsAddingUp(counts)
        return table(
            zip(["handled", "excluded", "unmatched"], zip(shares, counts)).map {
                [$0, $1.0, Format.count($1.1)]
            }, alignRight: [false, true, true])
    }

    package static func fitted(_ lines: [String], _ width: Int?) -> String {
        Style.fit(lines, width)
    }

    /// Input errors and malformed samples: shown whatever `--top` says, they are few.
    private static func malformedSection(_ result: ScanResult, style: Style) -> [String] {
        var out: [String] = []
        for input in result.inputs {
            if let error = input.error {
                out.append("  " + style.red("error: ") + TerminalText.escaped(error))
            }
        }
        let samples = result.summary.malformedSamples
        if !samples.isEmpty {
            out.append("")
            out.append(style.bold("Malformed lines") + " (first \(samples.count))")
            for sample in samples {
                let name =
                    result.inputs.indices.contains(sample.input)
                    ? result.inputs[sample.input].path : "?"
                out.append(
                    "  \(TerminalText.escaped(name)):\(sample.line): \(TerminalText.escaped(sample.bytes))"
                        + (sample.isTruncated ? "..." : ""))
            }
        }
        return out
    }

    /// One line with the coverage figures.
    private static func recap(_ report: ScanReport, style: Style) -> String {
        let totals = report.totals
        let shares = Format.percentsAddingUp([totals.handled, totals.excluded, totals.unmatched])
        return style.bold("Coverage") + ": "
            + "\(shares[0]) handled, \(shares[1]) excluded, \(shares[2]) unmatched of "
            + Format.plural(report.classified, "request")
    }

    /// ` (top N of M)` when a list is cut.
    private static func shownOf(_ count: Int, _ top: Int) -> String {
        count > top ? " (top \(top) of \(count))" : ""
    }

    /// The line that says how many rows `--top` left out.
    private static func more(_ count: Int, _ top: Int) -> [String] {
        count > top
            ? [
                "  ... and \(Format.count(count - top)) more (--top N shows more; --format json or csv has all)"
            ]
            : []
    }

    private static func pathTable(_ rows: [ScanReport.PathRow], style: Style, width: Int?)
        -> [String]
    {
        guard !rows.isEmpty else { return ["  (none)"] }
        return table(
            [["count", rows.first?.host == nil ? "path" : "host/path"]]
                + rows.map {
                    [
                        Format.count($0.count)
                            + ($0.errorBound > 0 ? " ±\(Format.count($0.errorBound))" : ""),
                        TerminalText.escaped(($0.host ?? []) + $0.path),
                    ]
                }, alignRight: [true, false], header: true, style: style, elastic: [1],
            width: width)
    }

    /// Aligned columns, indented by two spaces; widths count characters, not colour codes.
    /// `elastic` names the text columns (a path, a name, a pattern) that are shortened, in the
    /// middle with `…`, widest first, when the rows are wider than `width`; a count never is.
    /// When even the shortest of them leave the rows too wide, each row is stacked instead:
    /// its text on one line, its figures below with their headings, so every number stays
    /// whole at any width.
    package static func table(
        _ rows: [[String]], alignRight: [Bool], header: Bool = false,
        style: Style = Style(enabled: false), elastic: [Int] = [], width: Int? = nil
    ) -> [String] {
        guard let columns = rows.first?.count else { return [] }
        var rows = rows
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], Style.visibleWidth(cell))
            }
        }
        let shortest = 8
        func total() -> Int { 2 + widths.reduce(0, +) + 2 * (columns - 1) }
        if let width, total() > width {
            // Narrow the widest elastic column a step at a time, down to `shortest`.
            while total() > width,
                let widest = elastic.filter({ widths[$0] > shortest }).max(by: {
                    widths[$0] < widths[$1]
                })
            {
                widths[widest] = max(shortest, widths[widest] - (total() - width))
            }
            if total() > width, header {
                return stacked(rows, style: style, width: width)
            }
            for column in elastic {
                for index in rows.indices {
                    rows[index][column] = Style.middleCut(rows[index][column], to: widths[column])
                }
            }
        }
        return rows.enumerated().map { rowIndex, row in
            let cells = row.enumerated().map { index, cell -> String in
                let padding = String(
                    repeating: " ", count: max(0, widths[index] - Style.visibleWidth(cell)))
                let isLast = index == columns - 1
                return alignRight[index] ? padding + cell : cell + (isLast ? "" : padding)
            }
            let line = "  " + cells.joined(separator: "  ")
            return header && rowIndex == 0 ? style.dim(line) : line
        }
    }

    /// A table too wide for `width` as one block per row: the first cell, then
    /// `heading value` pairs of the others, wrapped at spaces.
    private static func stacked(_ rows: [[String]], style: Style, width: Int) -> [String] {
        guard let headings = rows.first else { return [] }
        let indent = "      "
        return rows.dropFirst().flatMap { row -> [String] in
            var lines = Style.wrapped("  " + row[0], to: width)
            var line = indent
            // A heading and its figure stay on one line.
            for pair in zip(headings, row).dropFirst().map({ "\($0) \($1)" }) {
                let separator = line == indent ? "" : "  "
                if line != indent,
                    Style.visibleWidth(line + separator + pair) > width
                {
                    lines.append(line)
                    line = indent + pair
                } else {
                    line += separator + pair
                }
            }
            return lines + [line]
        }
    }
}
