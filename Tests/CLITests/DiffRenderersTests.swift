import Foundation
import TestSupport
import Testing

/// The table and the CSV of `diff` on traffic against the JSON of the same run: totals of
/// both sides, the transition matrix, lost requests, apps, the paths of each change and the
/// rules whose hits changed.
struct DiffRenderersTests {
    static let outcomes = ["handled", "excluded", "unmatched"]

    func report() throws -> RenderedReport {
        try RenderedReport([
            "diff", "--old", PackagePaths.bundledData("sample.aasa.json"), "--new",
            PackagePaths.bundledData("sample-next.aasa.json"), "--workers", "1", "--quiet",
            "--top", "3", PackagePaths.bundledData("sample-access.log.zst"),
        ])
    }

    /// Requests of each transition, by its two outcomes.
    func transitions(_ json: [String: Any]) -> [String: Any] {
        Dictionary(
            RenderedReport.rows(json["transitions"]).map {
                ("\($0["from"] ?? "") \($0["to"] ?? "")", $0["requests"] as Any)
            }, uniquingKeysWith: { first, _ in first })
    }

    @Test func tableShowsTheFiguresOfTheJSON() throws {
        let report = try report()
        let json = report.json
        let matrix = transitions(json)
        let totals = try #require(json["totals"] as? [String: Any])
        let old = try #require(totals["old"] as? [String: Any])
        let new = try #require(totals["new"] as? [String: Any])
        for from in Self.outcomes {
            report.expectRow(
                "Transitions of", key: "  " + from + " ",
                shows: Self.outcomes.map { RenderedReport.grouped(matrix["\(from) \($0)"]) }
                    + [RenderedReport.grouped(old[from])])
        }
        report.expectRow(
            "Transitions of", key: "new total",
            shows: Self.outcomes.map { RenderedReport.grouped(new[$0]) })
        let lost = try #require(json["lost"] as? [String: Any])
        #expect(
            report.table.contains(
                "Lost: \(RenderedReport.grouped(lost["requests"])) of "
                    + "\(RenderedReport.grouped(lost["old_handled"])) handled requests "
                    + "(\(RenderedReport.percent(lost["percent"]))) are not handled under new"))
        #expect(
            report.table.contains {
                $0.hasPrefix("Gained: \(RenderedReport.grouped(json["gained"])) requests")
            })
        // The table lists the first `--top` apps, the JSON every app.
        for app in RenderedReport.rows(json["apps"]).prefix(3) {
            report.expectRow(
                "Apps", key: app["app"] as? String ?? "?",
                shows: ["old_handled", "new_handled", "old_excluded", "new_excluded"].map {
                    RenderedReport.grouped(app[$0])
                })
        }
        // The table leaves out the changes no request made.
        let changes = RenderedReport.rows(json["top_changed_paths"]).filter {
            $0["requests"] as? Int != 0
        }
        #expect(changes.count == 2)
        for change in changes {
            let title = "Top paths: \(change["from"] ?? "") → \(change["to"] ?? "")"
            #expect(
                report.table.contains(
                    "\(title) (\(RenderedReport.grouped(change["requests"])) requests)"))
            for path in RenderedReport.rows(change["paths"]) {
                report.expectRow(
                    title, key: " " + (path["path"] as? String ?? "?"),
                    shows: [RenderedReport.grouped(path["count"])])
            }
        }
        let rules = RenderedReport.rows(json["rule_changes"])
        #expect(!rules.isEmpty)
        for rule in rules {
            report.expectRow(
                "Rules whose hits changed", key: rule["old_ref"] as? String ?? "?",
                shows: [
                    rule["change"] as? String ?? "?", RenderedReport.grouped(rule["old_hits"]),
                    RenderedReport.grouped(rule["new_hits"]),
                ])
        }
    }

    @Test func csvHoldsTheFiguresOfTheJSON() throws {
        let report = try report()
        let json = report.json
        let countColumn = 6
        let totals = try #require(json["totals"] as? [String: Any])
        for key in ["lines", "requests", "malformed", "skipped", "classified"] {
            report.expectCSV(["total", key], column: countColumn, totals[key])
        }
        for side in ["old", "new"] {
            let figures = try #require(totals[side] as? [String: Any])
            for key in Self.outcomes + ["no_association"] {
                report.expectCSV(["total_" + side, key], column: countColumn, figures[key])
            }
        }
        for (pair, requests) in transitions(json) {
            let outcomes = pair.split(separator: " ").map(String.init)
            report.expectCSV(["transition", "", ""] + outcomes, column: countColumn, requests)
        }
        let lost = try #require(json["lost"] as? [String: Any])
        report.expectCSV(["lost", "requests"], column: countColumn, lost["requests"])
        report.expectCSV(["lost", "percent"], column: countColumn, lost["percent"])
        report.expectCSV(["gained", "requests"], column: countColumn, json["gained"])
        report.expectCSV(["changed", "requests"], column: countColumn, json["changed_requests"])
        for app in RenderedReport.rows(json["apps"]) {
            let name = app["app"] as? String ?? "?"
            for side in ["old", "new"] {
                for outcome in ["handled", "excluded"] {
                    report.expectCSV(
                        ["app_\(side)_\(outcome)", name], column: countColumn,
                        app["\(side)_\(outcome)"])
                }
            }
        }
        for change in RenderedReport.rows(json["top_changed_paths"]) {
            for path in RenderedReport.rows(change["paths"]) {
                report.expectCSV(
                    [
                        "changed_path", path["path"] as? String ?? "?", "",
                        change["from"] as? String ?? "?",
                        change["to"] as? String ?? "?",
                    ],
                    column: countColumn, path["count"])
            }
        }
        for rule in RenderedReport.rows(json["rule_changes"]) {
            report.expectCSV(
                [
                    "rule_change", rule["change"] as? String ?? "?",
                    rule["source"] as? String ?? "?",
                    rule["old_ref"] as? String ?? "?",
                ],
                column: countColumn, rule["delta"])
        }
        let dead = RenderedReport.rows(json["dead_new_rules"])
        #expect(!dead.isEmpty)
        for rule in dead {
            report.expectCSV(
                ["dead_new_rule", rule["ref"] as? String ?? "?"], column: 5, rule["pattern"])
        }
    }
}
