import Foundation
import TestSupport
import Testing

/// `scan` with an Android app beside the AASA file (docs/android.md): every count of the
/// `android` and `platforms` objects must be what `match` says of each URL on its own, through
/// the decision cache, tallies of repeated targets, ports, hostless logs, workers and merges.
struct AndroidScanCommandTests {
    static let aasa = PackagePaths.bundledData("example.com.aasa.json")
    static let manifest = PackagePaths.bundledData("android/AndroidManifest.xml")
    static let links = PackagePaths.bundledData("android/example.com.assetlinks.json")
    static let android = [
        "--android-manifest", manifest, "--assetlinks", "example.com=" + links,
    ]

    static let hosts = [
        "example.com", "www.example.com", "shop.example.org", "a.shops.example.com",
        "example.com:8443",
    ]
    static let targets = [
        "/buy/42", "/buy/internal/x", "/buy/42?no_universal_links=1", "/buy/42?utm_source=a",
        "/id/1234", "/id/12345", "/help/faq", "/help/internal/x", "/en_US/food/",
        "/search/?q=shoes", "/caf%C3%A9/menu", "/", "/robots.txt", "/buy",
    ]

    /// What the report must say, worked out from `match --json` one URL at a time.
    struct Expected: Equatable {
        var android: [String: UInt64] = ["handled": 0, "excluded": 0, "unmatched": 0]
        var reasons: [String: UInt64] = [:]
        var platforms: [String: UInt64] = [
            "both": 0, "ios_only": 0, "android_only": 0, "neither": 0,
        ]
        var apps: [String: [UInt64]] = [:]
    }

    /// `requests` of each URL (`https://host/target`) decided by `match` with `aasa`.
    static func expected(
        _ requests: [(url: String, count: UInt64)], aasa: String, android: [String] = android
    ) throws -> Expected {
        let urls = Array(Set(requests.map(\.url))).sorted()
        // On standard input: a URL may be longer than an argument may be.
        let run = try ToolRunner.run(
            ["match", "--json", "--aasa", aasa] + android + ["-"],
            stdin: Data((urls.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "\(run.stderr)")
        var answers: [String: [String: Any]] = [:]
        for line in run.lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            answers[try #require(object["url"] as? String)] = object
        }
        var expected = Expected()
        for (url, count) in requests {
            let answer = try #require(answers[url])
            let androidAnswer = try #require(answer["android"] as? [String: Any])
            let decision = try #require(androidAnswer["decision"] as? String)
            expected.android[decision, default: 0] += count
            if let reason = androidAnswer["reason"] as? String {
                expected.reasons[reason, default: 0] += count
            }
            let iosApp = answer["decision"] as? String == "handled" ? answer["app"] as? String : nil
            let androidOpens = decision == "handled"
            let key =
                iosApp != nil
                ? (androidOpens ? "both" : "ios_only") : (androidOpens ? "android_only" : "neither")
            expected.platforms[key, default: 0] += count
            if let iosApp {
                expected.apps[iosApp, default: [0, 0]][androidOpens ? 0 : 1] += count
            }
        }
        return expected
    }

    /// What a JSON report says, in `Expected`'s terms (reasons and apps at 0 left out).
    static func reported(_ json: String) throws -> Expected {
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let android = try #require(report["android"] as? [String: Any])
        let platforms = try #require(report["platforms"] as? [String: Any])
        var reported = Expected()
        for key in ["handled", "excluded", "unmatched"] {
            reported.android[key] = try #require(android[key] as? UInt64)
        }
        for (reason, count) in try #require(android["unmatched_reasons"] as? [String: UInt64])
        where count > 0 {
            reported.reasons[reason] = count
        }
        for key in ["both", "ios_only", "android_only", "neither"] {
            reported.platforms[key] = try #require(platforms[key] as? UInt64)
        }
        for row in try #require(platforms["apps"] as? [[String: Any]]) {
            let both = try #require(row["both"] as? UInt64)
            let iosOnly = try #require(row["ios_only"] as? UInt64)
            if both + iosOnly > 0 {
                reported.apps[try #require(row["app"] as? String)] = [both, iosOnly]
            }
        }
        return reported
    }

    /// A vhost log of every host and target, each line repeated a few times in a scattered
    /// order (so the cache tallies repeats), and the requests it stands for. With `http`, each
    /// host without a port is also logged on port 80, which names `http`.
    static func vhostLog(http: Bool = false)
        -> (text: String, requests: [(url: String, count: UInt64)])
    {
        var lines: [String] = []
        var requests: [(String, UInt64)] = []
        for (hostIndex, host) in hosts.enumerated() {
            for (targetIndex, target) in targets.enumerated() {
                var origins = [(host.contains(":") ? host : host + ":443", "https://" + host)]
                if http, !host.contains(":") { origins.append((host + ":80", "http://" + host)) }
                for (originIndex, (logged, url)) in origins.enumerated() {
                    let repeats = 1 + (hostIndex * 7 + targetIndex * 3 + originIndex) % 4
                    for _ in 0..<repeats {
                        lines.append(
                            "\(logged) 10.0.0.1 - - [01/May/2024:00:00:00 +0000] \"GET \(target) "
                                + "HTTP/1.1\" 200 10 \"-\" \"agent\"")
                    }
                    requests.append((url + target, UInt64(repeats)))
                }
            }
        }
        // Scattered, the same way each run: a stride through the lines.
        let order = (0..<lines.count).map { $0 * 7 % lines.count }
        let scattered =
            Set(order).count == lines.count ? order.map { lines[$0] } : lines
        return (scattered.joined(separator: "\n") + "\n", requests)
    }

    @Test(arguments: [(1, false), (2, false), (1, true), (2, true)])
    func everyCountIsWhatMatchSaysOfEachURL(workers: Int, pathOnlyFile: Bool) throws {
        let folder = try TemporaryFolder()
        let (text, requests) = Self.vhostLog()
        let log = try folder.write("access.log", text)
        // A file whose rules read only the path: its decisions are remembered by path, which
        // Android, whose rules read the query, must not follow.
        let aasa =
            pathOnlyFile
            ? try folder.write(
                "paths.json",
                #"{"applinks":{"details":[{"appIDs":["T.one"],"components":[{"/":"/buy/*"}]},"#
                    + #"{"appIDs":["T.two"],"components":[{"/":"/id/*"},{"/":"/help/*"}]}]}}"#)
            : Self.aasa
        let scan = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--workers", String(workers), "--format", "json"]
                + Self.android + [log])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(!scan.stdout.contains("android_host_assumed"))
        let reported = try Self.reported(scan.stdout)
        #expect(reported == (try Self.expected(requests, aasa: aasa)))
        // The traffic reaches every class, so a count in the wrong place shows.
        #expect(reported.platforms.values.allSatisfy { $0 > 0 })
        #expect(reported.android.values.allSatisfy { $0 > 0 })
    }

    /// A vhost log's port 80 names `http`: Android decides those requests as `http` URLs
    /// (a filter may take `https` alone: the partner store fronts), iOS as it decides
    /// `https` ones, even when the same target on port 443 is in the decision cache.
    @Test(arguments: [1, 2])
    func portEightyIsHTTPForAndroid(workers: Int) throws {
        let folder = try TemporaryFolder()
        let (text, requests) = Self.vhostLog(http: true)
        let log = try folder.write("access.log", text)
        let scan = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--workers", String(workers), "--format", "json"]
                + Self.android + [log])
        #expect(scan.status == 0, "\(scan.stderr)")
        let expected = try Self.expected(requests, aasa: Self.aasa)
        #expect(try Self.reported(scan.stdout) == expected)
        // The log tells the two apart: decided as `https`, the port-80 requests would count
        // otherwise.
        let asHTTPS = requests.map {
            (url: $0.url.replacingOccurrences(of: "http://", with: "https://"), count: $0.count)
        }
        #expect(try Self.expected(asHTTPS, aasa: Self.aasa) != expected)

        // `diff` decides them as the scan does.
        let diff = try ToolRunner.run(
            ["diff", "--old", Self.aasa, "--new", Self.aasa, "--format", "json"] + Self.android
                + [log])
        #expect(diff.status == 0, "\(diff.stderr)")
        let android = try #require(
            (try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])?[
                "android"] as? [String: Any])
        for key in ["handled", "excluded", "unmatched"] {
            #expect(android[key] as? UInt64 == expected.android[key])
        }
    }

    /// An AASA file that reads of the query only named items lets the scan remember its
    /// targets by path; Android's rules read `no_universal_links` and `ref`. When the file
    /// reads `ref` too, its check of a target stands for Android's; when it does not, a
    /// target with `ref` is still remembered by path for iOS, never for Android, which
    /// decides it whole. Either way every count is what `match` says.
    @Test(arguments: [false, true])
    func androidReadingAnItemTheFileDoesNotDecidesItsTargetsWhole(fileReadsRef: Bool) throws {
        let folder = try TemporaryFolder()
        let ref = fileReadsRef ? #"{"?": {"ref": "none"}, "exclude": true}, "# : ""
        let aasa = try folder.write(
            "aasa.json",
            #"{"applinks":{"details":[{"appIDs":["T.one"],"components":["#
                + #"{"?": {"no_universal_links": "?*"}, "exclude": true}, "# + ref
                + #"{"/": "/buy/*"}]}]}}"#)
        let links = try folder.write(
            "assetlinks.json",
            try String(contentsOfFile: Self.links, encoding: .utf8).replacingOccurrences(
                of: #"{"/": "*", "comments": "everything else the manifest declares"}"#,
                with: #"{"?": {"ref": "web"}, "exclude": true}, {"/": "*"}"#))
        let android = ["--android-manifest", Self.manifest, "--assetlinks", "example.com=" + links]
        let targets = ["/buy/42", "/buy/42?ref=web", "/buy/42?ref=app", "/buy/7?ref=web"]
        var lines: [String] = []
        for round in 0..<3 {
            for target in round == 1 ? targets.reversed() : targets {
                lines.append(
                    "example.com:443 10.0.0.1 - - [01/May/2024:00:00:00 +0000] \"GET \(target) "
                        + "HTTP/1.1\" 200 10 \"-\" \"agent\"")
            }
        }
        let log = try folder.write("access.log", lines.joined(separator: "\n") + "\n")
        let scan = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--workers", "1", "--format", "json"] + android + [log])
        #expect(scan.status == 0, "\(scan.stderr)")
        let expected = try Self.expected(
            targets.map { ("https://example.com" + $0, 3) }, aasa: aasa, android: android)
        #expect(try Self.reported(scan.stdout) == expected)
        // `ref=web` excludes on Android: by the path alone, every request would be handled.
        #expect(expected.android["excluded"] == 6 && expected.android["handled"] == 6)
    }

    /// Android decides tallies in batches: a log of more distinct targets than a batch holds,
    /// on two hosts, with targets longer than a batch's bytes (decided at once) among them,
    /// gives every count that `match` gives, with one worker and with two.
    @Test(arguments: [1, 2])
    func manyTalliesAndLongTargetsAreEachDecided(workers: Int) throws {
        let folder = try TemporaryFolder()
        // A batch holds 2,048 tallies and 128 KiB of their keys.
        let long = "/buy/" + String(repeating: "x", count: 140_000)
        var targets = (0..<1_500).map { index in
            index % 3 == 0 ? "/id/\(index)" : index % 3 == 1 ? "/buy/\(index)" : "/help/\(index)"
        }
        targets += [
            long, long + "?no_universal_links=1", "/x/" + String(repeating: "y", count: 135_000),
        ]
        var lines: [String] = []
        var requests: [(url: String, count: UInt64)] = []
        for host in ["example.com", "www.example.com"] {
            for (index, target) in targets.enumerated() {
                let repeats = 1 + index % 2
                for _ in 0..<repeats {
                    lines.append(
                        "\(host):443 10.0.0.1 - - [01/May/2024:00:00:00 +0000] \"GET \(target) "
                            + "HTTP/1.1\" 200 10 \"-\" \"agent\"")
                }
                requests.append(("https://\(host)\(target)", UInt64(repeats)))
            }
        }
        let log = try folder.write("access.log", lines.joined(separator: "\n") + "\n")
        let scan = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--workers", String(workers), "--format", "json"]
                + Self.android + [log])
        #expect(scan.status == 0, "\(scan.stderr)")
        let reported = try Self.reported(scan.stdout)
        #expect(reported == (try Self.expected(requests, aasa: Self.aasa)))
        #expect(reported.android.values.allSatisfy { $0 > 0 })
    }

    /// A common log names no host: Android takes the app's one verified host, or the one
    /// `--android-host` names; with neither, the requests are unmatched as host-not-logged,
    /// and the report says why.
    @Test func hostlessRequestsTakeTheAppsHostOrTheOneGiven() throws {
        let folder = try TemporaryFolder()
        let lines = Self.targets.map {
            "10.0.0.1 - - [01/May/2024:00:00:00 +0000] \"GET \($0) HTTP/1.1\" 200 10"
        }
        let log = try folder.write("common.log", lines.joined(separator: "\n") + "\n")
        let ownHost = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--format", "json"] + Self.android + [log])
        #expect(ownHost.status == 0, "\(ownHost.stderr)")
        // The report says which host the hostless requests were decided on.
        #expect(ownHost.stdout.contains(#""code":"android_host_assumed""#))
        #expect(ownHost.stdout.contains("Android decided them as requests to example.com"))
        #expect(
            try Self.reported(ownHost.stdout)
                == Self.expected(
                    Self.targets.map { ("https://example.com" + $0, 1) }, aasa: Self.aasa))

        // One file for every site verifies example.com and www.example.com: no one host.
        let everySite = ["--android-manifest", Self.manifest, "--assetlinks", Self.links]
        let ambiguous = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--format", "json"] + everySite + [log])
        #expect(ambiguous.status == 0, "\(ambiguous.stderr)")
        let unmatched = try Self.reported(ambiguous.stdout)
        #expect(unmatched.reasons == ["host-not-logged": UInt64(lines.count)])
        #expect(ambiguous.stdout.contains(#""code":"android_host_not_logged""#))
        #expect(ambiguous.stderr.contains("--android-host"))

        let given = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--format", "json", "--android-host", "www.example.com"]
                + everySite + [log])
        #expect(given.status == 0, "\(given.stderr)")
        let expected = try ToolRunner.run(
            ["match", "--json", "--aasa", Self.aasa] + everySite
                + Self.targets.map { "https://www.example.com" + $0 })
        let handled = expected.lines.filter { $0.contains(#""android":{"decision":"handled""#) }
        let report = try Self.reported(given.stdout)
        #expect(report.android["handled"] == UInt64(handled.count))
        #expect(handled.count > 0)
        #expect(report.reasons["host-not-logged"] == nil)
    }

    /// States of two halves of a log merge into the report of the whole; a state without
    /// Android, or with other Android files, does not merge with one with.
    @Test func halvesMergeIntoTheWholeAndUnlikeStatesAreRefused() throws {
        let folder = try TemporaryFolder()
        let lines = Self.vhostLog().text.split(separator: "\n").map(String.init)
        let half = lines.count / 2
        let first = try folder.write("a.log", lines[..<half].joined(separator: "\n") + "\n")
        let second = try folder.write("b.log", lines[half...].joined(separator: "\n") + "\n")
        let whole = try folder.write("all.log", lines.joined(separator: "\n") + "\n")
        func state(_ log: String, _ name: String, _ extra: [String]) throws -> String {
            let path = folder.path + "/" + name
            let run = try ToolRunner.run(
                ["scan", "--aasa", Self.aasa, "--format", "none", "--save-state", path] + extra
                    + [log])
            #expect(run.status == 0, "\(run.stderr)")
            return path
        }
        let a = try state(first, "a.state", Self.android)
        let b = try state(second, "b.state", Self.android)
        let merged = try ToolRunner.run(["merge", "--format", "json", a, b])
        #expect(merged.status == 0, "\(merged.stderr)")
        let scan = try ToolRunner.run(
            ["scan", "--aasa", Self.aasa, "--format", "json"] + Self.android + [whole])
        #expect(try Self.reported(merged.stdout) == Self.reported(scan.stdout))

        let plain = try state(second, "plain.state", [])
        let mixed = try ToolRunner.run(["merge", "--format", "json", a, plain])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("counted Android"))
        let otherAPI = try state(second, "api.state", Self.android + ["--android-api", "34"])
        let unlike = try ToolRunner.run(["merge", "--format", "json", a, otherAPI])
        #expect(unlike.status == 2)
        #expect(unlike.stderr.contains("different files, package or API level"))
    }

    /// Every format carries the same figures as the JSON: CSV rows, metrics samples, table.
    @Test func everyFormatSaysWhatTheJSONSays() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("access.log", Self.vhostLog().text)
        func run(_ format: String) throws -> String {
            let result = try ToolRunner.run(
                ["scan", "--aasa", Self.aasa, "--format", format] + Self.android + [log])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let json = try Self.reported(try run("json"))
        var csv = Expected()
        var csvApps: [String: [UInt64]] = [:]
        for line in try run("csv").split(separator: "\n") {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            guard cells.count >= 7, let count = UInt64(cells[6]) else { continue }
            switch cells[0] {
            case "android": csv.android[cells[1]] = count
            case "android_unmatched_reason" where count > 0: csv.reasons[cells[1]] = count
            case "platforms": csv.platforms[cells[1]] = count
            case "platforms_app_both": csvApps[cells[1], default: [0, 0]][0] = count
            case "platforms_app_ios_only": csvApps[cells[1], default: [0, 0]][1] = count
            default: break
            }
        }
        csv.apps = csvApps.filter { $0.value != [0, 0] }
        #expect(csv == json)

        let metrics = try run("openmetrics")
        for (key, count) in json.platforms {
            #expect(
                metrics.contains(
                    "aasa_scan_platform_requests_total{package=\"com.example.shop\","
                        + "platforms=\"\(key)\"} \(count)"))
        }
        for (key, count) in json.android {
            #expect(
                metrics.contains(
                    "aasa_scan_android_requests_total{package=\"com.example.shop\","
                        + "class=\"\(key)\"} \(count)"))
        }
        let table = try run("table")
        #expect(table.contains("Both platforms"))
        for (label, key) in [("both", "both"), ("iOS only", "ios_only"), ("neither", "neither")] {
            let row = table.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + " ")
            }
            // Counts below 1,000: no thousands separator to write.
            let count = try #require(json.platforms[key])
            #expect(count < 1_000)
            #expect(row?.hasSuffix(" \(count)") == true, "\(String(describing: row))")
        }
        let html = try run("html")
        for (key, count) in json.platforms {
            let tag = try #require(
                html.split(separator: "<").first { $0.contains("data-metric=\"platforms.\(key)\"") }
            )
            #expect(tag.contains("data-value=\"\(count)\""), "\(tag)")
        }
    }

    /// `diff` decides each request for Android once: its `android` object is the scan's, and
    /// the cross table under the old and the new files is what a scan of each file says; the
    /// CSV and the metrics carry the same figures.
    @Test func diffCrossesAndroidWithBothSides() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("access.log", Self.vhostLog().text)
        let new = try folder.write(
            "new.json",
            #"{"applinks":{"details":[{"appIDs":["T.one"],"components":[{"/":"/buy/*"},"#
                + #"{"/":"/help/*"}]}]}}"#)
        func scan(_ aasa: String) throws -> [String: Any] {
            let run = try ToolRunner.run(
                ["scan", "--aasa", aasa, "--format", "json"] + Self.android + [log])
            #expect(run.status == 0, "\(run.stderr)")
            return try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        let diff = try ToolRunner.run(
            ["diff", "--old", Self.aasa, "--new", new, "--format", "json"] + Self.android + [log])
        #expect(diff.status == 0, "\(diff.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
        let platforms = try #require(report["platforms"] as? [String: Any])
        let keys = ["both", "ios_only", "android_only", "neither"]
        func counts(_ object: Any?) throws -> [UInt64] {
            let object = try #require(object as? [String: Any])
            return try keys.map { try #require(object[$0] as? UInt64) }
        }
        let oldScan = try scan(Self.aasa)
        let newScan = try scan(new)
        #expect(try counts(platforms["old"]) == counts(oldScan["platforms"]))
        #expect(try counts(platforms["new"]) == counts(newScan["platforms"]))
        #expect(try counts(platforms["old"]) != counts(platforms["new"]))
        let android = try #require(report["android"] as? [String: Any])
        let scanned = try #require(oldScan["android"] as? [String: Any])
        for key in ["handled", "excluded", "unmatched"] {
            #expect(android[key] as? UInt64 == scanned[key] as? UInt64)
        }

        let csv = try ToolRunner.run(
            ["diff", "--old", Self.aasa, "--new", new, "--format", "csv"] + Self.android + [log])
        for (side, key) in [("old", "platforms_old"), ("new", "platforms_new")] {
            let rows = csv.stdout.split(separator: "\n").filter { $0.hasPrefix(key + ",") }
            let values = rows.map {
                UInt64($0.split(separator: ",", omittingEmptySubsequences: false)[6])
            }
            #expect(values == (try counts(platforms[side])).map { Optional($0) })
        }
        let metrics = try ToolRunner.run(
            ["diff", "--old", Self.aasa, "--new", new, "--format", "openmetrics"] + Self.android
                + [log])
        let newCounts = try counts(platforms["new"])
        for (key, count) in zip(keys, newCounts) {
            #expect(
                metrics.stdout.contains(
                    "aasa_scan_diff_platform_requests_total{package=\"com.example.shop\","
                        + "side=\"new\",platforms=\"\(key)\"} \(count)"))
        }
        let noLogs = try ToolRunner.run(["diff", "--old", Self.aasa, "--new", new] + Self.android)
        #expect(noLogs.status == 64)
    }

    /// Without Android the report keeps both keys, null.
    @Test func withoutAndroidBothKeysAreNull() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("access.log", Self.vhostLog().text)
        let result = try ToolRunner.run(["scan", "--aasa", Self.aasa, "--format", "json", log])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""android":null,"platforms":null"#))
    }
}
