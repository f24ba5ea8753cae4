import Foundation
import TestSupport
import Testing

/// `--since`, `--until`, `--bucket` in the JSON report, and `merge` refusing states that
/// counted the same input bytes.
struct TimeOptionTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    func json(_ arguments: [String]) throws -> (Int32, [String: Any], String) {
        let result = try ToolRunner.run(arguments + ["--format", "json", "--quiet"])
        let object =
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
            ?? [:]
        return (result.status, object, result.stderr)
    }

    @Test func theReportCarriesTheTimeRangeAndTheSeries() throws {
        let folder = try TemporaryFolder()
        // The log's lines are all at 10/Oct/2024:13:55:36 +0000.
        let log = try folder.write("a.log", ScanCommandTests.logText(repeats: 3))
        let (status, report, stderr) = try json(
            ["scan", "--aasa", aasa, "--bucket", "hour", "--since", "2024-10-10", log])
        #expect(status == 0, "\(stderr)")
        let range = report["time_range"] as? [String: String]
        #expect(range == ["first": "2024-10-10T13:55:36Z", "last": "2024-10-10T13:55:36Z"])
        let inputs = report["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.first?["time_range"] as? [String: String] == range)
        let series = report["series"] as? [[String: Any]] ?? []
        #expect(series.count == 1)
        #expect(series.first?["start"] as? String == "2024-10-10T13:00:00Z")
        let totals = report["totals"] as? [String: Any] ?? [:]
        #expect(series.first?["handled"] as? Int == totals["handled"] as? Int)
        #expect(series.first?["unmatched"] as? Int == totals["unmatched"] as? Int)
        // A window that ends before the log: every request filtered by time.
        let (_, before, _) = try json(
            ["scan", "--aasa", aasa, "--until", "2024-10-10T13:55:36Z", log])
        let filtered = (before["totals"] as? [String: Any])?["filtered"] as? [String: Int]
        #expect(filtered?["time"] == (totals["requests"] as? Int))
        #expect(before["time_range"] is NSNull)
        #expect(before["series"] == nil)
        // Without a time option no time is read.
        let (_, plain, _) = try json(["scan", "--aasa", aasa, log])
        #expect(plain["time_range"] is NSNull)
    }

    @Test func badTimeOptionsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("a.log", ScanCommandTests.logText(repeats: 1))
        for options in [
            ["--since", "yesterday"], ["--bucket", "month"],
            ["--since", "2024-05-02", "--until", "2024-05-01"],
        ] {
            let result = try ToolRunner.run(["scan", "--aasa", aasa] + options + [log])
            #expect(result.status == 64, "\(options): \(result.stderr)")
        }
    }

    @Test func mergeRefusesStatesThatCountedTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a.log", ScanCommandTests.logText(repeats: 40))
        let second = try folder.write(
            "b.log",
            ScanCommandTests.logText(repeats: 40).replacingOccurrences(of: "10.0.", with: "10.9."))
        for (log, state) in [(first, "a.state"), (first, "again.state"), (second, "b.state")] {
            let result = try ToolRunner.run([
                "scan", "--aasa", aasa, "--quiet", "--save-state", folder.path + "/" + state, log,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for pair in [["a.state", "a.state"], ["a.state", "again.state"]] {
            let paths = pair.map { folder.path + "/" + $0 }
            let (status, _, stderr) = try json(["merge"] + paths)
            #expect(status == 2, "\(pair)")
            #expect(stderr.contains(paths[0]) && stderr.contains(paths[1]), "\(stderr)")
            #expect(stderr.contains("a.log") && stderr.contains("--allow-overlap"), "\(stderr)")
            let (allowed, report, warning) = try json(["merge", "--allow-overlap"] + paths)
            #expect(allowed == 0)
            #expect(report["totals"] != nil)
            #expect(warning.contains("counted twice"), "\(warning)")
        }
        let (status, _, stderr) = try json(
            ["merge", folder.path + "/a.state", folder.path + "/b.state"])
        #expect(status == 0, "\(stderr)")
        #expect(!stderr.contains("warning"), "\(stderr)")
    }
}
