import Foundation
import TestSupport
import Testing

/// `--format html` of scan, merge and diff: every figure the page shows equals the JSON
/// report's, and strings from logs and AASA files are text, never markup.
struct HTMLReportTests {
    let sample = PackagePaths.bundledData("sample.aasa.json")
    let next = PackagePaths.bundledData("sample-next.aasa.json")
    let log = PackagePaths.bundledData("sample-access.log.zst")

    /// The same command's JSON and HTML reports, with the HTML's exit status. Scans run on one
    /// worker: the approximate top lists then come out the same in both runs.
    func reports(_ arguments: [String]) throws -> (json: [String: Any], html: HTMLFigures, Int32) {
        let options = ["--quiet"] + (arguments.first == "merge" ? [] : ["--workers", "1"])
        let json = try ToolRunner.run(arguments + ["--format", "json"] + options)
        let html = try ToolRunner.run(arguments + ["--format", "html"] + options)
        #expect(json.status == html.status, "\(html.stderr)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
            "\(json.stderr)")
        return (object, HTMLFigures(html.stdout), html.status)
    }

    static let scanMetrics = [
        "totals.lines", "totals.requests", "totals.malformed", "totals.skipped",
        "totals.filtered.total", "totals.classified", "totals.handled", "totals.excluded",
        "totals.unmatched", "totals.no_association", "coverage.handled_percent",
        "coverage.excluded_percent", "coverage.unmatched_percent", "dead_rules",
    ]

    /// A self-contained page that can run nothing and fetch nothing: only our own elements,
    /// no attribute that loads or runs anything, and the policy that forbids both.
    func expectInert(_ page: HTMLFigures) {
        let html = page.html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; "#
                    + #"style-src &#39;unsafe-inline&#39;; img-src data:">"#))
        for forbidden in ["<script", "url(", "@import", "javascript:"] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
        }
        let names = Set(page.tags.map(\.name))
        #expect(names.isSubset(of: Self.ownElements), "\(names.subtracting(Self.ownElements))")
        for tag in page.tags {
            for name in tag.attributes.keys {
                #expect(!["src", "href", "action", "style"].contains(name), "\(tag.name) \(name)")
                #expect(!name.hasPrefix("on"), "\(tag.name) \(name)")
            }
        }
    }

    /// Rows of a scan report's tables against the JSON's lists.
    func expectScanRowsEqual(_ json: [String: Any], _ html: HTMLFigures, top: Int) throws {
        let apps = try #require(json["apps"] as? [[String: Any]])
        let appRows = html.rows("apps-table")
        #expect(appRows.count == min(top, apps.count))
        for (row, app) in zip(appRows, apps) {
            #expect(row.attributes["data-app"] == app["app"] as? String)
            #expect(row.attributes["data-source"] == app["source"] as? String)
            for field in ["handled", "excluded"] {
                #expect(HTMLFigures.same(row.value(field) ?? "", app[field]), "\(field)")
            }
        }

        let rules = try #require(json["rules"] as? [[String: Any]])
        func key(_ ref: String?, _ source: String?) -> String { "\(source ?? "") \(ref ?? "")" }
        let byKey = Dictionary(
            rules.map { (key($0["ref"] as? String, $0["source"] as? String), $0) },
            uniquingKeysWith: { first, _ in first })
        let withHits = rules.compactMap { $0["hits"] as? Int }.filter { $0 > 0 }
        let ranked = html.rows("rules-table")
        #expect(ranked.count == min(top, withHits.count))
        let shownHits = ranked.map { Int($0.value("hits") ?? "") ?? -1 }
        for (row, hits) in zip(ranked, shownHits) {
            let rule = byKey[key(row.attributes["data-ref"], row.attributes["data-source"])]
            #expect(rule?["hits"] as? Int == hits, "\(row.attributes)")
        }
        // The top rules by hits, most first: none left out has more than the last shown.
        #expect(shownHits == shownHits.sorted(by: >))
        let left = withHits.sorted(by: >).dropFirst(ranked.count)
        #expect((left.first ?? 0) <= (shownHits.last ?? .max))

        let dead = rules.filter { $0["hits"] as? Int == 0 && $0["measurable"] as? Bool == true }
        let deadRows = html.rows("dead-rules-table")
        #expect(deadRows.count == min(top, dead.count))
        for (row, rule) in zip(deadRows, dead) {
            #expect(row.attributes["data-ref"] == rule["ref"] as? String)
            #expect(row.attributes["data-shadowed-by"] == rule["shadowed_by"] as? String)
        }
        // Rules no server log can show are listed apart, neither dead nor alive.
        let unmeasurable = rules.filter { $0["measurable"] as? Bool == false }
        let unmeasurableRows = html.rows("unmeasurable-rules-table")
        #expect(unmeasurableRows.count == min(top, unmeasurable.count))
        for (row, rule) in zip(unmeasurableRows, unmeasurable) {
            #expect(row.attributes["data-ref"] == rule["ref"] as? String)
            #expect(row.attributes["data-measurable"] == "false")
        }

        for (list, table) in [("top_unmatched", "top-unmatched"), ("top_handled", "top-handled")] {
            let paths = try #require(json[list] as? [[String: Any]])
            let rows = html.rows(table + "-table")
            #expect(rows.count == paths.count, "\(list)")
            for (row, path) in zip(rows, paths) {
                #expect(HTMLFigures.same(row.value("count") ?? "", path["count"]), "\(list)")
                let bound = row.cells.first { $0.attributes["data-field"] == "count" }?
                    .attributes["data-error-bound"]
                #expect(HTMLFigures.same(bound ?? "0", path["error_bound"]), "\(list)")
            }
        }

        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let inputRows = html.rows("inputs")
        for (row, input) in zip(inputRows, inputs) {
            #expect(row.attributes["data-input"] == input["path"] as? String)
            #expect(
                row.attributes["data-state"]
                    == ((input["complete"] as? Bool) == true ? "complete" : "incomplete"))
            for field in ["bytes", "lines", "requests", "malformed"] {
                #expect(HTMLFigures.same(row.value(field) ?? "", input[field]), "\(field)")
            }
        }
    }

    @Test func scanPageShowsTheFiguresOfTheJSONReport() throws {
        for top in [20, 3] {
            let (json, html, status) = try reports(
                ["scan", "--aasa", sample, "--top", String(top), log])
            #expect(status == 0)
            expectInert(html)
            html.expectMetricsEqual(json, required: Self.scanMetrics)
            html.expectShownCountsEqualValues()
            try expectScanRowsEqual(json, html, top: top)
        }
    }

    @Test func sharesOnThePageAddUpToOneHundred() throws {
        let (_, html, _) = try reports(["scan", "--aasa", sample, log])
        let shown = html.tags.filter {
            ($0.attributes["data-metric"] ?? "").hasPrefix("coverage.")
        }.map { Double($0.text.dropLast()) ?? 0 }
        #expect(shown.count == 3)
        #expect(abs(shown.reduce(0, +) - 100) < 1e-9, "\(shown)")
    }

    @Test func shadowedRulesAreMarkedAsTheJSONMarksThem() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("aasa.json", ShadowReportTests.aasa)
        let log = try folder.write(
            "access.log",
            #"1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /buy/42 HTTP/1.1" 200 1 "-" "x""#
                + "\n")
        let (json, html, _) = try reports(["scan", "--aasa", file, log])
        html.expectMetricsEqual(json, required: Self.scanMetrics + ["shadowed_rules"])
        try expectScanRowsEqual(json, html, top: 20)
        let marked = html.rows("dead-rules-table").filter {
            $0.attributes["data-shadowed-by"] != nil
        }
        #expect(marked.count == json["shadowed_rules"] as? Int)
        #expect(html.html.contains("never decides: shadowed by details[0].components[0]"))

        // The diff page marks the new files' rules as the diff JSON does.
        let (diffJSON, diffHTML, _) = try reports(["diff", "--old", file, "--new", file, log])
        diffHTML.expectMetricsEqual(diffJSON, required: ["shadowed_new_rules"])
        let dead = try #require(diffJSON["dead_new_rules"] as? [[String: Any]])
        #expect(
            diffHTML.rows("dead-rules-table").map { $0.attributes["data-shadowed-by"] }
                == dead.map { $0["shadowed_by"] as? String })
        #expect(dead.contains { $0["shadowed_by"] is String })
    }

    @Test func mergedPageShowsTheFiguresOfTheMergedJSON() throws {
        let folder = try TemporaryFolder()
        let aasa = PackagePaths.bundledData("example.com.aasa.json")
        let lines = ScanCommandTests.logText(repeats: 30).split(separator: "\n")
        let first = try folder.write("a.log", lines[..<200].joined(separator: "\n") + "\n")
        let second = try folder.write("b.log", lines[200...].joined(separator: "\n") + "\n")
        var states: [String] = []
        for (index, input) in [first, second].enumerated() {
            let state = folder.path + "/\(index).state"
            let saved = try ToolRunner.run(
                ["scan", "--aasa", aasa, "--format", "none", "--save-state", state, input])
            #expect(saved.status == 0, "\(saved.stderr)")
            states.append(state)
        }
        let (json, html, status) = try reports(["merge"] + states)
        #expect(status == 0)
        expectInert(html)
        html.expectMetricsEqual(json, required: Self.scanMetrics)
        html.expectShownCountsEqualValues()
        try expectScanRowsEqual(json, html, top: 20)
        #expect(html.rows("inputs").count == 2)
    }

    @Test func filtersAppliedAreListedWithWhatTheyLeftOut() throws {
        let (json, html, _) = try reports(
            ["scan", "--aasa", sample, "--methods", "GET", "--skip-bots", "--status", "2xx", log])
        html.expectMetricsEqual(
            json,
            required: Self.scanMetrics + [
                "totals.filtered.method", "totals.filtered.status", "totals.filtered.asset",
                "totals.filtered.bot",
            ])
        #expect(html.html.contains("<code>--methods GET</code>"))
        #expect(html.html.contains("<code>--skip-bots</code>"))
    }

    @Test func diffPageShowsTheFiguresOfTheDiffJSON() throws {
        let top = 5
        let (json, html, status) = try reports(
            [
                "diff", "--old", sample, "--new", next, "--max-lost", "2", "--top", String(top),
                log,
            ])
        #expect(status == 1)
        expectInert(html)
        html.expectMetricsEqual(
            json,
            required: [
                "lost.requests", "lost.percent", "gained", "changed_requests",
                "app_changed_requests", "totals.classified", "gate.failed",
                "totals.old.handled", "totals.old.excluded", "totals.old.unmatched",
                "totals.old.handled_percent", "totals.new.handled", "totals.new.excluded",
                "totals.new.unmatched", "totals.new.handled_percent",
            ])
        html.expectShownCountsEqualValues()

        let transitions = try #require(json["transitions"] as? [[String: Any]])
        let cells = html.rows("transitions-table").flatMap(\.cells).filter {
            $0.attributes["data-to"] != nil
        }
        #expect(cells.count == 9)
        for transition in transitions {
            let cell = cells.first {
                $0.attributes["data-from"] == transition["from"] as? String
                    && $0.attributes["data-to"] == transition["to"] as? String
            }
            #expect(HTMLFigures.same(cell?.attributes["data-value"] ?? "", transition["requests"]))
        }

        let apps = try #require(json["apps"] as? [[String: Any]])
        let appRows = html.rows("apps-table")
        #expect(appRows.count == min(top, apps.count))
        for (row, app) in zip(appRows, apps) {
            #expect(row.attributes["data-app"] == app["app"] as? String)
            for field in ["old_handled", "new_handled", "old_excluded", "new_excluded"] {
                #expect(HTMLFigures.same(row.value(field) ?? "", app[field]), "\(field)")
            }
        }

        let changes = try #require(json["rule_changes"] as? [[String: Any]])
        let changeRows = html.rows("rule-changes-table")
        #expect(changeRows.count == changes.count)
        for (row, change) in zip(changeRows, changes) {
            #expect(row.attributes["data-change"] == change["change"] as? String)
            #expect(row.attributes["data-old-ref"] == change["old_ref"] as? String)
            #expect(row.attributes["data-new-ref"] == change["new_ref"] as? String)
            #expect(
                row.attributes["data-old-shadowed-by"] == change["old_shadowed_by"] as? String)
            #expect(
                row.attributes["data-new-shadowed-by"] == change["new_shadowed_by"] as? String)
            for field in ["old_hits", "new_hits", "delta"] {
                #expect(HTMLFigures.same(row.value(field) ?? "", change[field]), "\(field)")
            }
        }

        let changed = try #require(json["top_changed_paths"] as? [[String: Any]])
        for list in changed where (list["requests"] as? Int ?? 0) > 0 {
            let id =
                list["app_change"] as? Bool == true
                ? "paths-app-change"
                : "paths-\(list["from"] as? String ?? "")-\(list["to"] as? String ?? "")"
            let paths = list["paths"] as? [[String: Any]] ?? []
            let rows = html.rows(id + "-table")
            #expect(rows.count == paths.count, "\(id)")
            for (row, path) in zip(rows, paths) {
                #expect(row.attributes["data-path"] == path["path"] as? String)
                #expect(HTMLFigures.same(row.value("count") ?? "", path["count"]))
            }
        }
        let dead = try #require(json["dead_new_rules"] as? [[String: Any]])
        #expect(
            html.rows("dead-rules-table").map { $0.attributes["data-ref"] }
                == dead.prefix(top).map { $0["ref"] as? String })
        #expect(
            html.rows("dead-rules-table").map { $0.attributes["data-shadowed-by"] }
                == dead.prefix(top).map { $0["shadowed_by"] as? String })
    }

    @Test func suggestHasNoPage() throws {
        let suggest = try ToolRunner.run(
            ["suggest", "--aasa", sample, "--format", "html", log])
        #expect(suggest.status == 64)
    }

    /// The diff without logs has a page too: a row per witness of each decision change, as
    /// the JSON's `transitions`, and a row per rule change.
    @Test func theStaticDiffPageShowsEveryDecisionChange() throws {
        let (json, html, status) = try reports(["diff", "--old", sample, "--new", next])
        #expect(status == 0)
        expectInert(html)
        let transitions = json["transitions"] as? [[String: Any]] ?? []
        let expected = transitions.flatMap { transition in
            (transition["witnesses"] as? [[String: Any]] ?? []).map {
                "\(transition["from"] ?? "")>\(transition["to"] ?? "") \($0["url"] ?? "")"
            }
        }
        let rows = html.rows("transitions-table").map {
            "\($0.attributes["data-from"] ?? "")>\($0.attributes["data-to"] ?? "") "
                + ($0.cells.count > 1 ? $0.cells[1].text : "")
        }
        #expect(!expected.isEmpty && rows == expected)
        #expect(
            html.rows("rule-changes-table").count
                == (json["changes"] as? [[String: Any]] ?? []).count)
    }

    /// A log and an AASA file written to break out of the markup: every string stays text.
    @Test func hostileStringsAreTextAndRunNothing() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write(
            "aasa.json",
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x.<img src=x onerror=alert(3)>"],
              "components": [{"/": "/<script>alert(4)</script>*"}, {"/": "/rtl/*"}]}]}}
            """#)
        var bytes: [UInt8] = []
        for (host, target) in [
            ("example.com", "/<script>alert(1)</script>"),
            ("example.com", #"/\"><img src=x onerror=alert(1)>"#),
            ("example.com", "/rtl/\\u202egnp.exe"),
            ("example.com", "/nul/a\\u0000b"),
            ("<b>bold.example", "/x"),
        ] {
            bytes += Array(
                #"{"host":"\#(host)","request":"GET \#(target) HTTP/1.1","status":200}"#.utf8)
            bytes.append(0x0A)
        }
        bytes += Array(#"{"host":"example.com","request":"GET /bad/"#.utf8) + [0xFF, 0xFE]
        bytes += Array(#" HTTP/1.1","status":200}"#.utf8) + [0x0A]
        bytes += Array("not a log line <script>alert(2)</script> ".utf8) + [0xFF, 0x0A]
        let log = folder.path + "/hostile.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: log))

        let (json, html, status) = try reports(["scan", "--aasa", aasa, log])
        #expect(status == 0)
        expectInert(html)
        html.expectMetricsEqual(json, required: Self.scanMetrics)
        try expectScanRowsEqual(json, html, top: 20)
        for text in [
            "/&lt;script&gt;alert(1)&lt;/script&gt;",
            "/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;",
            #"/rtl/<span class="ctl">\u{202e}</span>gnp.exe"#,
            #"/nul/a<span class="ctl">\x00</span>b"#,
            #"/bad/<span class="ctl">\xff</span><span class="ctl">\xfe</span>"#,
            "&lt;b&gt;bold.example",
            "ABCDE12345.com.x.&lt;img src=x onerror=alert(3)&gt;",
            "/&lt;script&gt;alert(4)&lt;/script&gt;*",
            #"not a log line &lt;script&gt;alert(2)&lt;/script&gt; <span class="ctl">\xff</span>"#,
        ] {
            #expect(html.html.contains(text), "\(text)")
        }
        // No control or format character reaches the page as it is.
        #expect(
            !html.html.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || $0.properties.generalCategory == .format
            })
        let paths = html.rows("top-unmatched-table").map { $0.attributes["data-path"] ?? "" }
        #expect(paths.contains(#"/"><img src=x onerror=alert(1)>"#))
    }

    /// Every element the reports write.
    static let ownElements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3", "p",
        "section", "div", "span", "strong", "small", "code", "ul", "li", "dl", "dt", "dd",
        "table", "thead", "tbody", "tr", "th", "td", "br", "svg", "rect", "footer",
    ]

    @Test func incompleteInputsRaiseTheBanner() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("good.log", ScanCommandTests.logText(repeats: 3000))
        try Shell.run(
            """
            zstd -q -c '\(plain)' > '\(folder.path)/full.zst'
            head -c $(( $(stat -c %s '\(folder.path)/full.zst') / 2 )) '\(folder.path)/full.zst' > '\(folder.path)/cut.zst'
            """)
        let aasa = PackagePaths.bundledData("example.com.aasa.json")
        let (json, html, status) = try reports(["scan", "--aasa", aasa, folder.path + "/cut.zst"])
        #expect(status == 2)
        #expect(json["complete"] as? Bool == false)
        #expect(html.tags.contains { $0.attributes["id"] == "incomplete" })
        html.expectMetricsEqual(json, required: Self.scanMetrics)
        #expect(html.rows("inputs").first?.attributes["data-state"] == "incomplete")
        let error = (json["inputs"] as? [[String: Any]])?.first?["error"] as? String ?? "?"
        #expect(html.html.contains(HTMLFigures.escaped(error)), "\(error)")

        let (_, whole, _) = try reports(["scan", "--aasa", aasa, plain])
        #expect(!whole.tags.contains { $0.attributes["id"] == "incomplete" })
    }

    @Test func topZeroSaysTheListsAreHidden() throws {
        let (json, html, _) = try reports(["scan", "--aasa", sample, "--top", "0", log])
        html.expectMetricsEqual(json, required: Self.scanMetrics.filter { $0 != "dead_rules" })
        #expect(html.rows("rules-table").isEmpty)
        #expect(html.html.contains("hidden by --top 0"))
    }
}
