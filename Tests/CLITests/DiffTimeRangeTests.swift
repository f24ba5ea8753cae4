import Foundation
import TestSupport
import Testing

/// `diff` of traffic read with a time option: the time range of the requests it read, in the
/// JSON, and the same range in the table, the CSV and the HTML page.
struct DiffTimeRangeTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    func arguments(_ log: String, timeOptions: [String]) -> [String] {
        ["diff", "--old", aasa, "--new", aasa, "--workers", "1", "--quiet"] + timeOptions + [log]
    }

    @Test func everyFormatShowsTheTimeRangeOfTheJSON() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("hours.log", ScanSeriesRenderersTests.hourlyLog())
        let arguments = arguments(log, timeOptions: ["--since", "2024-10-10T11:00:00Z"])
        let report = try RenderedReport(arguments)
        let range = try #require(report.json["time_range"] as? [String: String])
        let first = try #require(range["first"])
        let last = try #require(range["last"])
        // The log runs from 10:10 to 14:49 on 10 October 2024; --since leaves out 10:xx.
        #expect(first.hasPrefix("2024-10-10T11:") && last.hasPrefix("2024-10-10T14:"))
        #expect(report.table.contains("  logged from \(first) to \(last)"), "\(report.table)")
        for (end, text) in [("first", first), ("last", last)] {
            report.expectCSV(["time_range", end], column: 5, text)
            let seconds = try #require(
                ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970)
            report.expectCSV(["time_range", end], column: 6, Int(seconds))
        }
        let html = try ToolRunner.run(arguments + ["--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        for (end, text) in [("first", first), ("last", last)] {
            #expect(html.stdout.contains(#"data-time="time_range.\#(end)">\#(text)<"#))
        }
    }

    @Test func withoutATimeOptionNoRangeIsRead() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("hours.log", ScanSeriesRenderersTests.hourlyLog())
        let report = try RenderedReport(arguments(log, timeOptions: []))
        #expect(report.json["time_range"] is NSNull)
        #expect(!report.table.contains { $0.contains("logged from") })
        #expect(!report.csv.contains { $0.first == "time_range" })
    }
}
