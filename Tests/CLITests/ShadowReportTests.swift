import Foundation
import TestSupport
import Testing

/// Rules that can never decide, as `lint` (AASA601-604 with `related`) and the `scan` reports
/// (`shadowed_by`) show them.
struct ShadowReportTests {
    static let aasa = #"""
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.com.x"], "components": [
            {"/": "/buy/*"}, {"/": "/buy/42"}, {"/": "/help"}, {"/": "/help"},
            {"/": "/old/*", "exclude": true}, {"/": "/about"}]},
          {"appIDs": ["ABCDE12345.com.y"], "components": [{"/": "*"}, {"/": "/late"}]}
        ]}}
        """#

    /// Code, rule path and related path of every finding of `aasa`.
    static let expected: [(code: String, path: String, related: String?)] = [
        ("AASA601", "applinks.details[0].components[1]", "applinks.details[0].components[0]"),
        ("AASA603", "applinks.details[0].components[3]", "applinks.details[0].components[2]"),
        ("AASA604", "applinks.details[0].components[4]", nil),
        ("AASA602", "applinks.details[1].components[1]", "applinks.details[1].components[0]"),
    ]

    @Test func lintNamesEachDeadRuleAndWhatCoversIt() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        let text = try ToolRunner.run(["lint", file])
        #expect(text.status == 0, "warnings and infos do not fail the default gate")
        for row in Self.expected {
            #expect(
                text.lines.contains { $0.contains(" \(row.code) \(row.path): ") }, "\(text.stdout)")
        }
        #expect(try ToolRunner.run(["lint", "--fail-on", "warning", file]).status == 1)
        #expect(!(try ToolRunner.run(["lint", "--no-info", file]).stdout.contains("AASA604")))

        let json = try ToolRunner.run(["lint", "--json", file])
        let objects = try json.lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let dead = objects.filter { ($0["code"] as? String)?.hasPrefix("AASA6") == true }
        #expect(dead.count == Self.expected.count)
        for row in Self.expected {
            let object = dead.first { $0["path"] as? String == row.path }
            #expect(object?["code"] as? String == row.code)
            #expect(object?["related"] as? String == row.related, "\(row.path)")
            if row.related == nil { #expect(object?["related"] is NSNull) }
        }
        // Every diagnostic carries the field, null when it names nothing else.
        #expect(objects.allSatisfy { $0.keys.contains("related") })
    }

    @Test func scanReportsMarkRulesThatCanNeverDecide() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", Self.aasa)
        let log = try folder.write(
            "access.log",
            """
            1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /buy/42 HTTP/1.1" 200 1 "-" "x"
            1.2.3.4 - - [10/Oct/2024:13:55:37 +0000] "GET /late HTTP/1.1" 200 1 "-" "x"

            """)
        let json = try ToolRunner.run(["scan", "--aasa", file, "--format", "json", log])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require(report["rules"] as? [[String: Any]])
        let shadowed = Dictionary(
            uniqueKeysWithValues: rules.compactMap { rule -> (String, String)? in
                guard let ref = rule["ref"] as? String, let by = rule["shadowed_by"] as? String
                else { return nil }
                return (ref, by)
            })
        #expect(
            shadowed == [
                "details[0].components[1]": "details[0].components[0]",
                "details[0].components[3]": "details[0].components[2]",
                "details[1].components[1]": "details[1].components[0]",
            ])
        #expect(rules.allSatisfy { $0.keys.contains("shadowed_by") })
        #expect(report["shadowed_rules"] as? Int == 3)
        // A rule that can never decide decided no request, whatever the traffic.
        for rule in rules where rule["shadowed_by"] is String {
            #expect(rule["hits"] as? Int == 0)
        }

        let csv = try ToolRunner.run(["scan", "--aasa", file, "--format", "csv", log])
        #expect(csv.lines.first?.hasSuffix(",shadowed_by,measurable") == true)
        #expect(
            csv.lines.contains {
                $0.hasPrefix("rule,details[0].components[1],")
                    && $0.hasSuffix(",0,0,details[0].components[0],true")
            }, "\(csv.stdout)")

        // `merge` reports from saved states mark the same rules.
        let state = folder.path + "/scan.state"
        _ = try ToolRunner.run([
            "scan", "--aasa", file, "--format", "none", "--save-state", state, log,
        ])
        let merged = try ToolRunner.run(["merge", "--format", "json", state])
        let mergedReport = try #require(
            JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any])
        #expect(mergedReport["shadowed_rules"] as? Int == 3, "\(merged.stderr)")

        let table = try ToolRunner.run(["scan", "--aasa", file, "--format", "table", log])
        #expect(table.stdout.contains("3 of them can never decide"))
        #expect(
            table.lines.contains {
                $0.contains("details[1].components[1]")
                    && $0.contains("shadowed by details[1].components[0]")
            }, "\(table.stdout)")
    }

    /// A file large enough for the report's analysis to run on several threads, with traffic
    /// that reaches some of the rules: a rule that decided no request is marked exactly as
    /// `lint` marks it, and none that decided one is marked. Read from a file, the proofs are
    /// mostly made at the end; from an input that keeps the scan waiting, while it waits (the
    /// worker that does not read has nothing to do), before any rule decided a request
    /// (`--debug` says how many): the marks are the same.
    @Test(arguments: [false, true])
    func scanMarksTheRulesLintFindsOnALargeFile(slowInput: Bool) throws {
        var components: [String] = []
        var lines: [String] = []
        for n in 0..<300 {
            components += [
                #"{"/": "/a/\#(n)/*"}"#, #"{"/": "/a/\#(n)/x"}"#, #"{"/": "/b/\#(n)"}"#,
                #"{"/": "/b/\#(n)"}"#,
            ]
            if n % 3 == 0 { lines.append(Self.logLine("/a/\(n)/x")) }
            if n % 5 == 0 { lines.append(Self.logLine("/b/\(n)")) }
        }
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "aasa.json",
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": ["#
                + components.joined(separator: ",") + "]}]}}")
        let log = try folder.write("access.log", lines.joined(separator: "\n") + "\n")

        let lint = try ToolRunner.run(["lint", "--json", file])
        var related: [String: String] = [:]
        for line in lint.lines {
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let code = object["code"] as? String,
                ["AASA601", "AASA602", "AASA603"].contains(code),
                let path = object["path"] as? String, let by = object["related"] as? String
            else { continue }
            related[String(path.dropFirst("applinks.".count))] = String(
                by.dropFirst("applinks.".count))
        }
        #expect(related.count == 600, "\(lint.stdout.prefix(400))")

        let json =
            slowInput
            ? try ToolRunner.run(
                ["scan", "--aasa", file, "--format", "json", "--debug", "--workers", "2", "-"],
                stdin: Data(contentsOf: URL(fileURLWithPath: log)), holdingInputOpen: 3)
            : try ToolRunner.run(["scan", "--aasa", file, "--format", "json", log])
        #expect(json.status == 0, "\(json.stderr)")
        if slowInput {
            // 1,200 rules, 160 of which decided a request.
            let line = json.stderr.split(separator: "\n").first { $0.contains("dead-rule proofs") }
            #expect(
                line?.contains("proofs of the 1,040 rules that decided no request: ") == true,
                "\(json.stderr)")
            // "1,040 worked out while the scan ran, 0 after it": the two add up.
            let counts = (line ?? "").components(separatedBy: "request: ").last?
                .split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
            #expect(counts?.count == 2 && counts?.reduce(0, +) == 1040, "\(json.stderr)")
            // All while the input was held open, on the core of the worker that waited.
            #expect(counts?.last == 0, "\(json.stderr)")
        }
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require(report["rules"] as? [[String: Any]])
        #expect(rules.count == 1200)
        var marked = 0
        var decided = 0
        for rule in rules {
            let ref = try #require(rule["ref"] as? String)
            let hits = try #require(rule["hits"] as? Int)
            let shadowedBy = rule["shadowed_by"] as? String
            if hits > 0 {
                decided += 1
                #expect(shadowedBy == nil, "\(ref)")
            } else {
                #expect(shadowedBy == related[ref], "\(ref)")
                if shadowedBy != nil { marked += 1 }
            }
        }
        #expect(decided == 100 + 60)
        #expect(marked == 600)
    }

    private static func logLine(_ path: String) -> String {
        #"1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET \#(path) HTTP/1.1" 200 1 "-" "x""#
    }
}
