import Foundation
import TestSupport
import Testing

/// The figures a user takes away from real traffic: another site's requests, hosts that are no
/// host names, fragments no server log holds, ports, inputs that yield nothing, and tables at
/// any width. Each case is one a user met on real multi-site logs.
struct TrafficTruthTests {
    typealias Object = [String: Any]

    static let wikipedia = SharedData.path(
        "aasa-real/github-wikimedia-operations-mediawiki-config--docroot--wikipedia.org--aasa.json")
    static let urlList = SharedData.path(
        "logs-real/ada-url-various-datasets--kasztp--url-list.txt.zst")
    static let example = PackagePaths.bundledData("example.com.aasa.json")

    func json(_ arguments: [String], stdin: Data? = nil) throws -> (Int32, Object, String) {
        let result = try ToolRunner.run(arguments + ["--format", "json"], stdin: stdin)
        let object =
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? Object) ?? [:]
        return (result.status, object, result.stderr)
    }

    func warnings(_ report: Object) -> [(code: String, message: String)] {
        (report["warnings"] as? [Object] ?? []).map {
            ($0["code"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    func totals(_ report: Object) -> [String: Int] {
        (report["totals"] as? Object ?? [:]).compactMapValues { $0 as? Int }
    }

    /// A vhost log of `host[:port] path` pairs, one line each.
    static func vhostLog(_ requests: [(String, String)]) -> String {
        requests.map { host, path in
            "\(host) 198.51.100.7 - - [01/May/2024:10:00:00 +0000] \"GET \(path) HTTP/1.1\" 200 5 "
                + "\"-\" \"Mozilla/5.0\"\n"
        }.joined()
    }

    // MARK: Sites

    @Test(.needsSharedData())
    func anUnboundFileOnMultiSiteTrafficNamesTheOtherSites() throws {
        let (status, report, stderr) = try json(["scan", "--aasa", Self.wikipedia, Self.urlList])
        #expect(status == 0, "\(stderr)")
        let sites = warnings(report).filter { $0.code == "multiple_sites" }
        #expect(sites.count == 1)
        let message = sites.first?.message ?? ""
        // The site the file opens most of is named as its own; the largest other site too.
        #expect(message.contains("wikipedia.org has"), "\(message)")
        #expect(message.contains("ietf.org"), "\(message)")
        #expect(message.contains("--aasa wikipedia.org=FILE"), "\(message)")
        #expect(stderr.contains("warning: ") && stderr.contains("ietf.org"))

        // Bound to its hosts, the file counts only them: fewer handled, and no warning.
        let (boundStatus, bound, _) = try json([
            "scan", "--aasa", "en.wikipedia.org=" + Self.wikipedia, Self.urlList,
        ])
        #expect(boundStatus == 0)
        #expect(warnings(bound).allSatisfy { $0.code != "multiple_sites" })
        let handled = totals(report)["handled"] ?? 0
        let boundHandled = totals(bound)["handled"] ?? 0
        #expect(boundHandled > 0 && boundHandled < handled, "\(boundHandled) of \(handled)")
    }

    @Test(arguments: [
        // One registrable domain under a multi-label public suffix: one site.
        (["www.example.co.uk", "m.example.co.uk"], false),
        // A private suffix: each user's pages are a site of their own.
        (["alice.github.io", "bob.github.io"], true),
        (["shop.example.com", "example.com:8443"], false),
        (["example.com", "example.org"], true),
    ])
    func sitesAreRegistrableDomains(hosts: [String], warns: Bool) throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(
            "vhost.log", Self.vhostLog(hosts.flatMap { [($0, "/buy/1"), ($0, "/x")] }))
        let (status, report, _) = try json(["scan", "--aasa", Self.example, log])
        #expect(status == 0)
        #expect(warnings(report).contains { $0.code == "multiple_sites" } == warns)
        // Bound to a domain, a file never warns: the other hosts have no file.
        let (_, bound, _) = try json(["scan", "--aasa", "\(hosts[0])=\(Self.example)", log])
        #expect(!warnings(bound).contains { $0.code == "multiple_sites" })
    }

    @Test func aHostThatIsNoHostNameIsMalformedInScanAndRefusedByMatch() throws {
        let folder = try TemporaryFolder()
        let urls = try folder.write(
            "urls.txt",
            "https://example.com/buy/1\nhttps://\"example.com/buy/2\nhttps://a..b/buy/3\n"
                + "https://exa mple.com/buy/4\nhttps://[2001:db8::1]/buy/5\n"
                + "https://www.example.com/buy/6\nhttps://example.com./buy/7\n")
        let (status, report, _) = try json([
            "scan", "--aasa", "*.example.com=\(Self.example)", "--aasa", Self.example, urls,
        ])
        #expect(status == 0)
        #expect(totals(report)["malformed"] == 3)
        #expect(totals(report)["requests"] == 4)
        let samples = (report["malformed_samples"] as? [Object] ?? []).compactMap {
            $0["line"] as? Int
        }
        #expect(samples == [2, 3, 4])

        let match = try ToolRunner.run([
            "match", "--aasa", Self.example, "--domain", "*.example.com",
            "https://\"example.com/buy/2", "https://www.example.com/buy/1",
        ])
        #expect(match.status == 2)
        #expect(
            match.lines == [
                "handled\tABCDE12345.com.example.shop\tdetails[0].components[2]\t"
                    + "https://www.example.com/buy/1"
            ])
        #expect(match.stderr.contains("cannot be a host name"))
    }

    // MARK: suggest

    @Test(.needsSharedData())
    func suggestMinesOnlyTheHostsBoundToItsFile() throws {
        let unbound = try json(["suggest", "--aasa", Self.wikipedia, Self.urlList])
        #expect(unbound.0 == 0, "\(unbound.2)")
        #expect(warnings(unbound.1).contains { $0.code == "multiple_sites" })
        #expect(unbound.2.contains("ietf.org"))

        let bound = try json([
            "suggest", "--aasa", "en.wikipedia.org=" + Self.wikipedia, Self.urlList,
        ])
        #expect(bound.0 == 0, "\(bound.2)")
        #expect(warnings(bound.1).isEmpty)
        let rules = (bound.1["suggestions"] as? [Object] ?? []).compactMap {
            $0["pattern"] as? String
        }
        // tools.ietf.org's /html/rfc pages are no evidence for Wikipedia's app.
        #expect(!rules.contains { $0.contains("/html/") }, "\(rules)")
    }

    @Test func suggestWithSeveralFilesWantsTheApp() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("vhost.log", Self.vhostLog([("example.com", "/x/1")]))
        let result = try ToolRunner.run([
            "suggest", "--aasa", "example.com=\(Self.example)", "--aasa",
            "example.org=\(Self.example)", log,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--app"))
    }

    // MARK: Fragments

    @Test func fragmentRulesAreNotMeasurableOnServerLogsButAreOnURLLists() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write(
            "aasa.json",
            ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["##
                + ##"{"#":"no_universal_links","exclude":true},{"/":"/help/*","#":"app-*"},"##
                + ##"{"/":"/buy/*"},{"/":"/never/*"}]}]}}"##)
        let server = try folder.write(
            "access.log", Self.vhostLog([("example.com", "/buy/1"), ("example.com", "/help/a")]))
        let (status, report, _) = try json(["scan", "--aasa", aasa, server])
        #expect(status == 0)
        let rules = report["rules"] as? [Object] ?? []
        #expect(rules.map { $0["measurable"] as? Bool } == [false, false, true, true])
        // Only /never/* is dead: the fragment rules are neither dead nor alive here.
        #expect(report["dead_rules"] as? Int == 1)
        #expect(warnings(report).contains { $0.code == "fragment_not_measurable" })
        let csv = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "csv", server])
        #expect(
            csv.lines.filter { $0.hasPrefix("rule,") }.map { $0.hasSuffix(",false") }
                == [true, true, false, false])
        let table = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "table", server])
        #expect(table.stdout.contains("Dead rules: 1 of 4"))
        #expect(table.stdout.contains("server logs cannot show fragments"))

        // A URL list can carry fragments: its rules are measured.
        let list = try folder.write(
            "urls.txt",
            "https://example.com/help/a#app-open\nhttps://example.com/x#no_universal_links\n")
        let (_, listed, _) = try json(["scan", "--aasa", aasa, list])
        #expect(
            (listed["rules"] as? [Object] ?? []).allSatisfy { $0["measurable"] as? Bool == true })
        #expect(!warnings(listed).contains { $0.code == "fragment_not_measurable" })
    }

    @Test func suggestNeverDropsAFragmentConstraint() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write(
            "aasa.json",
            ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":["##
                + ##"{"/":"/help/*","#":"app-*"}]}]}}"##)
        let requests =
            (0..<40).map { ("example.com", "/help/page-\($0 % 7)") }
            + (0..<20).map { ("example.com", "/products/\($0)") }
        let log = try folder.write("access.log", Self.vhostLog(requests))
        let (status, report, stderr) = try json(["suggest", "--aasa", aasa, log])
        #expect(status == 0, "\(stderr)")
        let rules = (report["suggestions"] as? [Object] ?? []).compactMap {
            $0["pattern"] as? String
        }
        #expect(rules.contains { $0.contains("/products/") }, "\(rules)")
        #expect(!rules.contains { $0.contains("/help/") }, "\(rules)")
        let rejected = (report["rejected"] as? [Object] ?? []).compactMap {
            $0["reason"] as? String
        }
        #expect(rejected.contains("drops_fragment_constraint"), "\(report["rejected"] ?? "")")
    }

    // MARK: Ports

    @Test func aPortStaysWithItsHostInEveryList() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(
            "vhost.log",
            Self.vhostLog(
                [
                    ("shop.example.com:443", "/favicon.ico"),
                    ("shop.example.com:8443", "/favicon.ico"),
                    ("shop.example.com:8443", "/favicon.ico"), ("example.com:443", "/buy/42"),
                    ("example.com:8443", "/buy/42"),
                ]))
        let arguments = [
            "scan", "--aasa", "example.com=\(Self.example)", "--aasa",
            "shop.example.com=\(Self.example)", log,
        ]
        let (status, report, _) = try json(arguments)
        #expect(status == 0)
        func rows(_ key: String) -> [String: Int] {
            Dictionary(
                (report[key] as? [Object] ?? []).map {
                    (
                        ($0["host"] as? String ?? "") + ($0["path"] as? String ?? ""),
                        $0["count"] as? Int ?? -1
                    )
                }, uniquingKeysWith: +)
        }
        #expect(
            rows("top_unmatched") == [
                "shop.example.com:8443/favicon.ico": 2, "shop.example.com/favicon.ico": 1,
                "example.com:8443/buy/42": 1,
            ])
        #expect(rows("top_handled") == ["example.com/buy/42": 1])
        let hosts = (report["hosts"] as? [Object] ?? []).compactMap { $0["host"] as? String }
        #expect(
            Set(hosts) == [
                "shop.example.com", "shop.example.com:8443", "example.com",
                "example.com:8443",
            ])
        let csv = try ToolRunner.run(arguments + ["--format", "csv"])
        #expect(csv.lines.contains("top_unmatched,/favicon.ico,shop.example.com:8443,,,,2,0,,"))
        let metrics = try ToolRunner.run(arguments + ["--format", "openmetrics"])
        #expect(metrics.stdout.contains(#"host="example.com:8443""#))
    }

    // MARK: Inputs that yield nothing

    @Test func foldersAndGlobsThatYieldNoLogAreErrors() throws {
        let folder = try TemporaryFolder()
        let empty = folder.path + "/empty"
        let nested = folder.path + "/nested"
        let notLogs = folder.path + "/notes"
        for path in [empty, nested + "/inner", notLogs] {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true)
        }
        _ = try folder.write("notes/readme.txt", "The logs are elsewhere.\n")
        for argument in [empty, nested, notLogs, notLogs + "/*.txt"] {
            let result = try ToolRunner.run(["scan", "--aasa", Self.example, argument])
            #expect(result.status == 2, "\(argument): \(result.stderr)")
            #expect(result.stderr.contains("\(argument) gave no log to read"), "\(result.stderr)")
        }
        // An empty file is no error: no traffic this hour.
        let quiet = try folder.write("quiet.log", "")
        let (status, report, _) = try json(["scan", "--aasa", Self.example, quiet])
        #expect(status == 0)
        #expect(totals(report)["requests"] == 0)
        // ... but its figures say nothing, and the report says so.
        #expect(warnings(report).contains { $0.code == "no_requests" })
        let (_, busy, _) = try json(
            [
                "scan", "--aasa", Self.example,
                try folder.write("busy.log", Self.vhostLog([("example.com", "/buy/1")])),
            ])
        #expect(!warnings(busy).contains { $0.code == "no_requests" })
    }

    @Test func aLogOfWhichNoLineParsesNamesTheClosestFormat() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(
            "vhost.log", Self.vhostLog([("example.com", "/buy/1"), ("example.com", "/buy/2")]))
        let result = try ToolRunner.run([
            "scan", "--aasa", Self.example, "--log-format", "common", "--format", "json", log,
        ])
        #expect(result.status == 2)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("no line parses as common") == true, "\(result.stderr)")
        #expect(errors.first?.contains("try --log-format vhost") == true, "\(result.stderr)")
        // The report is still written, and says the same.
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? Object
        #expect(warnings(report ?? [:]).contains { $0.code == "no_line_parsed" })
    }

    @Test func maxMalformedGatesPartlyMalformedInputs() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(
            "mixed.log",
            Self.vhostLog((0..<7).map { _ in ("example.com", "/buy/1") })
                + "garbage\ngarbage\ngarbage\n")
        let strict = try ToolRunner.run([
            "scan", "--aasa", Self.example, "--max-malformed", "10", "--format", "none", log,
        ])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("30.0% of its lines are malformed"), "\(strict.stderr)")
        // The default (50%) lets 3 of 10 through.
        let lenient = try ToolRunner.run(["scan", "--aasa", Self.example, "--format", "none", log])
        #expect(lenient.status == 0, "\(lenient.stderr)")
    }

    @Test func aGateOnNoRequestsSaysSo() throws {
        let folder = try TemporaryFolder()
        let quiet = try folder.write("quiet.log", "")
        let result = try ToolRunner.run([
            "scan", "--aasa", Self.example, "--min-coverage", "10", "--format", "none", quiet,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no requests"))
        #expect(!result.stderr.contains("below"))
    }

    // MARK: Tables

    @Test func theAppsTableNamesTheFileOfAnAppSeveralFilesName() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("vhost.log", Self.vhostLog([("a.example.com", "/buy/1")]))
        let table = try ToolRunner.run([
            "scan", "--aasa", "a.example.com=\(Self.example)", "--aasa",
            "b.example.com=\(Self.example)", "--format", "table", log,
        ])
        let rows = table.lines.filter { $0.contains("ABCDE12345.com.example.shop ") }
        #expect(rows.count == 2)
        #expect(rows.contains { $0.contains("(a.example.com)") })
        #expect(rows.contains { $0.contains("(b.example.com)") })
    }

    @Test(arguments: [40, 52, 64, 80])
    func noNumberIsCutAtAnyWidth(columns: Int) throws {
        let arguments = [
            "scan", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--top", "5",
            PackagePaths.bundledData("sample-access.log.zst"),
        ]
        let table = try ToolRunner.run(
            arguments + ["--format", "table"], environment: ["COLUMNS": String(columns)])
        let (_, report, _) = try json(arguments)
        #expect(table.lines.allSatisfy { $0.count <= columns }, "\(table.stdout)")
        let counts = totals(report)
        for key in ["lines", "requests", "handled", "excluded", "unmatched"] {
            let figure = SuggestCommandTests.grouped(counts[key] ?? -1)
            #expect(table.stdout.contains(figure), "\(key) \(figure) at \(columns) columns")
        }
    }
}
