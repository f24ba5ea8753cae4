import Foundation
import TestSupport
import Testing

/// `suggest --apply N --output NEW.json`, then `lint NEW.json` and `diff --old FILE --new
/// NEW.json` on the same traffic, as a user checks a suggestion before deploying it: the diff
/// shows exactly the gain suggest reported, and nothing else moves.
struct SuggestDiffTests {
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    static func rows(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    /// Runs the three commands on `aasa` and `log` and holds diff's figures against suggest's;
    /// `reading` options go to both readings, `choosing` ones to suggest alone.
    func check(
        aasa: String, log: String, apply: Int, reading: [String] = [], choosing: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = try TemporaryFolder()
        let new = folder.path + "/new.json"
        let suggest = try ToolRunner.run(
            ["suggest", "--aasa", aasa, "--apply", String(apply), "--output", new]
                + reading + choosing + ["--format", "json", "--quiet", log])
        #expect(suggest.status == 0, "\(suggest.stderr)", sourceLocation: sourceLocation)
        let report = Self.object(suggest.stdout)
        let suggestions = Self.rows(report["suggestions"])
        try #require(suggestions.count >= apply, sourceLocation: sourceLocation)
        let gain = suggestions.prefix(apply).map { $0["gain"] as? Int ?? -1 }.reduce(0, +)
        let applied = report["applied"] as? [String: Any] ?? [:]
        #expect(applied["count"] as? Int == apply, sourceLocation: sourceLocation)
        #expect(applied["gain"] as? Int == gain, sourceLocation: sourceLocation)
        #expect(gain > 0, sourceLocation: sourceLocation)

        let lint = try ToolRunner.run(["lint", "--json", new])
        #expect(lint.status == 0, "\(lint.stdout)", sourceLocation: sourceLocation)
        #expect(
            !lint.lines.contains { Self.object($0)["severity"] as? String == "error" },
            "\(lint.stdout)", sourceLocation: sourceLocation)

        let run = try ToolRunner.run(
            ["diff", "--old", aasa, "--new", new] + reading + ["--format", "json", "--quiet", log])
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let diff = Self.object(run.stdout)
        var cells: [String: Int] = [:]
        for row in Self.rows(diff["transitions"]) {
            cells["\(row["from"] as? String ?? "?")>\(row["to"] as? String ?? "?")"] =
                row["requests"] as? Int
        }
        #expect(cells.count == 9, sourceLocation: sourceLocation)
        #expect(cells["unmatched>handled"] == gain, "\(cells)", sourceLocation: sourceLocation)
        // No exclusion undone, nothing that was handled lost or given to another lane.
        for cell in ["excluded>handled", "handled>excluded", "handled>unmatched"] {
            #expect(cells[cell] == 0, "\(cell)", sourceLocation: sourceLocation)
        }
        #expect(diff["gained"] as? Int == gain, sourceLocation: sourceLocation)
        let totals = diff["totals"] as? [String: Any] ?? [:]
        let newSide = totals["new"] as? [String: Any] ?? [:]
        #expect(
            newSide["handled"] as? Int == applied["handled_after"] as? Int,
            sourceLocation: sourceLocation)

        // Per app: the entry the rules went to gains it all, with what it takes from others.
        let entryApps = Set(report["entry_apps"] as? [String] ?? [])
        #expect(!entryApps.isEmpty, sourceLocation: sourceLocation)
        let appChanged = diff["app_changed_requests"] as? Int ?? -1
        var entryDelta = 0
        var otherDelta = 0
        for app in Self.rows(diff["apps"]) {
            let delta = (app["new_handled"] as? Int ?? 0) - (app["old_handled"] as? Int ?? 0)
            if entryApps.contains(app["app"] as? String ?? "") {
                entryDelta += delta
            } else {
                otherDelta += delta
            }
        }
        #expect(entryDelta == gain + appChanged, sourceLocation: sourceLocation)
        #expect(otherDelta == -appChanged, sourceLocation: sourceLocation)
        #expect(
            Self.rows(diff["app_changes"]).allSatisfy {
                entryApps.contains($0["to_app"] as? String ?? "")
            }, sourceLocation: sourceLocation)
    }

    @Test func theBundledSampleGainsExactlyWhatSuggestReported() throws {
        try check(
            aasa: PackagePaths.bundledData("sample.aasa.json"),
            log: PackagePaths.bundledData("sample-access.log.zst"),
            apply: 5)
    }

    /// Two apps, exclusions of each, and the rules written for the second app's entry.
    @Test(arguments: [[], ["--app", SuggestCommandTests.blog]])
    func theSuggestTestTrafficGainsExactlyWhatSuggestReported(choosing: [String]) throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write("aasa.json", SuggestCommandTests.aasa)
        let log = try folder.write("access.log", SuggestCommandTests.Traffic().log)
        try check(
            aasa: aasa, log: log, apply: 2, reading: ["--workers", "2", "--chunk-kib", "16"],
            choosing: choosing)
    }

    /// Wikipedia's real file on the real URL list that holds Wikipedia links (SOURCES.md).
    @Test(.needsSharedData())
    func aRealFileOnRealURLsGainsExactlyWhatSuggestReported() throws {
        let data = SharedData.root
        try check(
            aasa: data.appendingPathComponent(
                "aasa-real/github-wikimedia-operations-mediawiki-config--docroot--wikipedia.org--aasa.json"
            ).path,
            log: data.appendingPathComponent(
                "logs-real/ada-url-various-datasets--kasztp--url-list.txt.zst"
            ).path, apply: 4, choosing: ["--candidates", "16"])
    }
}
