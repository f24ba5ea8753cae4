import Foundation
import TestSupport
import Testing

/// `diff` without logs lists every class of decision change (`transitions`), each witness
/// confirmed by `match` on both files; with logs it lists the changes the logs cannot show.
struct DecisionDiffCommandTests {
    static let tail = ##"""
          {"#": "nope", "exclude": true},
          {"/": "/admin/*", "exclude": true},
          {"/": "/shop/*"}]}]}}
        """##
    static let head = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.app"], "components": ["#
    static let old = head + "\n" + tail
    static let new = head + "\n" + #"  {"/": "/*/edit"},"# + "\n" + tail

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ToolRunner.run(arguments + ["--format", "json", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
            as? [String: Any] ?? [:]
    }

    func rows(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    /// `decision<TAB>app` of each URL under a file, as `match` prints it.
    func matched(_ file: String, _ urls: [String]) throws -> [String] {
        let text = urls.joined(separator: "\n") + "\n"
        return try ToolRunner.run(["match", "--aasa", file, "-"], stdin: Data(text.utf8)).lines
            .map { $0.split(separator: "\t").prefix(3).joined(separator: "\t") }
    }

    @Test func everyClassWithWitnessesThatMatchConfirms() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.json", Self.old)
        let new = try folder.write("new.json", Self.new)
        let report = try json(["diff", "--old", old, "--new", new])
        let transitions = rows(report["transitions"])
        #expect(
            transitions.map { "\($0["from"] ?? "") > \($0["to"] ?? "")" } == [
                "unmatched > handled", "excluded > handled",
            ])
        #expect(report["transitions_complete"] as? Bool == true)
        var urls: [String] = []
        var expected: [(old: String, new: String)] = []
        for transition in transitions {
            for witness in rows(transition["witnesses"]) {
                urls.append(witness["url"] as? String ?? "")
                func line(_ side: String) -> String {
                    let verdict = witness[side] as? [String: Any] ?? [:]
                    return [verdict["decision"], verdict["app"], verdict["rule"]].map {
                        $0 as? String ?? "-"
                    }.joined(separator: "\t")
                }
                expected.append((line("old"), line("new")))
            }
        }
        #expect(urls.contains("/admin/edit"))
        #expect(urls.contains { $0.hasSuffix("/edit#nope") })
        let (before, after) = (try matched(old, urls), try matched(new, urls))
        #expect(before == expected.map(\.old))
        #expect(after == expected.map(\.new))
        let gained = try #require(transitions.last)
        #expect(
            rows(gained["old_rules"]).compactMap { $0["ref"] as? String } == [
                "details[0].components[0]", "details[0].components[1]",
            ])
        let table = try ToolRunner.run(["diff", "--old", old, "--new", new, "--format", "table"])
        #expect(table.stdout.contains("Decisions that change"))
        #expect(table.stdout.contains("excluded → handled"))
        let csv = try ToolRunner.run(["diff", "--old", old, "--new", new, "--format", "csv"])
        #expect(csv.lines.contains { $0.hasPrefix("transition,excluded → handled,") })
        #expect(csv.lines.contains { $0.hasPrefix("transition-witness,/admin/edit,") })
    }

    /// Only the JSON spelling changed: no URL is decided differently.
    @Test func noClassWhenOnlyTheSpellingChanged() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.json", Self.old)
        let spelled = Self.old.replacingOccurrences(of: "/admin/*", with: #"\/admin\/\u002A"#)
        let new = try folder.write("new.json", spelled)
        let report = try json(["diff", "--old", old, "--new", new])
        #expect(rows(report["transitions"]).isEmpty)
        #expect(report["transitions_complete"] as? Bool == true)
        #expect(
            try ToolRunner.run(["diff", "--old", old, "--new", new, "--format", "table"]).stdout
                .contains("none: the two files decide every URL alike"))
    }

    /// With logs, the changes only a fragment makes are listed apart: no log line shows them.
    @Test func logsListWhatTheyCannotShow() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.json", Self.old)
        let new = try folder.write("new.json", Self.new)
        let log = try folder.write(
            "access.log",
            #"1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /admin/edit HTTP/1.1" 200 5 "-" "x""#
                + "\n")
        let report = try json(["diff", "--old", old, "--new", new, log])
        let unseen = rows(report["unseen_transitions"])
        #expect(unseen.map { "\($0["from"] ?? "") > \($0["to"] ?? "")" } == ["excluded > handled"])
        let urls = unseen.flatMap { rows($0["witnesses"]) }.compactMap { $0["url"] as? String }
        #expect(!urls.isEmpty && urls.allSatisfy { $0.hasSuffix("#nope") }, "\(urls)")
        let html = try ToolRunner.run([
            "diff", "--old", old, "--new", new, "--format", "html", "--quiet", log,
        ])
        #expect(html.stdout.contains(#"<section id="unseen-transitions">"#))
        let table = try ToolRunner.run([
            "diff", "--old", old, "--new", new, "--format", "table", "--quiet", log,
        ])
        #expect(table.stdout.contains("Changes these logs cannot show"))
    }

    /// The real file whose new rule was inserted before its opt-out and its exclusion.
    @Test(.needsSharedData("aasa-real"))
    func theFireflyHistoryShowsTheOverriddenExclusions() throws {
        let name = "github-Adophlidu-firefly.social--apps--web--public--well-known--aasa"
        let report = try json([
            "diff", "--old", RealAASAFiles.path("history/\(name)--v80c4936a.json"), "--new",
            RealAASAFiles.path("\(name).json"),
        ])
        let transitions = rows(report["transitions"])
        let overridden = try #require(
            transitions.first {
                $0["from"] as? String == "excluded" && $0["to"] as? String == "handled"
            })
        let urls = rows(overridden["witnesses"]).compactMap { $0["url"] as? String }
        #expect(urls.contains { $0.hasPrefix("/fortune/") })
        #expect(urls.contains { $0.hasSuffix("#no_universal_links") })
        #expect(
            (overridden["fragment_witnesses"] as? [String] ?? []).allSatisfy {
                $0.hasSuffix("#no_universal_links")
            })
    }
}
