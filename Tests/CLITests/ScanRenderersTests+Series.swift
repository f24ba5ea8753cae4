import Foundation
import TestSupport
import Testing

/// The time figures of `scan --bucket` and of `merge` of such states in the table and the
/// CSV, against the JSON of the same run: the time range, the filter by time, and each
/// bucket's counts and shares (per app too).
struct ScanSeriesRenderersTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    /// A log over four hours of 10 Oct 2024 (13:00 missing), each hour with a different
    /// part of the test rows, so the buckets differ in size and in shares.
    static func hourlyLog() -> String {
        let rows = ScanCommandTests.logText(repeats: 6).split(separator: "\n")
        var text = ""
        for (hour, keepEvery) in [(10, 1), (11, 2), (12, 3), (14, 5)] {
            for (index, row) in rows.enumerated() where index % keepEvery == 0 {
                text +=
                    row.replacingOccurrences(
                        of: "10/Oct/2024:13:55:36",
                        with: "10/Oct/2024:\(hour):\(10 + index % 40):07"
                    ) + "\n"
            }
        }
        return text
    }

    func report(_ command: String, folder: TemporaryFolder) throws -> RenderedReport {
        let log = try folder.write("hours.log", Self.hourlyLog())
        let scan = [
            "scan", "--aasa", aasa, "--workers", "1", "--quiet", "--per-app", "--bucket", "hour",
            "--since", "2024-10-10T10:20:00Z",
        ]
        guard command == "merge" else { return try RenderedReport(scan + [log]) }
        let state = folder.path + "/scan.state"
        let saved = try ToolRunner.run(scan + ["--format", "none", "--save-state", state, log])
        #expect(saved.status == 0, "\(saved.stderr)")
        return try RenderedReport(["merge", "--quiet", state])
    }

    @Test(arguments: ["scan", "merge"])
    func tableShowsTheTimeFiguresOfTheJSON(_ command: String) throws {
        let folder = try TemporaryFolder()
        let report = try report(command, folder: folder)
        let json = report.json
        let range = try #require(json["time_range"] as? [String: String])
        #expect(
            report.table.contains {
                $0 == "  logged from \(range["first"] ?? "?") to \(range["last"] ?? "?")"
            }, "\(report.table)")
        let totals = try #require(json["totals"] as? [String: Any])
        let filtered = try #require(totals["filtered"] as? [String: Any])
        #expect((filtered["time"] as? Int ?? 0) > 0)
        #expect(
            report.section("Coverage of").contains {
                $0.contains("time \(RenderedReport.grouped(filtered["time"])))")
            })
        let series = RenderedReport.rows(json["series"])
        #expect(series.count == 4)
        let rows = report.section("Over time (per hour, UTC)").dropFirst()
        #expect(rows.count == series.count, "\(rows)")
        for (row, bucket) in zip(rows, series) {
            let cells = row.split(separator: " ").map(String.init)
            #expect(cells.count == 5, "\(row)")
            guard cells.count == 5 else { continue }
            #expect(cells[0] == bucket["start"] as? String)
            #expect(cells[1] == RenderedReport.grouped(bucket["requests"]))
            let classified = Double(
                (bucket["requests"] as? Int ?? 0) - (bucket["filtered"] as? Int ?? 0))
            for (cell, key) in zip(cells[2...], ["handled", "excluded", "unmatched"]) {
                let share = Double((bucket[key] as? Int) ?? -1) * 100 / classified
                let shown = Double(cell.dropLast()) ?? -1
                // One decimal, rounded so that the three add up to 100.0%.
                #expect(cell.hasSuffix("%") && abs(shown - share) < 0.1 + 1e-9, "\(key) \(row)")
            }
        }
    }

    @Test(arguments: ["scan", "merge"])
    func csvHoldsTheTimeFiguresOfTheJSON(_ command: String) throws {
        let folder = try TemporaryFolder()
        let report = try report(command, folder: folder)
        let json = report.json
        let countColumn = 6
        let range = try #require(json["time_range"] as? [String: String])
        for end in ["first", "last"] {
            report.expectCSV(["time_range", end], column: 5, range[end])
            let seconds = try #require(
                ISO8601DateFormatter().date(from: range[end] ?? "")?.timeIntervalSince1970)
            report.expectCSV(["time_range", end], column: countColumn, Int(seconds))
        }
        let totals = try #require(json["totals"] as? [String: Any])
        let filtered = try #require(totals["filtered"] as? [String: Any])
        report.expectCSV(["filtered", "time"], column: countColumn, filtered["time"])
        let series = RenderedReport.rows(json["series"])
        #expect(series.count == 4)
        report.expectCSV(["series_bucket", "hour"], column: countColumn, series.count)
        report.expectCSV(["series_partial", "false"], column: countColumn, 0)
        for bucket in series {
            let start = bucket["start"] as? String ?? "?"
            report.expectCSV(["series", start, "hour"], column: countColumn, bucket["requests"])
            for key in ["filtered", "handled", "excluded", "unmatched", "no_association"] {
                report.expectCSV(["series_" + key, start], column: countColumn, bucket[key])
            }
            let apps = RenderedReport.rows(bucket["apps"])
            #expect(!apps.isEmpty)
            for app in apps {
                let prefix = [start, app["source"] as? String ?? "?", app["app"] as? String ?? "?"]
                report.expectCSV(
                    ["series_app_handled"] + prefix, column: countColumn, app["handled"])
                report.expectCSV(
                    ["series_app_excluded"] + prefix, column: countColumn, app["excluded"])
            }
        }
        for input in RenderedReport.rows(json["inputs"]) {
            let path = input["path"] as? String ?? "?"
            let times = input["time_range"] as? [String: String]
            report.expectCSV(["input_first_time", path], column: 5, times?["first"])
            report.expectCSV(["input_last_time", path], column: 5, times?["last"])
        }
    }

    @Test func withoutTimeOptionsNoTimeFigureIsShown() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("hours.log", Self.hourlyLog())
        let report = try RenderedReport(["scan", "--aasa", aasa, "--quiet", log])
        #expect(!report.table.contains { $0.contains("logged from") || $0.hasPrefix("Over time") })
        #expect(
            !report.csv.contains {
                ["time_range", "series", "series_bucket", "input_first_time"].contains($0.first)
                    || $0.prefix(2) == ["filtered", "time"]
            })
    }
}
