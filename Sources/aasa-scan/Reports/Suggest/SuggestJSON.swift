import CLISupport
import RuleAnalysis
import ScanEngine
import TextFormat

/// The versioned JSON form of `suggest` (`aasa-scan.suggest/1`); every field is documented in
/// the README. Keys keep a fixed order and the output is plain ASCII.
package enum SuggestJSON {
    package static let schema = "aasa-scan.suggest/1"

    package static func render(_ report: SuggestReport) -> String {
        let totals = report.totals
        var object = JSONObject()
        object.add("schema", string: schema)
        object.add("complete", raw: report.result.complete ? "true" : "false")
        object.add("aasa", string: report.aasaPath)
        object.add("app", string: report.target.appID)
        object.add("entry", raw: report.target.entryRef.map(JSONText.quoted) ?? "null")
        object.add(
            "entry_apps", raw: ReportJSON.array(report.target.entryApps.map(JSONText.quoted)))
        object.add("style", string: report.target.usesPaths ? "paths" : "components")
        object.add("warnings", raw: ReportJSON.warnings(report.warnings))
        object.add("inputs", raw: ReportJSON.array(report.result.inputs.map(input)))
        var totalsObject = JSONObject()
        totalsObject.add("lines", count: totals.lines)
        totalsObject.add("requests", count: totals.requests)
        totalsObject.add("filtered", count: totals.filtered.total)
        totalsObject.add("classified", count: report.classified)
        totalsObject.add("handled", count: totals.handled)
        totalsObject.add("excluded", count: totals.excluded)
        totalsObject.add("unmatched", count: totals.unmatched)
        totalsObject.add("handled_percent", raw: percent(report, totals.handled))
        object.add("totals", raw: totalsObject.text)
        var mining = JSONObject()
        mining.add("unmatched_mined", count: report.miner.minedRequests)
        mining.add("unmatched_not_mined", raw: categories(report.miner.skippedRequests))
        mining.add("patterns_kept", count: UInt64(report.miner.storedPatterns))
        mining.add("patterns_approximate", raw: report.miner.floor > 0 ? "true" : "false")
        mining.add("candidates_measured", count: UInt64(report.candidatesMeasured))
        object.add("mining", raw: mining.text)
        object.add("suggestions", raw: ReportJSON.array(report.rows.map { suggestion($0, report) }))
        object.add("rejected", raw: ReportJSON.array(report.rejected.map(rejected)))
        object.add("measured", raw: ReportJSON.array(measured(report)))
        if let applied = report.applied {
            var row = JSONObject()
            row.add("count", count: UInt64(applied.count))
            row.add("output", string: applied.output)
            row.add("gain", count: applied.gain)
            row.add("handled_after", count: applied.handledAfter)
            row.add("handled_percent_after", raw: percent(report, applied.handledAfter))
            object.add("applied", raw: row.text)
        } else {
            object.add("applied", raw: "null")
        }
        object.add("elapsed_seconds", raw: Format.fixed(report.elapsedSeconds, decimals: 3))
        return object.text + "\n"
    }

    private static func suggestion(_ row: SuggestReport.Row, _ report: SuggestReport) -> String {
        let suggestion = row.suggestion
        var object = JSONObject()
        object.add("rank", count: UInt64(row.rank))
        object.add("pattern", string: suggestion.candidate.pattern)
        object.add("rule", raw: ascii(suggestion.candidate.rule.jsonText))
        object.add("gain", count: suggestion.gain)
        object.add("gain_alone", count: suggestion.gainAlone)
        object.add("handled_after", count: row.handledAfter)
        object.add("handled_percent_after", raw: percent(report, row.handledAfter))
        object.add("captures", raw: categories(suggestion.captures, skippingPages: true))
        object.add(
            "examples",
            raw: ReportJSON.array((suggestion.examples[.page] ?? []).map(JSONText.quoted(bytes:))))
        var captureExamples = JSONObject()
        for category in PathCategory.allCases where category != .page {
            guard let paths = suggestion.examples[category], !paths.isEmpty else { continue }
            captureExamples.add(
                category.name, raw: ReportJSON.array(paths.map(JSONText.quoted(bytes:))))
        }
        object.add("capture_examples", raw: captureExamples.text)
        object.add("moved_from_other_apps", count: suggestion.movedAlone)
        return object.text
    }

    /// Every candidate measured, in the order they were chosen for measuring, with what
    /// became of it.
    private static func measured(_ report: SuggestReport) -> [String] {
        let ranks = Dictionary(
            report.rows.map { ($0.suggestion.index, $0.rank) },
            uniquingKeysWith: { first, _ in first })
        let rejected = Set(report.rejected.map(\.index))
        return report.measured.enumerated().map { index, item in
            var object = JSONObject()
            object.add("pattern", string: item.candidate.pattern)
            object.add("gain_alone", count: item.gainAlone)
            let outcome =
                ranks[index] != nil
                ? "suggested"
                : rejected.contains(index)
                    ? "rejected"
                    : item.gainAlone > 0
                        ? "covered" : "opens_nothing"
            object.add("outcome", string: outcome)
            object.add("rank", raw: ranks[index].map { String($0) } ?? "null")
            return object.text
        }
    }

    private static func rejected(_ rejected: RejectedCandidate) -> String {
        var object = JSONObject()
        let (reason, count) = SuggestReport.reasonName(rejected.reason)
        object.add("pattern", string: rejected.candidate.pattern)
        object.add("rule", raw: ascii(rejected.candidate.rule.jsonText))
        object.add("reason", string: reason)
        object.add("count", count: count)
        object.add(
            "examples", raw: ReportJSON.array(rejected.examples.map(JSONText.quoted(bytes:))))
        return object.text
    }

    private static func input(_ input: InputReport) -> String {
        var row = JSONObject()
        row.add("path", string: input.path)
        row.add("format", raw: input.format.map { JSONText.quoted($0.rawValue) } ?? "null")
        row.add("lines", count: input.counts.lines)
        row.add("requests", count: input.counts.requests)
        row.add("malformed", count: input.counts.malformed)
        row.add("complete", raw: input.complete ? "true" : "false")
        row.add("error", raw: input.error.map(JSONText.quoted) ?? "null")
        row.add("skipped", raw: input.skipped ? "true" : "false")
        return row.text
    }

    /// Counts by category, every category but `page` always present.
    private static func categories(
        _ counts: [PathCategory: UInt64], skippingPages: Bool = true
    ) -> String {
        var object = JSONObject()
        for category in PathCategory.allCases where !(skippingPages && category == .page) {
            object.add(category.name, count: counts[category, default: 0])
        }
        return object.text
    }

    private static func percent(_ report: SuggestReport, _ count: UInt64) -> String {
        Format.fixed(report.percent(count), decimals: 3)
    }

    /// A rule's JSON text with anything outside printable ASCII escaped, as the report is ASCII.
    private static func ascii(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 >= 0x80 }) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if scalar.value < 0x80 {
                out.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out
    }
}
