import Foundation
import TestSupport
import Testing

/// `diff` marks the rules that can never decide (`shadowed_by`) in its rules lists, each by
/// the analysis of its own file, as `scan` does and as `lint` explains them.
struct DiffShadowTests {
    /// `text` with the component `cover` inserted in front of the component whose `"/"` is
    /// `path`: the rule then matches nothing the inserted one does not decide first.
    static func inserting(_ cover: String, before path: String, in text: String) throws -> String {
        let key = try #require(text.range(of: "\"/\": \"\(path)\""))
        let open = try #require(text[..<key.lowerBound].lastIndex(of: "{"))
        return String(text[..<open]) + cover + ", " + String(text[open...])
    }

    /// The rows of a JSON list.
    static func rows(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    /// `ref` to `shadowed_by` of the rows that have one.
    static func marks(_ rows: [[String: Any]], key: String = "shadowed_by", ref: String = "ref")
        -> [String: String]
    {
        var marks: [String: String] = [:]
        for row in rows {
            if let name = row[ref] as? String, let by = row[key] as? String { marks[name] = by }
        }
        return marks
    }

    /// Runs `diff` on `old` and `old` with `cover` inserted before `path`, over `targets`,
    /// and checks each form of the report against the marks expected of each side; `marked`
    /// is the rule the cover shadows in the new file, and the cover's ref.
    func check(
        old: String, cover: String, before path: String, targets: [String],
        marked: (rule: String, by: String),
        expected: (old: [String: String], new: [String: String]),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: old, encoding: .utf8)
        let new = try folder.write("new.json", try Self.inserting(cover, before: path, in: text))
        let log = try folder.write("urls.log", targets.joined(separator: "\n") + "\n")
        let base = ["diff", "--old", old, "--new", new, "--quiet", "--top", "100"]

        let json = try ToolRunner.run(base + ["--format", "json", log])
        #expect(json.status == 0, "\(json.stderr)", sourceLocation: sourceLocation)
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let oldRules = Self.rows(report["old_rules"])
        let newRules = Self.rows(report["new_rules"])
        #expect(Self.marks(oldRules) == expected.old, sourceLocation: sourceLocation)
        #expect(Self.marks(newRules) == expected.new, sourceLocation: sourceLocation)
        // Every rule row carries the field, null when nothing is proven.
        let dead = Self.rows(report["dead_new_rules"])
        for row in oldRules + newRules + dead {
            #expect(row.keys.contains("shadowed_by"), sourceLocation: sourceLocation)
        }
        #expect(report["shadowed_new_rules"] as? Int == expected.new.count)
        // A rule that can never decide decided no request: it is among the dead ones, marked.
        #expect(Self.marks(dead) == expected.new, sourceLocation: sourceLocation)
        let changes = Self.rows(report["rule_changes"])
        #expect(!changes.isEmpty, sourceLocation: sourceLocation)
        #expect(
            Self.marks(changes, key: "old_shadowed_by", ref: "old_ref")
                == expected.old.filter { ref, _ in
                    changes.contains { $0["old_ref"] as? String == ref }
                },
            sourceLocation: sourceLocation)
        #expect(
            Self.marks(changes, key: "new_shadowed_by", ref: "new_ref")
                == expected.new.filter { ref, _ in
                    changes.contains { $0["new_ref"] as? String == ref }
                },
            sourceLocation: sourceLocation)
        // The shadowed rule lost its hits to the rule put in front of it.
        let (shadowedRef, coverRef) = marked
        #expect(expected.new[shadowedRef] == coverRef, sourceLocation: sourceLocation)
        #expect(
            changes.contains {
                $0["new_ref"] as? String == shadowedRef && $0["new_hits"] as? Int == 0
                    && $0["new_shadowed_by"] as? String == coverRef
            }, "\(changes)", sourceLocation: sourceLocation)

        let csv = try ToolRunner.run(base + ["--format", "csv", log])
        #expect(csv.status == 0, sourceLocation: sourceLocation)
        #expect(csv.lines.first?.hasSuffix(",error_bound,shadowed_by") == true)
        var ruleRows = 0
        for (section, marks) in [
            ("rule_old", expected.old), ("rule_new", expected.new), ("dead_new_rule", expected.new),
        ] {
            for line in csv.lines where line.hasPrefix(section + ",") {
                let ref = String(line.split(separator: ",")[1])
                #expect(
                    line.hasSuffix("," + (marks[ref] ?? "")), "\(line)",
                    sourceLocation: sourceLocation)
                ruleRows += 1
            }
        }
        #expect(ruleRows == oldRules.count + newRules.count + dead.count)
        #expect(
            csv.lines.contains {
                $0.hasPrefix("rule_change,") && $0.hasSuffix("," + coverRef)
                    && $0.contains(",\(shadowedRef),")
            }, "\(csv.stdout)", sourceLocation: sourceLocation)

        let table = try ToolRunner.run(
            base + ["--format", "table", "--color", "never", log],
            environment: ["COLUMNS": "400"])
        #expect(table.status == 0, sourceLocation: sourceLocation)
        #expect(
            table.stdout.contains("\(expected.new.count) of them can never decide"),
            "\(table.stdout)", sourceLocation: sourceLocation)
        // In the new file's dead rules, and in the rules whose hits changed.
        #expect(
            table.lines.contains {
                $0.hasPrefix("  \(shadowedRef)  ")
                    && $0.hasSuffix("[never decides: shadowed by \(coverRef)]")
            }, "\(table.stdout)", sourceLocation: sourceLocation)
        #expect(
            table.lines.contains {
                $0.contains(shadowedRef)
                    && $0.hasSuffix("[never decides in new: shadowed by \(coverRef)]")
            }, "\(table.stdout)", sourceLocation: sourceLocation)

        // The rule-by-rule diff marks the changed rules it lists the same way.
        let staticRun = try ToolRunner.run(base + ["--format", "json"])
        let staticReport = try #require(
            JSONSerialization.jsonObject(with: Data(staticRun.stdout.utf8)) as? [String: Any])
        let staticChanges = Self.rows(staticReport["changes"])
        for change in staticChanges {
            #expect(
                change.keys.contains("old_shadowed_by") && change.keys.contains("new_shadowed_by"))
            let newRef = change["new_ref"] as? String
            #expect(
                change["new_shadowed_by"] as? String == newRef.flatMap { expected.new[$0] },
                "\(change)", sourceLocation: sourceLocation)
            let oldRef = change["old_ref"] as? String
            #expect(
                change["old_shadowed_by"] as? String == oldRef.flatMap { expected.old[$0] },
                "\(change)", sourceLocation: sourceLocation)
        }
        #expect(staticChanges.contains { $0["change"] as? String == "added" })
    }

    /// `/id/*` in front of `/id/????`: the short-link rule can never decide in the new file.
    @Test func aRuleShadowedInTheNewFileIsMarkedInEveryForm() throws {
        try check(
            old: PackagePaths.bundledData("example.com.aasa.json"), cover: #"{"/": "/id/*"}"#,
            before: "/id/????", targets: ["https://example.com/id/4815", "/buy/42", "/legacy/a"],
            marked: ("details[0].components[4]", "details[0].components[3]"),
            expected: (
                old: [:],
                new: ["details[0].components[4]": "details[0].components[3]"]
            ))
    }

    /// Without logs, a rule added behind a rule that covers it is listed as added and marked;
    /// the other way round it is removed, and marked in the old file.
    @Test func theRuleByRuleDiffMarksTheRulesItLists() throws {
        let folder = try TemporaryFolder()
        let plain = PackagePaths.bundledData("example.com.aasa.json")
        let text = try String(contentsOfFile: plain, encoding: .utf8)
        let covered = try folder.write(
            "covered.json", try Self.inserting(#"{"/": "/buy/x"}"#, before: "/id/????", in: text))
        let (rule, by) = ("details[0].components[3]", "details[0].components[2]")
        for (old, new, kind, side) in [
            (plain, covered, "added", "new"), (covered, plain, "removed", "old"),
        ] {
            let base = ["diff", "--old", old, "--new", new, "--quiet"]
            let json = try ToolRunner.run(base + ["--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            let report = try #require(
                JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let changes = Self.rows(report["changes"])
            #expect(changes.count == 1, "\(changes)")
            let change = try #require(changes.first)
            #expect(change["change"] as? String == kind)
            #expect(change["\(side)_ref"] as? String == rule)
            #expect(change["\(side)_shadowed_by"] as? String == by)
            #expect(change[(side == "new" ? "old" : "new") + "_shadowed_by"] is NSNull)
            // It never decides: no URL tells the two files apart.
            #expect(Self.rows(change["witnesses"]).isEmpty)

            let csv = try ToolRunner.run(base + ["--format", "csv"])
            #expect(
                csv.lines.filter { $0.hasPrefix("change,") }
                    == csv.lines.filter {
                        $0.hasPrefix("change,\(kind),,") && $0.contains(rule)
                            && $0.hasSuffix(",0,0,\(by)")
                    }, "\(csv.stdout)")
            #expect(csv.lines.contains { $0.hasPrefix("change,") })
            let table = try ToolRunner.run(base + ["--format", "table", "--color", "never"])
            #expect(
                table.lines.contains {
                    $0.hasSuffix("never decides in \(side): shadowed by \(by)")
                },
                "\(table.stdout)")
        }
    }

    /// A real file that already repeats a rule, with a cover put in front of another one: both
    /// are marked in the new file, the repeat alone in the old one, each with its own refs.
    @Test(.needsSharedData())
    func aRealFileWithACoverAddedIsMarkedInEveryForm() throws {
        let old = SharedData.root.appendingPathComponent(
            "aasa-real/github-Expensify-App--well-known--aasa.json"
        ).path
        try check(
            old: old, cover: #"{"/": "/partners/*"}"#, before: "/partners/plaid/oauth_ios",
            targets: ["/partners/plaid/oauth_ios", "/r/1", "/request/2"],
            marked: ("details[0].components[10]", "details[0].components[9]"),
            expected: (
                old: ["details[0].components[13]": "details[0].components[7]"],
                new: [
                    "details[0].components[10]": "details[0].components[9]",
                    "details[0].components[14]": "details[0].components[7]",
                ]
            ))
    }

    /// Over the real files (earlier versions as the old side, current ones as the new, each
    /// under a domain of its own so that both sides hold many files): every `shadowed_by` of
    /// the rules lists is what `lint` reports for that rule of that file (AASA601-603 and
    /// their `related`), and no rule lint passes is marked.
    @Test(.needsSharedData())
    func everyMarkOfTheRealFilesIsWhatLintReports() throws {
        let corpus = SharedData.root.appendingPathComponent("aasa-real")
        func files(_ folder: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0).path }
        }
        let sides = [
            ("old", try files(corpus.appendingPathComponent("history"))),
            ("new", try files(corpus)),
        ]
        var arguments = ["diff", "--format", "json", "--quiet"]
        var fileOfDomain: [String: String] = [:]
        for (side, paths) in sides {
            #expect(paths.count > 50, "\(side)")
            for (index, path) in paths.enumerated() {
                let domain = "\(side)\(index).example"
                fileOfDomain[domain] = path
                arguments += ["--\(side)", "\(domain)=\(path)"]
            }
        }
        let folder = try TemporaryFolder()
        let log = try folder.write("urls.log", "https://new0.example/\n")
        let diff = try ToolRunner.run(arguments + [log])
        #expect(diff.status == 0, "\(diff.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])

        // What lint says, per file and rule: the rule that covers it.
        let lint = try ToolRunner.run(["lint", "--json"] + sides.flatMap(\.1))
        var expected: [String: [String: String]] = [:]
        for line in lint.lines {
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let code = object["code"] as? String,
                ["AASA601", "AASA602", "AASA603"].contains(code),
                let file = object["file"] as? String, let path = object["path"] as? String,
                let related = object["related"] as? String
            else { continue }
            expected[file, default: [:]][String(path.dropFirst("applinks.".count))] =
                String(related.dropFirst("applinks.".count))
        }
        var found: [String: [String: String]] = [:]
        var rules = 0
        for key in ["old_rules", "new_rules"] {
            for row in Self.rows(report[key]) {
                rules += 1
                let source = try #require(row["source"] as? String)
                let file = try #require(fileOfDomain[source], "\(source)")
                if let ref = row["ref"] as? String, let by = row["shadowed_by"] as? String {
                    found[file, default: [:]][ref] = by
                }
            }
        }
        #expect(rules > 500)
        #expect(found == expected)
        // The corpus has such rules on both sides; the comparison must have met them.
        #expect(found.keys.filter { $0.contains("/history/") }.count >= 2)
        #expect(found.keys.filter { !$0.contains("/history/") }.count >= 2)
        #expect(found.values.map(\.count).reduce(0, +) >= 6)
    }
}
