import Foundation
import TestSupport
import Testing

/// The table and the CSV of `scan` and `merge` against the JSON of the same run: every figure
/// the JSON holds for totals, apps, rules, top paths and inputs is the one the other formats
/// show. (The HTML and metrics reports have their own checks against the JSON.)
struct ScanRenderersTests {
    let aasa = PackagePaths.bundledData("sample.aasa.json")
    let log = PackagePaths.bundledData("sample-access.log.zst")

    /// A scan on one worker (the approximate top lists come out the same in every run), or a
    /// merge of the state such a scan saved.
    func report(_ command: String) throws -> RenderedReport {
        let scan = ["scan", "--aasa", aasa, "--workers", "1", "--quiet", "--top", "4"]
        guard command == "merge" else { return try RenderedReport(scan + [log]) }
        let folder = try TemporaryFolder()
        let state = folder.path + "/scan.state"
        let saved = try ToolRunner.run(scan + ["--format", "none", "--save-state", state, log])
        #expect(saved.status == 0, "\(saved.stderr)")
        return try RenderedReport(["merge", "--quiet", "--top", "4", state])
    }

    @Test(arguments: ["scan", "merge"])
    func tableShowsTheFiguresOfTheJSON(_ command: String) throws {
        let report = try report(command)
        let json = report.json
        let totals = try #require(json["totals"] as? [String: Any])
        for outcome in ["handled", "excluded", "unmatched"] {
            report.expectRow(
                "Coverage of", key: outcome, shows: [RenderedReport.grouped(totals[outcome])])
        }
        #expect(
            report.table.contains {
                $0.hasPrefix("Coverage of \(RenderedReport.grouped(totals["classified"])) ")
            })
        for app in RenderedReport.rows(json["apps"]) {
            report.expectRow(
                "Apps", key: app["app"] as? String ?? "?",
                shows: [
                    RenderedReport.grouped(app["handled"]),
                    RenderedReport.grouped(app["excluded"]),
                ])
        }
        // The rules by hits the table lists, each with the hits of the JSON.
        let hits = Dictionary(
            RenderedReport.rows(json["rules"]).map {
                ($0["ref"] as? String ?? "", $0["hits"] as? Int ?? -1)
            }, uniquingKeysWith: { first, _ in first })
        let ranked = report.section("Rules by hits").dropFirst()
        #expect(ranked.count == 4)
        for row in ranked {
            let cells = row.split(separator: " ").map(String.init)
            #expect(cells.count > 1 && cells[1] == RenderedReport.grouped(hits[cells[0]]), "\(row)")
        }
        #expect(
            report.table.contains {
                $0.hasPrefix("Dead rules: \(json["dead_rules"] as? Int ?? -1) of ")
            })
        for (list, title) in [
            ("top_unmatched", "Top unmatched paths"), ("top_handled", "Top handled paths"),
        ] {
            let entries = RenderedReport.rows(json[list])
            #expect(!entries.isEmpty)
            for entry in entries {
                report.expectRow(
                    title, key: " " + (entry["path"] as? String ?? "?"),
                    shows: [RenderedReport.grouped(entry["count"])])
            }
        }
        for input in RenderedReport.rows(json["inputs"]) {
            report.expectRow(
                "Inputs", key: input["path"] as? String ?? "?",
                shows: ["lines", "requests", "malformed"].map {
                    RenderedReport.grouped(input[$0])
                })
        }
    }

    @Test(arguments: ["scan", "merge"])
    func csvHoldsTheFiguresOfTheJSON(_ command: String) throws {
        let report = try report(command)
        let json = report.json
        let countColumn = 6
        let totals = try #require(json["totals"] as? [String: Any])
        for key in [
            "lines", "requests", "malformed", "skipped", "classified", "handled", "excluded",
            "unmatched", "no_association",
        ] {
            report.expectCSV(["total", key], column: countColumn, totals[key])
        }
        let coverage = try #require(json["coverage"] as? [String: Any])
        for (key, value) in coverage {
            report.expectCSV(["coverage", key], column: countColumn, value)
        }
        for app in RenderedReport.rows(json["apps"]) {
            let name = app["app"] as? String ?? "?"
            report.expectCSV(["app_handled", name], column: countColumn, app["handled"])
            report.expectCSV(["app_excluded", name], column: countColumn, app["excluded"])
        }
        let rules = RenderedReport.rows(json["rules"])
        #expect(rules.count == 300)
        for rule in rules {
            let prefix = ["rule", rule["ref"] as? String ?? "?"]
            report.expectCSV(prefix, column: 5, rule["pattern"])
            report.expectCSV(prefix, column: countColumn, rule["hits"])
        }
        for list in ["top_unmatched", "top_handled"] {
            for entry in RenderedReport.rows(json[list]) {
                report.expectCSV(
                    [list, entry["path"] as? String ?? "?"], column: countColumn, entry["count"])
            }
        }
    }
}
