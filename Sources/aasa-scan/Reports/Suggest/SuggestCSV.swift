import CLISupport
import RuleAnalysis

/// The CSV form of `suggest`: one `section,rank,pattern,key,value` row per fact, so that new
/// facts add rows, never columns. Every field is a `CSVCell`: quoted as RFC 4180 says, with
/// no control character and no formula a spreadsheet would run.
package enum SuggestCSV {
    package static let header = "section,rank,pattern,key,value"

    package static func render(_ report: SuggestReport) -> String {
        var rows = [header]
        func add(_ section: String, _ rank: Int?, _ pattern: String, _ key: String, _ value: String)
        {
            rows.append(
                [section, rank.map(String.init) ?? "", pattern, key, value].map(field)
                    .joined(separator: ","))
        }
        for warning in report.warnings { add("warning", nil, "", warning.code, warning.message) }
        let totals = report.totals
        for (key, value) in [
            ("lines", totals.lines), ("requests", totals.requests),
            ("filtered", totals.filtered.total), ("classified", report.classified),
            ("handled", totals.handled), ("excluded", totals.excluded),
            ("unmatched", totals.unmatched), ("unmatched_mined", report.miner.minedRequests),
            ("candidates_measured", UInt64(report.candidatesMeasured)),
        ] {
            add("total", nil, "", key, String(value))
        }
        for row in report.rows {
            let suggestion = row.suggestion
            let pattern = suggestion.candidate.pattern
            add("suggestion", row.rank, pattern, "rule", suggestion.candidate.rule.jsonText)
            add("suggestion", row.rank, pattern, "gain", String(suggestion.gain))
            add("suggestion", row.rank, pattern, "gain_alone", String(suggestion.gainAlone))
            add("suggestion", row.rank, pattern, "handled_after", String(row.handledAfter))
            for category in PathCategory.allCases where category != .page {
                add(
                    "suggestion", row.rank, pattern, "capture_" + category.name,
                    String(suggestion.captures[category, default: 0]))
            }
            add(
                "suggestion", row.rank, pattern, "moved_from_other_apps",
                String(suggestion.movedAlone))
            for category in PathCategory.allCases {
                for path in suggestion.examples[category] ?? [] {
                    add(
                        "suggestion", row.rank, pattern,
                        category == .page ? "example" : "example_" + category.name,
                        JSONText.urlText(bytes: path))
                }
            }
        }
        for rejected in report.rejected {
            let (reason, count) = SuggestReport.reasonName(rejected.reason)
            let pattern = rejected.candidate.pattern
            add("rejected", nil, pattern, "rule", rejected.candidate.rule.jsonText)
            add("rejected", nil, pattern, reason, String(count))
            for path in rejected.examples {
                add("rejected", nil, pattern, "example", JSONText.urlText(bytes: path))
            }
        }
        if let applied = report.applied {
            add("applied", nil, "", "count", String(applied.count))
            add("applied", nil, "", "output", applied.output)
            add("applied", nil, "", "gain", String(applied.gain))
            add("applied", nil, "", "handled_after", String(applied.handledAfter))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// One cell of untrusted text (`CSVCell`).
    private static func field(_ value: String) -> String { CSVCell.text(value) }
}
