import Foundation
import TestSupport
import Testing

/// Guards issue 9.12: `scan --per-app` counts per app what it opens (`eligible`) and excludes
/// (`eligible_excluded`) when it is the only app installed, as `match --per-app` decides,
/// beside `handled` (the app iOS opens when every app is installed).
struct PerAppCoverageTests {
    /// A development app first, as Wikipedia's file has it, then the production app, which
    /// excludes special pages.
    static let aasa = """
        {"applinks":{"details":[
          {"appID":"ABCDE12345.org.example.developer","paths":["/wiki/*"]},
          {"appID":"ABCDE12345.org.example","paths":["NOT /wiki/Special:*","/wiki/*"]}
        ]}}
        """
    /// Targets, how often each is requested, and what `match --per-app` says of each app.
    static let requests: [(path: String, times: Int)] = [
        ("/wiki/A", 3), ("/wiki/Special:Search", 2), ("/about", 1),
    ]
    static let expected: [String: (handled: Int, eligible: Int, eligibleExcluded: Int)] = [
        "ABCDE12345.org.example.developer": (5, 5, 0),
        "ABCDE12345.org.example": (0, 3, 2),
    ]

    func report(_ arguments: [String]) throws -> [String: Any] {
        let result = try ToolRunner.run(["scan", "--format", "json", "--quiet"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            ?? [:]
    }

    func apps(_ report: [String: Any]) -> [String: [String: Any]] {
        var rows: [String: [String: Any]] = [:]
        for row in report["apps"] as? [[String: Any]] ?? [] {
            if let app = row["app"] as? String { rows[app] = row }
        }
        return rows
    }

    @Test(arguments: ["1", "2"])
    func eligibleCountsWhatEachAppOpensAlone(_ workers: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        var log = ""
        for _ in 0..<40 {
            for (path, times) in Self.requests {
                log += String(repeating: "\(path)\n", count: times)
            }
        }
        let urls = try folder.write("urls.txt", log)
        let rows = apps(try report(["--aasa", file, "--per-app", "--workers", workers, urls]))
        for (app, counts) in Self.expected {
            #expect(rows[app]?["handled"] as? Int == counts.handled * 40, "\(app)")
            #expect(rows[app]?["eligible"] as? Int == counts.eligible * 40, "\(app)")
            #expect(rows[app]?["eligible_excluded"] as? Int == counts.eligibleExcluded * 40)
        }
        // The same answer, app by app, as match --per-app gives for each target.
        let match = try ToolRunner.run(
            ["match", "--aasa", file, "--per-app"] + Self.requests.map(\.path))
        let production = match.lines.filter { $0.contains("ABCDE12345.org.example\t") }
        #expect(production.map { $0.split(separator: "\t")[0] } == ["handled", "excluded"])
    }

    @Test func theCountsAreTheDefaultAndNoPerAppLeavesThemOut() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        let urls = try folder.write("urls.txt", "/wiki/A\n")
        let counted = apps(try report(["--aasa", file, urls]))
        #expect(counted["ABCDE12345.org.example"]?["eligible"] as? Int == 1)
        let rows = apps(try report(["--aasa", file, "--no-per-app", urls]))
        #expect(rows.values.allSatisfy { $0["eligible"] is NSNull })
        let table = try ToolRunner.run(
            ["scan", "--aasa", file, "--format", "table", "--no-per-app", urls])
        #expect(table.stdout.contains("counted unless --no-per-app"))
        let csv = try ToolRunner.run(["scan", "--aasa", file, "--format", "csv", "--per-app", urls])
        #expect(csv.lines.contains("app_eligible,ABCDE12345.org.example,\(file),,,,1,0,,"))
    }

    /// The buckets of `--bucket` are split per app only when `--per-app` is given: eligible
    /// counts are the default, buckets per app are asked for.
    @Test func bucketsArePerAppOnlyWhenAskedFor() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("hours.log", ScanSeriesRenderersTests.hourlyLog())
        let aasa = PackagePaths.bundledData("example.com.aasa.json")
        for (flags, perAppBuckets) in [([String](), false), (["--per-app"], true)] {
            let json = try report(["--aasa", aasa, "--bucket", "hour", log] + flags)
            let buckets = json["series"] as? [[String: Any]] ?? []
            #expect(!buckets.isEmpty)
            #expect(buckets.allSatisfy { ($0["apps"] != nil) == perAppBuckets }, "\(flags)")
            #expect(apps(json).values.allSatisfy { $0["eligible"] is Int }, "\(flags)")
        }
    }

    @Test func mergedStatesKeepTheCountsOnlyWhenEveryStateHasThem() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        let a = try folder.write("a.txt", "/wiki/A\n")
        let b = try folder.write("b.txt", "/wiki/Special:Search\n")
        for (input, state, flags) in [
            (a, "a.state", ["--per-app"]), (b, "b.state", []), (b, "c.state", ["--no-per-app"]),
        ] {
            _ = try report(
                ["--aasa", file, "--save-state", folder.path + "/" + state, input] + flags)
        }
        let merged = try ToolRunner.run(
            ["merge", "--format", "json", folder.path + "/a.state", folder.path + "/b.state"])
        let both =
            try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any]
        let production = apps(both ?? [:])["ABCDE12345.org.example"]
        #expect(
            production?["eligible"] as? Int == 1 && production?["eligible_excluded"] as? Int == 1)
        let mixed = try ToolRunner.run(
            ["merge", "--format", "json", folder.path + "/a.state", folder.path + "/c.state"])
        let partial =
            try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [String: Any]
        #expect(apps(partial ?? [:]).values.allSatisfy { $0["eligible"] is NSNull })
    }

    @Test(.needsSharedData())
    func wikipediaProductionAppIsEligibleThoughNeverHandled() throws {
        let data = SharedData.root
        let aasa = data.appendingPathComponent(
            "aasa-real/github-wikimedia-operations-mediawiki-config--docroot--wikipedia.org--aasa.json"
        )
        let urls = data.appendingPathComponent(
            "logs-real/ada-url-various-datasets--kasztp--url-list.txt.zst")
        let rows = apps(try report(["--aasa", aasa.path, "--per-app", urls.path]))
        let production = rows["AKK7J2GV64.org.wikimedia.wikipedia"]
        #expect(production?["handled"] as? Int == 0)
        #expect((production?["eligible"] as? Int ?? 0) > 0)
        #expect(
            production?["eligible"] as? Int == rows[
                "AKK7J2GV64.org.wikimedia.wikipedia.developer"]?["handled"] as? Int)
    }
}
