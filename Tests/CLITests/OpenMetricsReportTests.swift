import Foundation
import TestSupport
import Testing

/// `--format openmetrics` of scan, merge and diff: a valid exposition holding exactly the
/// series the JSON report of the same command implies, with its values (`docs/reports.md`).
struct OpenMetricsReportTests {
    /// Series built from a JSON report, as the metric list of `docs/reports.md` maps its fields.
    struct Expected {
        var values: [Exposition.Series: Double] = [:]
        var types: [String: String] = [:]

        /// Adds `value` to a series (series of the same labels add up, as inputs of one name
        /// do); `nil` label values are left out.
        mutating func add(
            _ family: String, _ type: String, _ labels: [String: String?] = [:], _ value: Double
        ) {
            types[family] = type
            let series = Exposition.Series(
                name: type == "counter" ? family + "_total" : family,
                labels: labels.compactMapValues { $0.map(Self.label) })
            values[series, default: 0] += value
        }

        /// A report string as a label holds it: control characters but the line feed as %XX.
        static func label(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                if (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) {
                    for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
    }

    typealias Object = [String: Any]

    static func number(_ value: Any?) -> Double {
        (value as? NSNumber)?.doubleValue ?? .nan
    }

    static func runTotals(_ report: Object, into expected: inout Expected) {
        let totals = report["totals"] as? Object ?? [:]
        expected.add(
            "aasa_scan_complete", "gauge", [:], (report["complete"] as? Bool) == true ? 1 : 0)
        for (family, key) in [
            ("aasa_scan_lines", "lines"), ("aasa_scan_requests", "requests"),
            ("aasa_scan_malformed_lines", "malformed"), ("aasa_scan_skipped_lines", "skipped"),
        ] {
            expected.add(family, "counter", [:], number(totals[key]))
        }
        let filtered = totals["filtered"] as? Object ?? [:]
        for reason in ["method", "status", "asset", "bot"] {
            expected.add(
                "aasa_scan_filtered_requests", "counter", ["reason": reason],
                number(filtered[reason]))
        }
    }

    /// Inputs, workers; the duration when `duration` (a merge: the saved state's).
    static func runInputs(_ report: Object, duration: Bool, into expected: inout Expected) {
        var complete: [String: Double] = [:]
        var skipped: [String: Double] = [:]
        for input in report["inputs"] as? [Object] ?? [] {
            let path = input["path"] as? String ?? ""
            let labels = ["input": path]
            expected.add("aasa_scan_input_read_bytes", "counter", labels, number(input["bytes"]))
            expected.add("aasa_scan_input_lines", "counter", labels, number(input["lines"]))
            expected.add("aasa_scan_input_requests", "counter", labels, number(input["requests"]))
            expected.add(
                "aasa_scan_input_malformed_lines", "counter", labels, number(input["malformed"]))
            expected.add(
                "aasa_scan_input_errors", "counter", labels, input["error"] is String ? 1 : 0)
            complete[path] = min(complete[path] ?? 1, (input["complete"] as? Bool) == true ? 1 : 0)
            skipped[path] = max(skipped[path] ?? 0, (input["skipped"] as? Bool) == true ? 1 : 0)
        }
        for (path, value) in complete {
            expected.add("aasa_scan_input_complete", "gauge", ["input": path], value)
        }
        for (path, value) in skipped {
            expected.add("aasa_scan_input_skipped", "gauge", ["input": path], value)
        }
        expected.add("aasa_scan_workers", "gauge", [:], number(report["workers"]))
        if duration {
            expected.add(
                "aasa_scan_duration_seconds", "gauge", [:], number(report["elapsed_seconds"]))
        }
    }

    static func scanExpectation(_ report: Object, duration: Bool) -> Expected {
        var expected = Expected()
        runTotals(report, into: &expected)
        let totals = report["totals"] as? Object ?? [:]
        let coverage = report["coverage"] as? Object ?? [:]
        for decision in ["handled", "excluded", "unmatched"] {
            expected.add(
                "aasa_scan_classified_requests", "counter", ["class": decision],
                number(totals[decision]))
            expected.add(
                "aasa_scan_coverage_ratio", "gauge", ["class": decision],
                number(coverage[decision + "_percent"]) / 100)
        }
        expected.add(
            "aasa_scan_no_association_requests", "counter", [:], number(totals["no_association"]))
        for app in report["apps"] as? [Object] ?? [] {
            let labels: [String: String?] = [
                "app": app["app"] as? String, "source": app["source"] as? String,
            ]
            for (decision, key, family) in [
                ("handled", "handled", "aasa_scan_app_requests"),
                ("excluded", "excluded", "aasa_scan_app_requests"),
                ("handled", "eligible", "aasa_scan_app_eligible_requests"),
                ("excluded", "eligible_excluded", "aasa_scan_app_eligible_requests"),
            ] where app[key] is NSNumber {
                expected.add(
                    family, "counter", labels.merging(["class": decision]) { $1 },
                    number(app[key]))
            }
        }
        for rule in report["rules"] as? [Object] ?? [] {
            expected.add(
                "aasa_scan_rule_hits", "counter",
                ["source": rule["source"] as? String, "rule": rule["ref"] as? String],
                number(rule["hits"]))
        }
        for file in report["associations"] as? [Object] ?? [] {
            expected.add(
                "aasa_scan_association_rules", "gauge",
                ["source": (file["domain"] as? String) ?? (file["file"] as? String)],
                number(file["rules"]))
        }
        expected.add("aasa_scan_dead_rules", "gauge", [:], number(report["dead_rules"]))
        expected.add("aasa_scan_shadowed_rules", "gauge", [:], number(report["shadowed_rules"]))
        let unmeasurable = (report["rules"] as? [Object] ?? []).filter {
            ($0["measurable"] as? Bool) == false
        }
        expected.add("aasa_scan_unmeasurable_rules", "gauge", [:], Double(unmeasurable.count))
        for rule in unmeasurable {
            expected.add(
                "aasa_scan_rule_unmeasurable", "gauge",
                ["source": rule["source"] as? String, "rule": rule["ref"] as? String], 1)
        }
        for warning in report["warnings"] as? [Object] ?? [] {
            expected.add(
                "aasa_scan_warnings", "gauge", ["code": warning["code"] as? String], 1)
        }
        for host in report["hosts"] as? [Object] ?? [] {
            for decision in ["handled", "excluded", "unmatched"] {
                expected.add(
                    "aasa_scan_host_requests", "counter",
                    ["host": host["host"] as? String, "class": decision], number(host[decision]))
            }
        }
        expected.add(
            "aasa_scan_hosts_approximate", "gauge", [:],
            (report["hosts_approximate"] as? Bool) == true ? 1 : 0)
        expected.add(
            "aasa_scan_distinct_paths", "gauge", [:], number(report["distinct_paths_estimate"]))
        runInputs(report, duration: duration, into: &expected)
        return expected
    }

    static func diffExpectation(_ report: Object) -> Expected {
        var expected = Expected()
        runTotals(report, into: &expected)
        let totals = report["totals"] as? Object ?? [:]
        for side in ["old", "new"] {
            let counts = totals[side] as? Object ?? [:]
            for decision in ["handled", "excluded", "unmatched"] {
                expected.add(
                    "aasa_scan_diff_classified_requests", "counter",
                    ["side": side, "class": decision], number(counts[decision]))
            }
            expected.add(
                "aasa_scan_diff_no_association_requests", "counter", ["side": side],
                number(counts["no_association"]))
            expected.add(
                "aasa_scan_diff_handled_ratio", "gauge", ["side": side],
                number(counts["handled_percent"]) / 100)
        }
        for row in report["transitions"] as? [Object] ?? [] {
            expected.add(
                "aasa_scan_diff_transition_requests", "counter",
                ["from": row["from"] as? String, "to": row["to"] as? String],
                number(row["requests"]))
        }
        let lost = report["lost"] as? Object ?? [:]
        let gate = report["gate"] as? Object ?? [:]
        expected.add(
            "aasa_scan_diff_changed_requests", "counter", [:], number(report["changed_requests"]))
        expected.add("aasa_scan_diff_lost_requests", "counter", [:], number(lost["requests"]))
        expected.add("aasa_scan_diff_lost_ratio", "gauge", [:], number(lost["percent"]) / 100)
        expected.add("aasa_scan_diff_gained_requests", "counter", [:], number(report["gained"]))
        expected.add(
            "aasa_scan_diff_gate_failed", "gauge", [:], (gate["failed"] as? Bool) == true ? 1 : 0)
        if gate["max_lost_percent"] is NSNumber {
            expected.add(
                "aasa_scan_diff_max_lost_ratio", "gauge", [:],
                number(gate["max_lost_percent"]) / 100)
        }
        expected.add(
            "aasa_scan_diff_app_changed_requests", "counter", [:],
            number(report["app_changed_requests"]))
        for change in report["app_changes"] as? [Object] ?? [] {
            expected.add(
                "aasa_scan_diff_app_change_requests", "counter",
                ["from_app": change["from_app"] as? String, "to_app": change["to_app"] as? String],
                number(change["requests"]))
        }
        for app in report["apps"] as? [Object] ?? [] {
            for side in ["old", "new"] {
                for decision in ["handled", "excluded"] {
                    expected.add(
                        "aasa_scan_diff_app_requests", "counter",
                        [
                            "app": app["app"] as? String, "domain": app["domain"] as? String,
                            "side": side, "class": decision,
                        ], number(app["\(side)_\(decision)"]))
                }
            }
        }
        for side in ["old", "new"] {
            for rule in report[side + "_rules"] as? [Object] ?? [] {
                expected.add(
                    "aasa_scan_diff_rule_hits", "counter",
                    [
                        "side": side, "source": rule["source"] as? String,
                        "rule": rule["ref"] as? String,
                    ], number(rule["hits"]))
            }
        }
        expected.add(
            "aasa_scan_diff_rule_changes", "gauge", [:], number(report["rule_changes_total"]))
        expected.add(
            "aasa_scan_diff_dead_new_rules", "gauge", [:],
            Double((report["dead_new_rules"] as? [Any])?.count ?? -1))
        runInputs(report, duration: false, into: &expected)
        return expected
    }

    /// Runs `arguments` as JSON and as OpenMetrics and checks the second against the first.
    func check(
        _ arguments: [String], status: Int32 = 0, stdin: Data? = nil, duration: Bool = false,
        expectation: (Object, Bool) -> Expected
    ) throws {
        let json = try ToolRunner.run(arguments + ["--format", "json", "--quiet"], stdin: stdin)
        let metrics = try ToolRunner.run(
            arguments + ["--format", "openmetrics", "--quiet"], stdin: stdin)
        #expect(json.status == status, "\(json.stderr)")
        #expect(metrics.status == status, "\(metrics.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? Object)
        let exposition = try Exposition(openMetrics: metrics.stdout)
        let expected = expectation(report, duration)
        var got = exposition.values
        if !duration {
            let timing = Exposition.Series(name: "aasa_scan_duration_seconds", labels: [:])
            #expect((got.removeValue(forKey: timing) ?? -1) >= 0)
        }
        for (series, value) in expected.values {
            #expect(
                got[series].map { abs($0 - value) < 1e-9 } == true,
                "\(series): \(got[series] ?? .nan), JSON \(value)")
        }
        #expect(Set(got.keys).subtracting(expected.values.keys).isEmpty)
        for (family, type) in expected.types {
            #expect(exposition.types[family] == type, "\(family)")
        }
        #expect(exposition.units["aasa_scan_duration_seconds"] == "seconds")
    }

    @Test func scanOfTheSample() throws {
        try check(
            [
                "scan", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--top", "4",
                "--per-app",
                PackagePaths.bundledData("sample-access.log.zst"),
            ],
            expectation: Self.scanExpectation)
    }

    @Test func diffOfTheSample() throws {
        try check(
            [
                "diff", "--old", PackagePaths.bundledData("sample.aasa.json"), "--new",
                PackagePaths.bundledData("sample-next.aasa.json"), "--max-lost", "2",
                PackagePaths.bundledData("sample-access.log.zst"),
            ],
            status: 1, expectation: { report, _ in Self.diffExpectation(report) })
    }

    /// An AASA file whose app IDs need every escape, and a log whose name and hosts do.
    static func hostileFiles(_ folder: TemporaryFolder) throws -> (
        aasa: String, log: String, text: String
    ) {
        let aasa = try folder.write(
            "hostile \"aasa\".json",
            #"{"applinks": {"details": [{"appIDs": ["AB\"C\\D\nE.com.q", "ÄBC.com.ünï\r\t\u001b[1m"], "#
                + #""components": [{"/": "/p/*"}, {"/": "/x\"y\\z/*", "exclude": true}]}, "#
                + #"{"appID": "ZZZ.com.plain", "paths": ["/help/*"]}]}}"#)
        var lines: [String] = []
        for index in 0..<60 {
            // The quoted host is no host name: its lines are malformed, sampled as they are.
            let host = ["bücher.example:443", #"ex"am\ple.com:443"#, "Plain.COM:8443"][index % 3]
            let path = ["/p/1", #"/x"y\z/w"#, "/help/a", "/none"][index % 4]
            lines.append(
                "\(host) 198.51.100.\(index) - - [01/May/2024:00:00:00 +0000] "
                    + "\"GET \(path) HTTP/1.1\" 200 1 \"-\" \"ua\"")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let log = try folder.write("we\"ird\\na\nme é\u{1B}.log", text)
        return (aasa, log, text)
    }

    @Test func scanOfHostileInput() throws {
        let folder = try TemporaryFolder()
        let (aasa, log, text) = try Self.hostileFiles(folder)
        try check(["scan", "--aasa", aasa, log, log], expectation: Self.scanExpectation)
        try check(
            ["scan", "--aasa", aasa, "-"], stdin: Data(text.utf8), expectation: Self.scanExpectation
        )
        // The raw text: each escape as the format has it.
        let metrics = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "openmetrics", log])
        #expect(metrics.stdout.contains(#"app="AB\"C\\D\nE.com.q""#))
        #expect(metrics.stdout.contains(#"app="ÄBC.com.ünï%0D%09%1B[1m""#))
        #expect(!metrics.stdout.contains("ple.com"))
        // Of the 60 lines, 20 name the quoted host and 15 the quoted path (5 do both).
        #expect(metrics.stdout.contains("aasa_scan_malformed_lines_total 30"))
        #expect(metrics.stdout.contains(#"host="plain.com:8443""#))
        #expect(metrics.stdout.contains(#"input="\#(folder.path)/we\"ird\\na\nme é%1B.log""#))
    }

    @Test func mergeOfHostileStates() throws {
        let folder = try TemporaryFolder()
        let (aasa, log, text) = try Self.hostileFiles(folder)
        var states: [String] = []
        for (index, inputs) in [[log], ["-"], ["-"]].enumerated() {
            let state = folder.path + "/\(index).state"
            let saved = try ToolRunner.run(
                ["scan", "--aasa", aasa, "--format", "none", "--save-state", state] + inputs,
                stdin: Data(text.utf8))
            #expect(saved.status == 0, "\(saved.stderr)")
            states.append(state)
        }
        // A merge reports the states' own duration: the JSON and the metrics agree on it too.
        // The states counted the same bytes (a file, then standard input twice): merged on
        // purpose.
        try check(
            ["merge", "--allow-overlap"] + states, duration: true,
            expectation: Self.scanExpectation)
    }

    @Test func diffOfHostileInput() throws {
        let folder = try TemporaryFolder()
        let (aasa, log, _) = try Self.hostileFiles(folder)
        try check(
            ["diff", "--old", aasa, "--new", PackagePaths.bundledData("sample.aasa.json"), log],
            expectation: { report, _ in Self.diffExpectation(report) })
    }
}
