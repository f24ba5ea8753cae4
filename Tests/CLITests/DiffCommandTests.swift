import Foundation
import TestSupport
import Testing

/// `aasa-scan diff` run as a user runs it: its old and new columns held against two separate
/// `scan`s, its witnesses against `match`, its gate and exit codes, and its JSON layout.
struct DiffCommandTests {
    let example = PackagePaths.bundledData("example.com.aasa.json")

    /// example.com.aasa.json after an edit: `/buy/*` narrowed to `/buy/?*` and moved behind
    /// a new exclusion, the short links dropped, the news section given to the shop app.
    static let edited = #"""
        {"applinks": {
          "substitutionVariables": {"food": ["burrito", "pizza"], "section": ["news", "sport"]},
          "details": [
            {"appIDs": ["ABCDE12345.com.example.shop", "ABCDE12345.com.example.shop.beta"],
             "components": [
               {"?": {"no_universal_links": "?*"}, "exclude": true},
               {"/": "/buy/9", "exclude": true},
               {"/": "/buy/internal/*", "exclude": true},
               {"/": "/buy/?*"},
               {"/": "/$(lang)_$(region)/$(food)/"},
               {"/": "/search/*", "caseSensitive": false},
               {"/": "/news/*"}
             ]},
            {"appID": "ABCDE12345.com.example.news",
             "components": [{"/": "/promo", "?": {"utm_source": "?*"}}]},
            {"appID": "ABCDE12345.com.example.legacy", "paths": ["NOT /legacy/private/*", "/legacy/*"]}
          ]}}
        """#

    func json(_ arguments: [String], stdin: Data? = nil) throws -> (Int32, [String: Any], String) {
        let result = try ToolRunner.run(arguments + ["--format", "json", "--quiet"], stdin: stdin)
        let object =
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
            ?? [:]
        return (result.status, object, result.stderr)
    }

    func dictionary(_ value: Any?) -> [String: Any] { value as? [String: Any] ?? [:] }
    func rows(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    /// Rule hits by reference, zero hits included.
    func hits(_ rules: Any?) -> [String: Int] {
        var hits: [String: Int] = [:]
        for rule in rows(rules) {
            if let ref = rule["ref"] as? String { hits[ref] = rule["hits"] as? Int }
        }
        return hits
    }

    /// Per app ID: (handled, excluded) of a scan report.
    func scanApps(_ report: [String: Any]) -> [String: [Int]] {
        var apps: [String: [Int]] = [:]
        for app in rows(report["apps"]) {
            if let name = app["app"] as? String {
                apps[name] = [app["handled"] as? Int ?? -1, app["excluded"] as? Int ?? -1]
            }
        }
        return apps
    }

    /// Per app ID: (handled, excluded) of one side of a diff report.
    func diffApps(_ report: [String: Any], _ side: String) -> [String: [Int]] {
        var apps: [String: [Int]] = [:]
        for app in rows(report["apps"]) {
            guard let name = app["app"] as? String, app[side + "_handled"] != nil else { continue }
            let pair = [
                app[side + "_handled"] as? Int ?? -1, app[side + "_excluded"] as? Int ?? -1,
            ]
            // An app the other side alone names has zeros here, as a scan without it has no row.
            if pair != [0, 0] || apps[name] == nil { apps[name] = pair }
        }
        return apps.filter { $0.value != [0, 0] }
    }

    func transitions(_ report: [String: Any]) -> [String: Int] {
        var cells: [String: Int] = [:]
        for row in rows(report["transitions"]) {
            cells["\(row["from"] as? String ?? "?")>\(row["to"] as? String ?? "?")"] =
                row["requests"] as? Int
        }
        return cells
    }

    static let lanes = ["handled", "excluded", "unmatched"]

    /// Old and new columns of `diff` against separate scans of the old and the new files.
    func expectColumnsEqualScans(
        diff: [String: Any], old: [String: Any], new: [String: Any],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let totals = dictionary(diff["totals"])
        let cells = transitions(diff)
        for (side, scan) in [("old", old), ("new", new)] {
            let column = dictionary(totals[side])
            let scanned = dictionary(scan["totals"])
            for lane in Self.lanes + ["no_association"] {
                #expect(
                    column[lane] as? Int == scanned[lane] as? Int, "\(side) \(lane)",
                    sourceLocation: sourceLocation)
            }
            // The matrix adds up to each column: rows to the old side, columns to the new.
            for lane in Self.lanes {
                let sum = Self.lanes.map {
                    cells[side == "old" ? "\(lane)>\($0)" : "\($0)>\(lane)"] ?? 0
                }.reduce(0, +)
                #expect(
                    sum == column[lane] as? Int, "\(side) \(lane)", sourceLocation: sourceLocation)
            }
            #expect(
                hits(diff[side + "_rules"]) == hits(scan["rules"]), "\(side) rules",
                sourceLocation: sourceLocation)
            #expect(
                diffApps(diff, side) == scanApps(scan).filter { $0.value != [0, 0] },
                "\(side) apps", sourceLocation: sourceLocation)
        }
        #expect(totals["classified"] as? Int == dictionary(old["totals"])["classified"] as? Int)
    }

    @Test func aFileAgainstItselfStaysOnTheDiagonalAndEqualsAScan() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("access.log", ScanCommandTests.logText(repeats: 50))
        let (status, diff, stderr) = try json(["diff", "--old", example, "--new", example, log])
        #expect(status == 0, "\(stderr)")
        let (_, scan, _) = try json(["scan", "--aasa", example, log])
        expectColumnsEqualScans(diff: diff, old: scan, new: scan)
        let cells = transitions(diff)
        #expect(cells.count == 9)
        for (cell, count) in cells {
            let parts = cell.split(separator: ">")
            #expect(parts[0] == parts[1] || count == 0, "\(cell)")
        }
        #expect(cells["handled>handled"] ?? 0 > 0)
        #expect(diff["changed_requests"] as? Int == 0)
        #expect(dictionary(diff["lost"])["requests"] as? Int == 0)
        #expect(rows(diff["rule_changes"]).isEmpty)
        #expect(rows(diff["app_changes"]).isEmpty)
    }

    @Test(arguments: ["1", "2"])
    func twoFilesEqualTwoSeparateScans(workers: String) throws {
        let folder = try TemporaryFolder()
        let new = try folder.write("new.json", Self.edited)
        let log = try folder.write("access.log", ScanCommandTests.logText(repeats: 300))
        let options = ["--workers", workers, "--chunk-kib", "4"]
        let (status, diff, stderr) = try json(
            ["diff", "--old", example, "--new", new] + options + [log])
        #expect(status == 0, "\(stderr)")
        let (_, old, _) = try json(["scan", "--aasa", example] + options + [log])
        let (_, scanNew, _) = try json(["scan", "--aasa", new] + options + [log])
        expectColumnsEqualScans(diff: diff, old: old, new: scanNew)
        let cells = transitions(diff)
        // Hand-checked moves: /buy/9 is now excluded, /id/4815 lost, /news/today changes app.
        #expect(cells["handled>excluded"] ?? 0 >= 300)
        #expect(cells["handled>unmatched"] ?? 0 >= 300)
        let changes = rows(diff["app_changes"])
        #expect(
            changes.contains {
                $0["from_app"] as? String == "ABCDE12345.com.example.news"
                    && $0["to_app"] as? String == "ABCDE12345.com.example.shop"
                    && $0["requests"] as? Int == 300
            })
        let lost = dictionary(diff["lost"])
        #expect(
            lost["requests"] as? Int == (cells["handled>excluded"] ?? 0)
                + (cells["handled>unmatched"] ?? 0))
        let paths = rows(diff["top_changed_paths"])
        #expect(paths.count == 7)
        let lostIDs = paths.first {
            $0["from"] as? String == "handled" && $0["to"] as? String == "unmatched"
        }
        #expect(rows(lostIDs?["paths"]).contains { $0["path"] as? String == "/id/4815" })
        // The rules whose hits changed most: the dropped short-link rule among them.
        #expect(
            rows(diff["rule_changes"]).contains {
                $0["change"] as? String == "removed"
                    && $0["old_ref"] as? String == "details[0].components[3]"
                    && $0["delta"] as? Int == -300
            })
    }

    /// Hosts with their own files on one side only, through a vhost log.
    @Test func domainFormsEqualTwoSeparateScans() throws {
        let folder = try TemporaryFolder()
        let new = try folder.write("new.json", Self.edited)
        var lines = ""
        for (index, host) in ["example.com", "shop.example.com", "other.org"].enumerated() {
            for request in ["/buy/42", "/buy/9", "/id/4815", "/news/today", "/legacy/a"] {
                for _ in 0...index {
                    lines +=
                        "\(host):443 10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET \(request) HTTP/1.1\" 200 5 \"-\" \"t\"\n"
                }
            }
        }
        let log = try folder.write("vhost.log", lines)
        let old = ["--old", "example.com=" + example, "--old", "*.example.com=" + example]
        let (status, diff, stderr) = try json(
            ["diff"] + old + ["--new", "example.com=" + new, "--new", example, log])
        #expect(status == 0, "\(stderr)")
        let (_, scanOld, _) = try json(
            ["scan", "--aasa", "example.com=" + example, "--aasa", "*.example.com=" + example, log])
        let (_, scanNew, _) = try json(
            ["scan", "--aasa", "example.com=" + new, "--aasa", example, log])
        expectColumnsEqualScans(diff: diff, old: scanOld, new: scanNew)
        // other.org had no file and gets the new fallback.
        #expect(dictionary(dictionary(diff["totals"])["old"])["no_association"] as? Int == 15)
        #expect(dictionary(dictionary(diff["totals"])["new"])["no_association"] as? Int == 0)
    }

    @Test func maxLostIsAGate() throws {
        let folder = try TemporaryFolder()
        let new = try folder.write("new.json", Self.edited)
        let log = try folder.write("access.log", ScanCommandTests.logText(repeats: 20))
        let (_, report, _) = try json(["diff", "--old", example, "--new", new, log])
        let percent = dictionary(report["lost"])["percent"] as? Double ?? -1
        #expect(percent > 10 && percent < 90)
        let below = String(Int(percent) - 1)
        let failed = try ToolRunner.run(
            ["diff", "--old", example, "--new", new, "--max-lost", below, "--format", "none", log])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("above --max-lost \(below)"), "\(failed.stderr)")
        #expect(failed.stdout.isEmpty)
        let passed = try ToolRunner.run(
            [
                "diff", "--old", example, "--new", new, "--max-lost",
                String(Int(percent) + 1) + "%",
                "--format", "none", log,
            ])
        #expect(passed.status == 0, "\(passed.stderr)")
        // The table says it in one line.
        let table = try ToolRunner.run(
            [
                "diff", "--old", example, "--new", new, "--max-lost", below, "--format", "table",
                "--color", "never", log,
            ])
        #expect(table.status == 1)
        #expect(table.lines.contains { $0.hasPrefix("Lost: ") && $0.contains("FAILED --max-lost") })
        let (gated, gatedReport, _) = try json(
            ["diff", "--old", example, "--new", new, "--max-lost", below, log])
        #expect(gated == 1)
        #expect(dictionary(gatedReport["gate"])["failed"] as? Bool == true)
        // Without logs there is nothing to measure: a usage error.
        let noLogs = try ToolRunner.run(["diff", "--old", example, "--new", new, "--max-lost", "1"])
        #expect(noLogs.status == 64)
        let outOfRange = try ToolRunner.run(
            ["diff", "--old", example, "--new", new, "--max-lost", "101", log])
        #expect(outOfRange.status == 64)
    }

    @Test func corruptInputIsReportedWhileTheRestIsCounted() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("good.log", ScanCommandTests.logText(repeats: 3000))
        try Shell.run(
            """
            zstd -q -c '\(plain)' > '\(folder.path)/full.zst'
            head -c $(( $(stat -c %s '\(folder.path)/full.zst') / 2 )) '\(folder.path)/full.zst' > '\(folder.path)/cut.zst'
            """)
        let (status, report, stderr) = try json(
            ["diff", "--old", example, "--new", example, folder.path + "/cut.zst", plain])
        #expect(status == 2)
        #expect(report["complete"] as? Bool == false)
        let inputs = rows(report["inputs"])
        #expect(inputs.count == 2)
        #expect(inputs.first?["complete"] as? Bool == false)
        #expect(inputs.last?["complete"] as? Bool == true)
        #expect(
            inputs.last?["requests"] as? Int
                == ScanCommandTests.expectedTotals(repeats: 3000)["requests"])
        #expect(stderr.contains("cut.zst"))
        // The cut input's lines before the damage count too.
        #expect((inputs.first?["lines"] as? Int ?? 0) > 0)
    }

    @Test func staticDiffOfAFileWithItselfHasNoChange() throws {
        // Log lines on standard input are not read without `-`: the diff is static.
        let (status, report, stderr) = try json(
            ["diff", "--old", example, "--new", example],
            stdin: Data(ScanCommandTests.logText(repeats: 1).utf8))
        #expect(status == 0, "\(stderr)")
        #expect(report["mode"] as? String == "static")
        #expect(rows(report["changes"]).isEmpty)
        let summary = dictionary(report["summary"])
        for kind in ["added", "removed", "moved", "changed"] { #expect(summary[kind] as? Int == 0) }
        #expect(summary["unchanged"] as? Int ?? 0 > 10)
    }

    /// Every witness of the static diff, asked of `match` with each file: the two decisions
    /// differ and are the ones the diff reports.
    @Test func staticWitnessesAreDecidedDifferentlyByMatch() throws {
        let folder = try TemporaryFolder()
        let new = try folder.write("new.json", Self.edited)
        let (status, report, stderr) = try json(["diff", "--old", example, "--new", new])
        #expect(status == 0, "\(stderr)")
        let changes = rows(report["changes"])
        #expect(
            Set(changes.compactMap { $0["change"] as? String }).isSuperset(of: ["added", "removed"])
        )
        var witnesses: [(url: String, old: String, new: String)] = []
        for change in changes {
            let found = rows(change["witnesses"])
            #expect(found.isEmpty == (change["note"] as? String != nil))
            for witness in found {
                func verdict(_ side: String) -> String {
                    let decision = dictionary(witness[side])
                    return "\(decision["decision"] as? String ?? "?")\t"
                        + "\(decision["app"] as? String ?? "-")"
                }
                witnesses.append((witness["url"] as? String ?? "", verdict("old"), verdict("new")))
            }
        }
        #expect(witnesses.count >= 5)
        // The menu rule kept its text; its `$(food)` lost values.
        #expect(
            changes.contains {
                $0["change"] as? String == "changed"
                    && ($0["changed_variables"] as? [String]) == ["food"]
            })
        let urls = witnesses.map(\.url).joined(separator: "\n") + "\n"
        let oldLines = try ToolRunner.run(
            ["match", "--aasa", example, "-"], stdin: Data(urls.utf8)
        )
        .lines
        let newLines = try ToolRunner.run(["match", "--aasa", new, "-"], stdin: Data(urls.utf8))
            .lines
        #expect(oldLines.count == witnesses.count && newLines.count == witnesses.count)
        for (index, witness) in witnesses.enumerated() where index < oldLines.count {
            let old = oldLines[index].split(separator: "\t").prefix(2).joined(separator: "\t")
            let new = newLines[index].split(separator: "\t").prefix(2).joined(separator: "\t")
            #expect(old != new, "\(witness.url)")
            #expect(old == witness.old && new == witness.new, "\(witness.url)")
        }
    }

    /// The JSON layouts are a contract: keys in this order, always present.
    @Test func jsonFieldsArePresentInOrder() throws {
        let folder = try TemporaryFolder()
        let new = try folder.write("new.json", Self.edited)
        let log = try folder.write("access.log", ScanCommandTests.logText(repeats: 2))
        let traffic = try ToolRunner.run(
            ["diff", "--old", example, "--new", new, "--format", "json", log])
        #expect(traffic.status == 0)
        let keys = [
            "schema", "mode", "complete", "coverage_note", "warnings", "inputs", "old", "new",
            "totals", "time_range",
            "transitions", "changed_requests", "lost", "gained", "gate", "app_changed_requests",
            "app_changes", "apps", "android", "platforms", "top_changed_paths", "rule_changes",
            "rule_changes_total",
            "unseen_transitions", "dead_new_rules", "shadowed_new_rules", "old_rules", "new_rules",
            "malformed_samples", "workers", "elapsed_seconds",
        ]
        #expect(Self.topLevelKeys(traffic.stdout) == keys)
        #expect(traffic.stdout.hasPrefix(#"{"schema":"aasa-scan.diff/1","mode":"traffic""#))
        let report =
            (try? JSONSerialization.jsonObject(with: Data(traffic.stdout.utf8))) as? [String: Any]
            ?? [:]
        #expect(
            rows(report["transitions"]).map { "\($0["from"] ?? "")>\($0["to"] ?? "")" }
                == Self.lanes.flatMap { from in Self.lanes.map { "\(from)>\($0)" } })
        let totals = dictionary(report["totals"])
        #expect(
            Set(dictionary(totals["old"]).keys) == [
                "handled", "excluded", "unmatched", "no_association", "handled_percent",
            ])
        for changed in rows(report["top_changed_paths"]) {
            #expect(
                Set(changed.keys) == [
                    "from", "to", "app_change", "requests", "approximate", "paths",
                ])
            for path in rows(changed["paths"]) {
                #expect(Set(path.keys) == ["path", "host", "count", "error_bound"])
            }
        }
        for change in rows(report["rule_changes"]) {
            #expect(
                Set(change.keys) == [
                    "change", "source", "old_ref", "new_ref", "apps", "old_pattern", "new_pattern",
                    "old_hits", "new_hits", "delta", "old_shadowed_by", "new_shadowed_by",
                ])
        }
        let staticRun = try ToolRunner.run([
            "diff", "--old", example, "--new", new, "--format", "json",
        ])
        #expect(
            Self.topLevelKeys(staticRun.stdout)
                == [
                    "schema", "mode", "complete", "old", "new", "summary", "transitions",
                    "transitions_complete", "transitions_notes", "changes",
                ])
        let staticReport =
            (try? JSONSerialization.jsonObject(with: Data(staticRun.stdout.utf8))) as? [String: Any]
            ?? [:]
        for change in rows(staticReport["changes"]) {
            #expect(
                Set(change.keys) == [
                    "change", "domain", "old_file", "new_file", "old_ref", "new_ref", "apps",
                    "old_pattern", "new_pattern", "witnesses", "changed_variables", "note",
                    "old_shadowed_by", "new_shadowed_by",
                ])
        }
        let csv = try ToolRunner.run([
            "diff", "--old", example, "--new", new, "--format", "csv", log,
        ])
        #expect(
            csv.lines.first == "section,id,source,from,to,pattern,count,error_bound,shadowed_by")
        #expect(csv.lines.filter { $0.hasPrefix("transition,") }.count == 9)
    }

    /// The keys of the outermost object, in the order written.
    static func topLevelKeys(_ text: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var expectingKey = false
        for character in text {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if expectingKey {
                        keys.append(current)
                        expectingKey = false
                    }
                } else if expectingKey {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current = ""
            case "{", "[":
                depth += 1
                if depth == 1 { expectingKey = true }
            case "}", "]": depth -= 1
            case ",": if depth == 1 { expectingKey = true }
            default: break
            }
        }
        return keys
    }

    @Test func standardInputIsReadWhenNamed() throws {
        let log = Data(ScanCommandTests.logText(repeats: 5).utf8)
        let (status, report, stderr) = try json(
            ["diff", "--old", example, "--new", example, "-"], stdin: log)
        #expect(status == 0, "\(stderr)")
        #expect(report["mode"] as? String == "traffic")
        #expect(rows(report["inputs"]).first?["path"] as? String == "-")
        #expect(dictionary(report["totals"])["lines"] as? Int == 95)
    }

    @Test func usageErrorsAndHelp() throws {
        #expect(try ToolRunner.run(["diff", "--old", example]).status == 64)
        #expect(try ToolRunner.run(["diff", "--new", example]).status == 64)
        let missing = try ToolRunner.run(["diff", "--old", example, "--new", "/nonexistent.json"])
        #expect(missing.status == 2)
        let help = try ToolRunner.run(["diff", "--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.contains("aasa-scan diff --old live.json --new next.json access.log.zst"))
        #expect(help.stdout.contains("--max-lost"))
    }
}
