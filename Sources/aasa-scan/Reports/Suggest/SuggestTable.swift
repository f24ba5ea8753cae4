import CLISupport
import RuleAnalysis
import TextFormat

/// The human form of `suggest`: coverage now, the suggestions with what each adds and what
/// else it would open, the candidates set aside and why. Every path from a log is escaped.
package enum SuggestTable {
    package static func render(_ report: SuggestReport, color: Bool, top: Int, width: Int?)
        -> String
    {
        let style = Style(enabled: color)
        let totals = report.totals
        var out: [String] = []
        out.append(
            style.bold("aasa-scan suggest") + ": \(Format.plural(totals.requests, "request")) from "
                + Format.plural(report.result.inputs.count, "input")
                + " in \(Format.fixed(report.elapsedSeconds, decimals: 2)) s"
                + (report.result.complete
                    ? "" : "  " + style.red("INCOMPLETE: some inputs could not be read")))
        out += report.warnings.map {
            "  " + style.yellow("!") + " " + TerminalText.escaped($0.message)
        }
        out.append(
            "Rules for \(TerminalText.escaped(report.target.appID)), added "
                + report.placeName)
        let shares = Format.percentsAddingUp([totals.handled, totals.excluded, totals.unmatched])
        out.append(
            "Coverage now: \(shares[0]) handled, \(shares[1]) excluded, \(shares[2]) unmatched "
                + "of \(Format.plural(report.classified, "classified request"))")
        out.append("")
        if report.rows.isEmpty {
            out.append(style.bold("Suggestions") + ": none")
            out.append("  " + emptyReason(report))
        } else {
            out.append(
                style.bold("Suggestions")
                    + (report.rows.count > top ? " (top \(top) of \(report.rows.count))" : "")
                    + ": gain = requests it adds to the rules above; handled = coverage with them")
            var rows: [[String]] = [["#", "gain", "handled", "rule"]]
            var notes: [Int: [String]] = [:]
            for row in report.rows.prefix(top) {
                rows.append([
                    String(row.rank), "+" + Format.count(row.suggestion.gain),
                    Format.percent(report.percent(row.handledAfter)),
                    TerminalText.escaped(SuggestReport.ruleText(row.suggestion.candidate)),
                ])
                notes[row.rank] = details(row, style: style)
            }
            let lines = ReportTable.table(
                rows, alignRight: [true, true, true, false], header: true, style: style,
                elastic: [3], width: width)
            out.append(lines[0])
            for (index, line) in lines.dropFirst().enumerated() {
                out.append(line)
                out += notes[index + 1] ?? []
            }
            if report.rows.count > top {
                out.append(
                    "  ... and \(report.rows.count - top) more (--top N shows more; "
                        + "--format json or csv has all)")
            }
        }
        if !report.rejected.isEmpty {
            out.append("")
            out.append(style.bold("Not suggested"))
            for rejected in report.rejected {
                out.append(
                    "  " + TerminalText.escaped(SuggestReport.ruleText(rejected.candidate)) + ": "
                        + reason(rejected))
            }
        }
        out.append("")
        out += miningLines(report)
        if let applied = report.applied {
            out.append(
                "Wrote \(TerminalText.escaped(applied.output)) with the top "
                    + Format.plural(applied.count, "suggestion") + ": +"
                    + Format.count(applied.gain) + " handled, "
                    + Format.percent(report.percent(totals.handled)) + " → "
                    + Format.percent(report.percent(applied.handledAfter)))
        } else if !report.rows.isEmpty {
            out.append(
                "Write the top N into a new file with --apply N --output NEW.json")
        }
        return ReportTable.fitted(out, width)
    }

    /// Examples, and what else the rule would open (a warning, with examples).
    private static func details(_ row: SuggestReport.Row, style: Style) -> [String] {
        let suggestion = row.suggestion
        var lines: [String] = []
        if let pages = suggestion.examples[.page], !pages.isEmpty {
            lines.append(
                "      e.g. " + pages.map { TerminalText.escaped($0) }.joined(separator: ", "))
        }
        if suggestion.gainAlone != suggestion.gain {
            lines.append(
                "      alone it adds \(Format.count(suggestion.gainAlone)); the rest is already "
                    + "opened by the rules above")
        }
        for category in PathCategory.allCases where category != .page {
            guard let count = suggestion.captures[category] else { continue }
            let examples = (suggestion.examples[category] ?? []).map { TerminalText.escaped($0) }
            lines.append(
                "      "
                    + style.yellow("also opens \(Format.count(count)) \(noun(category, count))")
                    + (examples.isEmpty ? "" : ": " + examples.joined(separator: ", ")))
        }
        if suggestion.movedAlone > 0 {
            lines.append(
                "      "
                    + style.yellow(
                        "takes \(Format.plural(suggestion.movedAlone, "request")) another app opens now"
                    ))
        }
        return lines
    }

    private static func noun(_ category: PathCategory, _ count: UInt64) -> String {
        let one = count == 1
        switch category {
        case .page: return one ? "page" : "pages"
        case .asset: return one ? "static file" : "static files"
        case .api: return one ? "API request" : "API requests"
        case .admin: return one ? "admin page" : "admin pages"
        case .login: return one ? "login page" : "login pages"
        case .system: return one ? "server file or probe" : "server files or probes"
        }
    }

    private static func reason(_ rejected: RejectedCandidate) -> String {
        let examples = rejected.examples.map { TerminalText.escaped($0) }
        switch rejected.reason {
        case .opensExcluded(let count):
            return "would open \(Format.plural(count, "request")) the file excludes"
                + (examples.isEmpty ? "" : " (e.g. " + examples.joined(separator: ", ") + ")")
        case .dropsFragmentConstraint(let count):
            return "would open \(Format.plural(count, "request")) that a rule of the file opens "
                + "only with a given fragment (the fragment constraint would be lost)"
                + (examples.isEmpty ? "" : " (e.g. " + examples.joined(separator: ", ") + ")")
        case .changesDecisions(let count):
            return "would change the decision of \(Format.plural(count, "request")) already decided"
        case .notMeasured:
            return "not measured: too many overlapping candidates for the memory bound"
        }
    }

    private static func emptyReason(_ report: SuggestReport) -> String {
        if report.totals.unmatched == 0 { return "no request is unmatched" }
        if report.miner.minedRequests == 0 {
            return "the unmatched requests are static files, API calls, admin, login or server "
                + "paths, which no rule should open"
        }
        if report.candidatesMeasured == 0 { return "no specific pattern fits the unmatched paths" }
        return "no candidate rule opens an unmatched request without opening an excluded one"
    }

    private static func miningLines(_ report: SuggestReport) -> [String] {
        let miner = report.miner
        let skipped = PathCategory.allCases.compactMap { category -> String? in
            guard let count = miner.skippedRequests[category], count > 0 else { return nil }
            return "\(Format.count(count)) \(category.name)"
        }
        return [
            "Mined \(Format.plural(miner.minedRequests, "unmatched request")) into "
                + Format.plural(miner.storedPatterns, "pattern")
                + "; measured \(Format.plural(report.candidatesMeasured, "candidate rule"))"
        ]
            + (skipped.isEmpty
                ? []
                : ["Not mined, as no rule should open them: " + skipped.joined(separator: ", ")])
    }
}
