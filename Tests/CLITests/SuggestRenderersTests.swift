import Foundation
import TestSupport
import Testing

/// The table and the CSV of `suggest` against the JSON of the same run: the totals, what was
/// mined, and each suggestion's gain and coverage after it.
struct SuggestRenderersTests {
    func report() throws -> RenderedReport {
        try RenderedReport([
            "suggest", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--workers", "1",
            "--quiet", "--top", "5", PackagePaths.bundledData("sample-access.log.zst"),
        ])
    }

    @Test func tableAndCSVShowTheFiguresOfTheJSON() throws {
        let report = try report()
        let json = report.json
        let totals = try #require(json["totals"] as? [String: Any])
        let mining = try #require(json["mining"] as? [String: Any])
        let notMined = try #require(mining["unmatched_not_mined"] as? [String: Any])
        let suggestions = RenderedReport.rows(json["suggestions"])
        #expect(suggestions.count > 5)

        // The table.
        #expect(
            report.table.contains {
                $0.hasPrefix(
                    "aasa-scan suggest: \(RenderedReport.grouped(totals["requests"])) requests")
            })
        #expect(
            report.table.contains {
                $0.hasSuffix(
                    " of \(RenderedReport.grouped(totals["classified"])) classified requests")
            })
        #expect(
            report.table.contains(
                "Mined \(RenderedReport.grouped(mining["unmatched_mined"])) unmatched requests "
                    + "into \(RenderedReport.grouped(mining["patterns_kept"])) patterns; measured "
                    + "\(RenderedReport.grouped(mining["candidates_measured"])) candidate rules"))
        let reasons = ["asset", "api", "admin", "login", "system"]
        #expect(
            report.table.contains {
                $0.hasSuffix(
                    reasons.map { "\(RenderedReport.grouped(notMined[$0])) \($0)" }.joined(
                        separator: ", "))
            })
        #expect(
            report.table.contains {
                $0.hasPrefix("Suggestions (top 5 of \(suggestions.count))")
            })
        for suggestion in suggestions.prefix(5) {
            let rank = suggestion["rank"] as? Int ?? -1
            report.expectRow(
                "Suggestions", key: "  \(rank)  ",
                shows: [
                    "\(rank)", "+" + RenderedReport.grouped(suggestion["gain"]),
                    RenderedReport.percent(suggestion["handled_percent_after"]),
                ])
        }

        // The CSV.
        let valueColumn = 4
        for key in [
            "lines", "requests", "filtered", "classified", "handled", "excluded", "unmatched",
        ] {
            report.expectCSV(["total", "", "", key], column: valueColumn, totals[key])
        }
        for key in ["unmatched_mined", "candidates_measured"] {
            report.expectCSV(["total", "", "", key], column: valueColumn, mining[key])
        }
        for suggestion in suggestions {
            let row = [
                "suggestion", "\(suggestion["rank"] ?? "")", "\(suggestion["pattern"] ?? "")",
            ]
            for key in ["gain", "gain_alone", "handled_after", "moved_from_other_apps"] {
                report.expectCSV(row + [key], column: valueColumn, suggestion[key])
            }
            let captures = try #require(suggestion["captures"] as? [String: Any])
            for reason in reasons {
                report.expectCSV(row + ["capture_" + reason], column: valueColumn, captures[reason])
            }
        }
    }
}
