import Foundation
import TestSupport
import Testing

/// `aasa-scan scan` run as a user runs it, checked against answers worked out by hand from
/// SEMANTICS.md for data/example.com.aasa.json (rule numbers are positions in that file).
struct ScanCommandTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")

    /// One combined-format request per row and the decision it must get; `nil` marks a
    /// malformed line.
    static let rows: [(request: String?, decision: String, rule: String?)] = [
        ("GET /buy/42 HTTP/1.1", "handled", "details[0].components[2]"),
        ("GET /buy/internal/x HTTP/1.1", "excluded", "details[0].components[1]"),
        ("GET /buy/1?no_universal_links=1 HTTP/1.1", "excluded", "details[0].components[0]"),
        ("GET /id/4815 HTTP/1.1", "handled", "details[0].components[3]"),
        ("GET /id/481 HTTP/1.1", "unmatched", nil),
        ("GET /fr_FR/sushi/ HTTP/1.1", "handled", "details[0].components[4]"),
        ("GET /SEARCH/?q=x HTTP/1.1", "handled", "details[0].components[5]"),
        ("GET /caf%C3%A9/menu HTTP/1.1", "handled", "details[0].components[6]"),
        ("GET /café/carte HTTP/1.1", "handled", "details[0].components[6]"),
        ("GET /help/faq HTTP/1.1", "unmatched", nil),
        ("GET /news/today HTTP/1.1", "handled", "details[1].components[0]"),
        ("GET /promo?utm_source=x HTTP/1.1", "handled", "details[1].components[1]"),
        ("GET /legacy/a HTTP/1.1", "handled", "details[2].paths[1]"),
        ("GET /legacy/private/k HTTP/1.1", "excluded", "details[2].paths[0]"),
        ("GET /style.css HTTP/1.1", "unmatched", nil),
        ("HEAD /buy/9 HTTP/1.1", "handled", "details[0].components[2]"),
        ("POST /buy/9 HTTP/1.1", "handled", "details[0].components[2]"),
        ("GET http://example.com/buy/7 HTTP/1.1", "handled", "details[0].components[2]"),
        (nil, "malformed", nil),
    ]

    static func logText(repeats: Int) -> String {
        var text = ""
        for round in 0..<repeats {
            for (index, row) in rows.enumerated() {
                guard let request = row.request else {
                    text += "this line is not a log line \(round)\n"
                    continue
                }
                let status = request.hasPrefix("POST") ? 500 : 200
                text +=
                    "10.0.\(round % 250).\(index) - - [10/Oct/2024:13:55:36 +0000] \"\(request)\" \(status) 512 \"-\" \"Test/1.0\"\n"
            }
        }
        return text
    }

    /// The totals the rows add up to, `repeats` times over.
    static func expectedTotals(repeats: Int) -> [String: Int] {
        var totals = ["handled": 0, "excluded": 0, "unmatched": 0, "malformed": 0]
        for row in rows { totals[row.decision, default: 0] += repeats }
        totals["requests"] = (rows.count - totals["malformed", default: 0] / repeats) * repeats
        totals["lines"] = rows.count * repeats
        return totals
    }

    static func expectedHits(repeats: Int) -> [String: Int] {
        var hits: [String: Int] = [:]
        for row in rows { if let rule = row.rule { hits[rule, default: 0] += repeats } }
        return hits
    }

    func scanJSON(_ arguments: [String], stdin: Data? = nil) throws -> (
        Int32, [String: Any], String
    ) {
        let result = try ToolRunner.run(
            ["scan", "--format", "json", "--quiet"] + arguments, stdin: stdin)
        let object =
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            ?? [:]
        return (result.status, object, result.stderr)
    }

    func totals(_ report: [String: Any]) -> [String: Int] {
        (report["totals"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    func hits(_ report: [String: Any]) -> [String: Int] {
        var hits: [String: Int] = [:]
        for rule in report["rules"] as? [[String: Any]] ?? [] {
            if let ref = rule["ref"] as? String, let count = rule["hits"] as? Int, count > 0 {
                hits[ref] = count
            }
        }
        return hits
    }

    @Test func plainGzipAndZstdAgreeWithTheHandWorkedAnswers() throws {
        let folder = try TemporaryFolder()
        let repeats = 400
        let plain = try folder.write("access.log", Self.logText(repeats: repeats))
        try Shell.run(
            "gzip -9 -c '\(plain)' > '\(plain).gz' && zstd -q -19 -c '\(plain)' > '\(plain).zst'")
        let expected = Self.expectedTotals(repeats: repeats)
        var reports: [[String: Any]] = []
        for file in [plain, plain + ".gz", plain + ".zst"] {
            for workers in ["1", "2"] {
                // Small chunks: many chunks per worker, lines cut at chunk ends.
                let (status, report, stderr) = try scanJSON(
                    ["--aasa", aasa, "--workers", workers, "--chunk-kib", "4", file])
                #expect(status == 0, "\(stderr)")
                let totals = totals(report)
                for key in ["lines", "requests", "handled", "excluded", "unmatched", "malformed"] {
                    #expect(
                        totals[key] == expected[key], "\(key) for \(file) with \(workers) workers")
                }
                #expect(hits(report) == Self.expectedHits(repeats: repeats))
                #expect(report["complete"] as? Bool == true)
                reports.append(report)
            }
        }
        // Everything but timings, paths and sizes is identical across compressions and workers.
        func stable(_ report: [String: Any]) -> String {
            var copy = report
            for key in ["elapsed_seconds", "inputs", "workers", "malformed_samples"] {
                copy[key] = nil
            }
            let data = try? JSONSerialization.data(withJSONObject: copy, options: [.sortedKeys])
            return String(decoding: data ?? Data(), as: UTF8.self)
        }
        #expect(Set(reports.map(stable)).count == 1)
        let inputs = reports[4]["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.first?["compression"] as? String == "zstd")
        #expect(inputs.first?["format"] as? String == "combined")
    }

    @Test func malformedLinesAreCountedAndSampledWithLineNumbers() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("access.log", Self.logText(repeats: 3))
        let (_, report, _) = try scanJSON(["--aasa", aasa, file])
        let samples = report["malformed_samples"] as? [[String: Any]] ?? []
        // The malformed row is row 19 of every round of 19 lines.
        #expect(samples.compactMap { $0["line"] as? Int } == [19, 38, 57])
        #expect(samples.first?["text"] as? String == "this line is not a log line 0")
    }

    @Test func samplesAreEscapedToPlainASCIIAndReadBackIntact() throws {
        let folder = try TemporaryFolder()
        let odd = "not a log line: \"quoted\" back\\slash tab\t bell\u{07} caf\u{E9} \u{1F600}"
        // After a round of good lines, so that the format is known and this line is malformed.
        let file = try folder.write("access.log", Self.logText(repeats: 1) + odd + "\n")
        let result = try ToolRunner.run([
            "scan", "--format", "json", "--quiet", "--aasa", aasa, file,
        ])
        #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 })
        #expect(result.stdout.contains(#"\u0007"#) && result.stdout.contains(#"\ud83d\ude00"#))
        let report =
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let samples = report?["malformed_samples"] as? [[String: Any]] ?? []
        #expect(samples.last?["text"] as? String == odd)
    }

    @Test func linesLongerThanAChunkAreCountedWithTheirLineNumbers() throws {
        let folder = try TemporaryFolder()
        let rows = Self.logText(repeats: 1).split(separator: "\n").map(String.init)
        let long =
            "10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET /buy/"
            + String(repeating: "x", count: 9_000)
            + " HTTP/1.1\" 200 5 \"-\" \"UA\""
        let text = ([rows[0], long] + rows[1...]).joined(separator: "\n") + "\n"
        let file = try folder.write("access.log", text)
        let (status, report, _) = try scanJSON(["--aasa", aasa, "--chunk-kib", "4", file])
        #expect(status == 0)
        let totals = totals(report)
        #expect(totals["lines"] == Self.rows.count + 1)
        #expect(totals["malformed"] == 2)  // the long line and the planned malformed row
        let samples = report["malformed_samples"] as? [[String: Any]] ?? []
        #expect(samples.first?["line"] as? Int == 2)
        // The sample is the line's start, cut at the sample limit and marked truncated.
        let sample = samples.first?["text"] as? String ?? ""
        #expect(sample.hasPrefix("10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET /buy/xxx"))
        #expect(sample.count == 300)
        #expect(samples.first?["truncated"] as? Bool == true)
        #expect(samples.last?["line"] as? Int == 20)
        #expect(totals["handled"] == Self.expectedTotals(repeats: 1)["handled"])
    }

    @Test func standardInputIsTheDefaultInput() throws {
        let log = Data(Self.logText(repeats: 2).utf8)
        let (status, report, _) = try scanJSON(["--aasa", aasa], stdin: log)
        #expect(status == 0)
        #expect(totals(report)["handled"] == Self.expectedTotals(repeats: 2)["handled"])
        let inputs = report["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.first?["path"] as? String == "-")
    }

    @Test func truncatedAndCorruptInputsAreReportedWhileTheRestIsScanned() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("good.log", Self.logText(repeats: 3000))
        try Shell.run(
            """
            zstd -q -c '\(plain)' > '\(folder.path)/full.zst'
            head -c $(( $(stat -c %s '\(folder.path)/full.zst') / 2 )) '\(folder.path)/full.zst' > '\(folder.path)/cut.zst'
            gzip -c '\(plain)' > '\(folder.path)/full.gz'
            head -c $(( $(stat -c %s '\(folder.path)/full.gz') / 2 )) '\(folder.path)/full.gz' > '\(folder.path)/cut.gz'
            """)
        for broken in ["cut.zst", "cut.gz"] {
            let (status, report, stderr) = try scanJSON(
                ["--aasa", aasa, folder.path + "/" + broken, plain, folder.path + "/missing.log"])
            #expect(status == 2)
            #expect(report["complete"] as? Bool == false)
            let inputs = report["inputs"] as? [[String: Any]] ?? []
            #expect(inputs.count == 3)
            #expect(inputs[0]["complete"] as? Bool == false)
            let error = inputs[0]["error"] as? String ?? ""
            #expect(error.contains(broken) && error.contains("after line"), "\(error)")
            #expect(inputs[1]["complete"] as? Bool == true)
            #expect(inputs[1]["requests"] as? Int == Self.expectedTotals(repeats: 3000)["requests"])
            #expect(inputs[2]["complete"] as? Bool == false)
            #expect(stderr.contains(broken))
            // Lines read before the cut still count.
            #expect((inputs[0]["lines"] as? Int ?? 0) > 0)
        }
    }

    @Test func filtersAreCountedSeparately() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("access.log", Self.logText(repeats: 1))
        let (_, report, _) = try scanJSON(
            ["--aasa", aasa, "--methods", "GET", "--status", "2xx", "--skip-assets", file])
        let filtered = (report["totals"] as? [String: Any])?["filtered"] as? [String: Int] ?? [:]
        #expect(filtered["method"] == 2)  // HEAD and POST
        #expect(filtered["status"] == 0)  // the only 500 is a POST, removed by method first
        #expect(filtered["asset"] == 1)  // /style.css
        #expect(totals(report)["handled"] == 10)  // 12 handled rows less HEAD and POST
    }

    @Test func hostsChooseTheirOwnAASAFile() throws {
        let folder = try TemporaryFolder()
        let other = try folder.write(
            "other.json",
            #"{"applinks":{"details":[{"appID":"ZZZZZ99999.other","components":[{"/":"/news/*"}]}]}}"#
        )
        let log = """
            example.com:443 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] "GET /buy/1 HTTP/1.1" 200 5 "-" "UA"
            shop.example.com:443 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] "GET /buy/1 HTTP/1.1" 200 5 "-" "UA"
            news.other.org:443 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] "GET /news/1 HTTP/1.1" 200 5 "-" "UA"
            unknown.net:443 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] "GET /news/1 HTTP/1.1" 200 5 "-" "UA"

            """
        let file = try folder.write("vhost.log", log)
        let (status, report, _) = try scanJSON(
            ["--aasa", "example.com=\(aasa)", "--aasa", "*.other.org=\(other)", file])
        #expect(status == 0)
        let totals = totals(report)
        #expect(totals["handled"] == 2)
        #expect(totals["no_association"] == 2)
        let apps = report["apps"] as? [[String: Any]] ?? []
        let handledByApp = Dictionary(
            uniqueKeysWithValues: apps.compactMap { row in
                (row["app"] as? String).map { ($0, row["handled"] as? Int ?? 0) }
            })
        #expect(handledByApp["ABCDE12345.com.example.shop"] == 1)
        #expect(handledByApp["ZZZZZ99999.other"] == 1)
    }

    /// One host on consecutive lines, with ports that change the answer (S9): a non-default
    /// port never matches a domain written without one.
    @Test func portsDecideTheAssociationLineByLine() throws {
        let folder = try TemporaryFolder()
        let targets = [
            "http://example.com/buy/1", "https://example.com:80/buy/1", "https://example.com/buy/1",
            "https://example.com:443/buy/1", "http://example.com:8080/buy/1",
        ]
        let log = targets.map { "\($0)\n" }.joined()
        let file = try folder.write("urls.txt", log)
        let (status, report, _) = try scanJSON(["--aasa", "example.com=\(aasa)", file])
        #expect(status == 0)
        #expect(totals(report)["handled"] == 3)
        #expect(totals(report)["no_association"] == 2)
    }

    /// Guards issue 9.1: a vhost log's `host:80` or `host:443` next to an origin-form target is
    /// that scheme's default port, as `match` says of `http://host:80/x`; any other port is
    /// kept in the host counts and named in a warning that says how to name it.
    static let vhostPorts: [(logged: String, decision: String)] = [
        ("example.com:80", "handled"),
        ("example.com:443", "handled"),
        ("EXAMPLE.com:80", "handled"),
        ("example.com:8080", "no_association"),
    ]

    @Test func vhostDefaultPortsAgreeWithMatchAndOtherPortsAreNamed() throws {
        let folder = try TemporaryFolder()
        let log = Self.vhostPorts.map {
            "\($0.logged) 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] \"GET /buy/1 HTTP/1.1\" 200 5 \"-\" \"UA\"\n"
        }.joined()
        let file = try folder.write("vhost.log", log)
        let (status, report, stderr) = try scanJSON(["--aasa", "example.com=\(aasa)", file])
        #expect(status == 0)
        let expected = Self.vhostPorts.filter { $0.decision == "handled" }.count
        #expect(totals(report)["handled"] == expected)
        #expect(totals(report)["no_association"] == Self.vhostPorts.count - expected)
        let hosts = (report["hosts"] as? [[String: Any]] ?? []).compactMap { $0["host"] as? String }
        #expect(hosts == ["example.com", "example.com:8080"])
        #expect(stderr.contains("1 request for example.com:8080 has no AASA file: port 8080"))
        #expect(stderr.contains("--aasa example.com:8080=FILE"))
        let match = try ToolRunner.run([
            "match", "--aasa", aasa, "--domain", "example.com", "http://example.com:80/buy/1",
        ])
        #expect(match.stdout.hasPrefix("handled"))
    }

    @Test func requestsWithoutAHostAreFlaggedWhenOnlyDomainsAreGiven() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("access.log", Self.logText(repeats: 1))
        let (status, report, stderr) = try scanJSON(["--aasa", "example.com=\(aasa)", file])
        #expect(status == 0)
        // 18 requests; the absolute-form one names example.com and is decided by its file.
        #expect(totals(report)["no_association"] == 17)
        #expect(totals(report)["handled"] == 1)
        #expect(stderr.contains("17 requests name no host"))
        let (_, withFallback, quiet) = try scanJSON(
            ["--aasa", "example.com=\(aasa)", "--aasa", aasa, file])
        #expect(totals(withFallback)["handled"] == 12)
        #expect(!quiet.contains("name no host"))
    }

    /// One line per log format whose target is /buy/42 on example.com: each is detected and
    /// handled by the same rule.
    static let formatLines: [(format: String, text: String)] = [
        (
            "combined",
            "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /buy/42 HTTP/1.0\" 200 2326 \"-\" \"UA\" \"-\"\n"
        ),
        ("common", "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /buy/42 HTTP/1.0\" 200 2326\n"),
        (
            "vhost",
            "example.com:443 1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /buy/42 HTTP/1.1\" 200 5 \"-\" \"UA\"\n"
        ),
        (
            "w3c",
            "#Software: IIS\n#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port c-ip sc-status cs-host\n2024-01-01 00:00:00 10.0.0.1 GET /buy/42 - 443 1.2.3.4 200 example.com\n"
        ),
        (
            "cloudfront",
            "#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query\n2014-05-23\t01:13:11\tFRA2\t182\t192.0.2.10\tGET\texample.com\t/buy/42\t200\t-\tUA\t-\n"
        ),
        (
            "alb",
            "https 2020-01-01T00:55:04.127531Z app/my-alb/abcdef 1.2.3.4:2817 10.0.0.1:80 0.001 0.102 0.000 200 200 225 24950 \"GET https://example.com:443/buy/42 HTTP/1.1\" \"UA\" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:1:targetgroup/t/1 \"Root=1-58337262-36d228ad5d99923122bbe354\" \"example.com\" \"arn:aws:acm:us-east-2:1:certificate/1\" 0 2020-01-01T00:55:04.127531Z \"forward\" \"-\" \"-\"\n"
        ),
        (
            "elb",
            "2015-05-13T23:39:43.945958Z my-loadbalancer 1.2.3.4:2817 10.0.0.1:80 0.000086 0.001048 0.001337 200 200 0 57 \"GET https://example.com:443/buy/42 HTTP/1.1\" \"UA\" - -\n"
        ),
        (
            "haproxy",
            "Feb  6 12:14:14 localhost haproxy[14389]: 10.0.1.2:33317 [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0 \"GET /buy/42 HTTP/1.1\"\n"
        ),
        (
            "json",
            "{\"request\":{\"method\":\"GET\",\"host\":\"example.com\",\"uri\":\"/buy/42\"},\"status\":200}\n"
        ),
        ("url", "https://example.com/buy/42\n"),
        ("weighted", "7\thttps://example.com/buy/42\n"),
    ]

    @Test(arguments: formatLines)
    func everyFormatIsDetectedAndClassified(_ format: String, _ text: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("log.\(format)", text)
        let (status, report, stderr) = try scanJSON(["--aasa", aasa, file])
        #expect(status == 0, "\(stderr)")
        let inputs = report["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.first?["format"] as? String == format)
        let weight = format == "weighted" ? 7 : 1
        #expect(totals(report)["handled"] == weight)
        #expect(hits(report) == ["details[0].components[2]": weight])
        let forced = try scanJSON(["--aasa", aasa, "--log-format", format, file])
        #expect(totals(forced.1)["handled"] == weight)
    }

    @Test func inputsWithNothingButBlankAndCommentLinesAreNotAnError() throws {
        let folder = try TemporaryFolder()
        let blank = try folder.write("blank.log", "\n   \n# a comment\n")
        let empty = try folder.write("empty.log", "")
        let (status, report, stderr) = try scanJSON(["--aasa", aasa, blank, empty])
        #expect(status == 0, "\(stderr)")
        #expect(report["complete"] as? Bool == true)
        #expect(totals(report)["lines"] == 3)
        #expect(totals(report)["skipped"] == 3)
        #expect(totals(report)["requests"] == 0)
    }

    /// Guards issue 9.2: a file the user named is refused in one line that names the closest
    /// format and where it stopped fitting, with no report of zeros before it.
    @Test func unknownFormatIsRefusedInOneLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("notes.txt", "hello world\nthis is not a log\n")
        let result = try ToolRunner.run([
            "scan", "--format", "json", "--quiet", "--aasa", aasa, file,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("notes.txt") && result.stderr.contains("closest is combined"))
        #expect(result.stderr.contains("(line 1: "))
    }

    /// Guards issue 9.3: a layout no built-in format knows (Gandi's `(0 s)` after the time)
    /// reads with `--log-format 'custom:...'`; the refusal without it points there, and a
    /// layout without a request field is a usage error.
    @Test func customLayoutsReadWhatNoBuiltInFormatDoes() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "gandi.log",
            """
            example.com 1.2.3.4 - u [10/Feb/2012:16:42:07 -0500] (0 s) "GET /buy/42 HTTP/1.1" 200 368 "-" "UA 1"
            example.com 1.2.3.5 - - [10/Feb/2012:16:42:08 -0500] (1 s) "GET /help HTTP/1.1" 200 368 "-" "UA 2"

            """)
        let refused = try ToolRunner.run(["scan", "--quiet", "--aasa", aasa, file])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--log-format 'custom:"))
        let layout = #"custom:%v %h %l %u %t (%D s) "%r" %>s %b "%{Referer}i" "%{User-Agent}i""#
        let (status, report, stderr) = try scanJSON(
            ["--aasa", "example.com=\(aasa)", "--log-format", layout, file])
        #expect(status == 0, "\(stderr)")
        #expect(totals(report)["handled"] == 1 && totals(report)["unmatched"] == 1)
        #expect((report["inputs"] as? [[String: Any]])?.first?["format"] as? String == "custom")
        let usage = try ToolRunner.run([
            "scan", "--aasa", aasa, "--log-format", "custom:%h %l %u %t %>s", file,
        ])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("no request field"))
    }

    /// Guards issue 9.2: files a folder or a glob stood for that are not access logs are
    /// skipped with one warning each and listed as skipped; the scan stays complete.
    static let notLogs: [(name: String, text: String)] = [
        (
            "error.log",
            "2024/10/10 13:55:36 [error] 1234#0: *1 open() \"/srv/favicon.ico\" failed (2: No such file or directory), client: 1.2.3.4, server: localhost, request: \"GET /favicon.ico HTTP/1.1\", host: \"example.com\"\n"
        ),
        ("README", "# Logs\n\nThe access logs of the shop, one file a day.\n"),
        ("syslog", "Oct 10 13:55:36 host systemd[1]: Started Session 1 of user root.\n"),
    ]

    @Test(arguments: ["folder", "glob"])
    func nonLogFilesOfAFolderOrGlobAreSkipped(_ how: String) throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("access.log", Self.logText(repeats: 1))
        for file in Self.notLogs { _ = try folder.write(file.name, file.text) }
        let argument = how == "folder" ? folder.path : folder.path + "/*"
        let (status, report, stderr) = try scanJSON(["--aasa", aasa, argument])
        #expect(status == 0, "\(stderr)")
        #expect(report["complete"] as? Bool == true)
        #expect(totals(report)["handled"] == Self.expectedTotals(repeats: 1)["handled"])
        let inputs = report["inputs"] as? [[String: Any]] ?? []
        let skipped = inputs.filter { $0["skipped"] as? Bool == true }
        #expect(skipped.count == Self.notLogs.count)
        #expect(skipped.allSatisfy { ($0["skip_reason"] as? String)?.contains("closest") == true })
        #expect(inputs.allSatisfy { $0["complete"] as? Bool == true })
        let warnings = stderr.split(separator: "\n").filter { $0.contains("warning: skipped") }
        #expect(warnings.count == Self.notLogs.count, "\(stderr)")
    }

    /// A named file that is not a log is an error, unless `--skip-non-logs` asks to skip it as
    /// a folder's would be (a pipeline's task feeding one file of a folder through a FIFO).
    @Test func skipNonLogsSkipsANamedFileThatIsNoLog() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("access.log", Self.logText(repeats: 1))
        let readme = try folder.write(Self.notLogs[1].name, Self.notLogs[1].text)
        let (namedStatus, named, _) = try scanJSON(["--aasa", aasa, log, readme])
        #expect(namedStatus == 2)
        #expect(named["complete"] as? Bool == false)
        let (status, report, stderr) = try scanJSON([
            "--aasa", aasa, "--skip-non-logs", log, readme,
        ])
        #expect(status == 0, "\(stderr)")
        #expect(report["complete"] as? Bool == true)
        #expect(totals(report)["handled"] == Self.expectedTotals(repeats: 1)["handled"])
        let inputs = report["inputs"] as? [[String: Any]] ?? []
        #expect(inputs.map { $0["skipped"] as? Bool } == [false, true])
        #expect(stderr.contains("warning: skipped"))
        // Skipping is no licence to read nothing: an empty folder still fails.
        let empty = folder.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let (emptyStatus, _, emptyErrors) = try scanJSON([
            "--aasa", aasa, "--skip-non-logs", log, empty,
        ])
        #expect(emptyStatus == 2)
        #expect(emptyErrors.contains("gave no log to read (no file in it)"))
    }

    @Test func csvAndTableReportsCarryTheSameCounts() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("access.log", Self.logText(repeats: 2))
        let csv = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "csv", file])
        #expect(
            csv.lines.first
                == "section,id,source,apps,exclude,pattern,count,error_bound,shadowed_by,measurable"
        )
        #expect(csv.lines.contains("total,handled,,,,,24,0,,"))
        #expect(
            csv.lines.contains {
                $0.hasPrefix("rule,details[0].components[2],") && $0.hasSuffix(",8,0,,true")
            })
        let table = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "table", file])
        #expect(table.stdout.contains("handled"))
        // `/help/*` with `"#": "app-*"` decides by the fragment, which no server log holds:
        // not measurable here, so not among the dead.
        #expect(table.stdout.contains("Dead rules: 0 of 12"))
        #expect(!table.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    /// Guards issue 9.5: `--top` bounds every list of the table, dead rules included; `--top 0`
    /// hides them and says so, never "(none)"; the coverage line ends the report.
    @Test(arguments: [0, 1, 5])
    func topBoundsEveryListOfTheTable(_ top: Int) throws {
        let folder = try TemporaryFolder()
        let components = (0..<30).map { #"{"/":"/never/\#($0)"}"# }.joined(separator: ",")
        let many = try folder.write(
            "many.json",
            #"{"applinks":{"details":[{"appID":"ABCDE12345.x","components":[{"/":"/buy/*"},"#
                + components + "]}]}}")
        let file = try folder.write("access.log", Self.logText(repeats: 1))
        let result = try ToolRunner.run([
            "scan", "--aasa", many, "--format", "table", "--top", "\(top)", file,
        ])
        #expect(result.status == 0)
        let lines = result.lines
        // Rows of each section: the indented lines after its title, up to the blank line.
        var section = ""
        var rows: [String: Int] = [:]
        for line in lines {
            if line.isEmpty {
                section = ""
            } else if !line.hasPrefix("  ") {
                section = String(line.prefix { $0 != "(" && $0 != ":" })
            } else if !line.hasPrefix("  ...") {
                rows[section, default: 0] += 1
            }
        }
        for (name, count) in rows where !name.hasPrefix("Coverage") && !name.hasPrefix("Malformed")
        {
            // A header row, then at most `top` rows.
            #expect(count <= top + 1, "\(name): \(count) rows with --top \(top)")
        }
        #expect(!result.stdout.contains("(none)"))
        if top == 0 { #expect(result.stdout.contains("hidden by --top 0")) }
        #expect(lines.last?.hasPrefix("Coverage: ") == true)
    }

    /// Guards issue 9.6: on an 80-column terminal no row is wider than 80 (long paths and
    /// input names lose their middle to `…`, the JSON keeps them whole), the three shares
    /// add up to 100.0%, and one malformed line is "1 malformed line".
    @Test func tableFitsEightyColumnsAndItsSharesAddUp() throws {
        let folder = try TemporaryFolder()
        let long = "/buy/" + String(repeating: "segment-", count: 30) + "end"
        let requests = [long, "/buy/internal/x", "/help"].map {
            "1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] \"GET \($0) HTTP/1.1\" 200 5 \"-\" \"UA\"\n"
        }
        let name = "access-" + String(repeating: "very-long-name-", count: 8) + ".log"
        let file = try folder.write(name, requests.joined() + "not a log line\n")
        let result = try ToolRunner.run(
            ["scan", "--aasa", aasa, "--format", "table", file], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        for line in result.lines { #expect(line.count <= 80, "\(line.count): \(line)") }
        #expect(result.stdout.contains("…"))
        #expect(result.stdout.contains("end"), "the end of a long path is kept")
        let shares = result.lines.filter {
            $0.hasPrefix("  handled") || $0.hasPrefix("  excluded") || $0.hasPrefix("  unmatched")
        }.compactMap { line in
            line.split(separator: " ").first { $0.hasSuffix("%") }.flatMap { Double($0.dropLast()) }
        }
        #expect(shares.count == 3)
        #expect(abs(shares.reduce(0, +) - 100) < 1e-9, "\(shares)")
        #expect(result.stdout.contains("  1 malformed line\n"))
        let (_, report, _) = try scanJSON(["--aasa", aasa, file])
        let paths = (report["top_handled"] as? [[String: Any]] ?? []).compactMap {
            $0["path"] as? String
        }
        #expect(paths == [long])
    }

    /// Guards issue 9.8: with more than one host, the path lists carry the host (JSON `host`,
    /// table `host/path`, CSV `source`), even when one worker's cache saw the same path on
    /// both; the CSV has the host, coverage, filtered and input sections of the JSON.
    @Test func multiHostPathListsKeepTheHost() throws {
        let folder = try TemporaryFolder()
        var log = ""
        for (host, path, times) in [
            ("a.example.com", "/buy/1", 3), ("B.example.com", "/buy/1", 2),
            ("b.example.com", "/help", 1),
        ] {
            for _ in 0..<times {
                log +=
                    "\(host):443 1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] \"GET \(path) HTTP/1.1\" 200 5 \"-\" \"UA\"\n"
            }
        }
        let file = try folder.write("vhost.log", log)
        let (_, report, _) = try scanJSON(["--aasa", aasa, "--workers", "1", file])
        func rows(_ key: String) -> [String] {
            (report[key] as? [[String: Any]] ?? []).map {
                "\($0["host"] as? String ?? "-") \($0["path"] as? String ?? "") \($0["count"] as? Int ?? 0)"
            }
        }
        #expect(rows("top_handled") == ["a.example.com /buy/1 3", "b.example.com /buy/1 2"])
        #expect(rows("top_unmatched") == ["b.example.com /help 1"])
        let table = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "table", file])
        #expect(table.stdout.contains("a.example.com/buy/1"))
        let csv = try ToolRunner.run(["scan", "--aasa", aasa, "--format", "csv", file]).lines
        #expect(csv.contains("top_handled,/buy/1,b.example.com,,,,2,0,,"))
        for section in ["coverage", "filtered", "host", "host_handled", "input", "input_lines"] {
            #expect(csv.contains { $0.hasPrefix(section + ",") }, "\(section)")
        }
        #expect(csv.contains("coverage,handled_percent,,,,,83.333,0,,"))
        #expect(csv.contains("host,b.example.com,,,,,3,0,,"))
        // One host: rows as before, `host` null.
        let single = try folder.write("one.txt", "/buy/1\n/buy/2\n/help\n")
        let (_, one, _) = try scanJSON(["--aasa", aasa, single])
        let first = (one["top_handled"] as? [[String: Any]])?.first
        #expect(first?["host"] is NSNull)
        #expect((first?["path"] as? String)?.hasPrefix("/") == true)
    }

    /// Guards issue 9.10: `--skip-bots` leaves out crawlers (`totals.filtered.bot`) and says
    /// when a log has no user agent; `--asset-extensions` changes what `--skip-assets` skips.
    @Test func botsAndAssetsAreConfigurable() throws {
        let folder = try TemporaryFolder()
        let log = [
            ("/buy/1", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
            ("/buy/2", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"),
            ("/guide.pdf", "Mozilla/5.0 (iPhone)"), ("/style.css", "Mozilla/5.0 (iPhone)"),
        ].map {
            "1.1.1.1 - - [10/Oct/2024:13:55:36 +0000] \"GET \($0.0) HTTP/1.1\" 200 5 \"-\" \"\($0.1)\"\n"
        }.joined()
        let file = try folder.write("access.log", log)
        let (status, report, stderr) = try scanJSON(
            ["--aasa", aasa, "--skip-bots", "--asset-extensions", "pdf", file])
        #expect(status == 0, "\(stderr)")
        let filtered = (report["totals"] as? [String: Any])?["filtered"] as? [String: Int] ?? [:]
        #expect(filtered["bot"] == 1 && filtered["asset"] == 1 && filtered["total"] == 2)
        #expect(stderr.isEmpty)
        let help = try ToolRunner.run(["scan", "--help"])
        #expect(help.stdout.contains("css,js,mjs,map,png"))
        // Defaults read as a user writes them, not as the type that holds them.
        #expect(help.stdout.contains("(default: 50)"))
        #expect(!help.stdout.contains("Percentage("))
        let urls = try folder.write("urls.txt", "/buy/1\n")
        let (_, _, warning) = try scanJSON(["--aasa", aasa, "--skip-bots", urls])
        #expect(warning.contains("--skip-bots cannot apply to the 1 request of"))
    }

    /// Gate values and what they give on a log with 7,845 of 10,000 requests handled
    /// (78.45%); guards issue 9.4: the message shows the two apart, values outside 0-100 are
    /// usage errors, and `80%` is a percentage.
    static let gates: [(value: String, status: Int32, message: String?)] = [
        ("78", 0, nil),
        ("78.45", 0, nil),
        ("78.5", 1, "coverage 78.45% is below --min-coverage 78.50%"),
        ("80%", 1, "coverage 78.5% is below --min-coverage 80.0%"),
        ("100", 1, "coverage 78.5% is below --min-coverage 100.0%"),
        ("120", 64, "from 0 to 100"),
        ("-1", 64, "from 0 to 100"),
        ("lots", 64, "invalid"),
    ]

    /// Every pattern of the JSON report reads back as the rule's own path, whatever it holds
    /// that JSON escapes (quotes, backslashes, control and non-ASCII characters), wherever in
    /// the text they stand.
    @Test func rulePatternsWithEscapesReadBack() throws {
        let folder = try TemporaryFolder()
        // The paths as the AASA file writes them, escapes and all.
        let written = [
            #"\"quoted\" path"#, #"/say/\"hi\"/*"#, #"/back\\slash\\"#, #"/tab\there"#,
            #"/caf\u00e9/\u2028/x"#, #"/\u0001"#, #"/plain/*"#,
        ]
        let components = written.map { #"{"/": ""# + $0 + #""}"# }.joined(separator: ", ")
        let aasaFile = try folder.write(
            "aasa.json",
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": ["#
                + components + "]}]}}")
        let log = try folder.write("urls.txt", "/plain/x\n")
        let (status, report, stderr) = try scanJSON(["--aasa", aasaFile, log])
        #expect(status == 0, "\(stderr)")
        let paths = try written.map { text in
            try JSONSerialization.jsonObject(
                with: Data(("\"" + text + "\"").utf8), options: .fragmentsAllowed) as? String
        }
        let reported = try (report["rules"] as? [[String: Any]] ?? []).map { rule in
            let pattern = try JSONSerialization.jsonObject(
                with: Data((rule["pattern"] as? String ?? "").utf8))
            return (pattern as? [String: Any])?["/"] as? String
        }
        #expect(reported == paths)
    }

    @Test func minCoverageGateSaysTheTruth() throws {
        let folder = try TemporaryFolder()
        let log =
            String(repeating: "/buy/1\n", count: 7845) + String(repeating: "/help\n", count: 2155)
        let file = try folder.write("urls.txt", log)
        for gate in Self.gates {
            let result = try ToolRunner.run([
                "scan", "--aasa", aasa, "--format", "json", "--min-coverage=\(gate.value)", file,
            ])
            #expect(result.status == gate.status, "\(gate.value): \(result.stderr)")
            if let message = gate.message {
                #expect(result.stderr.contains(message), "\(gate.value): \(result.stderr)")
            }
        }
    }

    /// Guards issue 9.4: `--methods` and `--status` on a URL list, which logs neither, keep
    /// the requests and say so instead of filtering everything into a silent 0%.
    @Test func filtersThatCannotApplyWarnAndKeepTheRequests() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("urls.txt", "/buy/1\n/help\n")
        let (status, report, stderr) = try scanJSON(
            ["--aasa", aasa, "--methods", "GET", "--status", "2xx", file])
        #expect(status == 0)
        #expect(totals(report)["handled"] == 1)
        #expect(stderr.contains("--methods cannot apply to the 2 requests of"))
        #expect(stderr.contains("--status cannot apply to the 2 requests of"))
    }

    @Test(.needsSharedData())
    func everyRealLogIsDetected() throws {
        let folder = SharedData.root.appendingPathComponent("logs-real").path
        // Request counts were taken with grep -c on the decompressed files, independently;
        // of the URL list's 48,009 URLs, 150 name a host that starts with a quote
        // (`grep -c '^[a-z]*://"'`): no host name, so malformed lines.
        let expected: [String: (String, Int)] = [
            "elastic-examples--apache_logs--combined.log.zst": ("combined", 10000),
            "lnav--logfile_shop_access_log--combined-plus-xff.log.zst": ("combined", 1000),
            "nasa-ksc-http-aug1995--first5000--common.log.gz": ("common", 5000),
            "lnav--logfile_w3c_big--iis-w3c-extended.log": ("w3c", 210),
            "lnav--logfile_bro_http--zeek-http.tsv": ("zeek", 197),
            "lnav--logfile_haproxy--syslog-haproxy-httplog.log": ("haproxy", 13),
            "pypi-apachelogs--vhost_combined.log": ("vhost", 6),
            "ada-url-various-datasets--kasztp--url-list.txt.zst": ("url", 48009 - 150),
        ]
        let files = expected.keys.sorted().map { folder + "/" + $0 }
        let (status, report, stderr) = try scanJSON(["--aasa", aasa] + files)
        #expect(status == 0, "\(stderr)")
        for input in report["inputs"] as? [[String: Any]] ?? [] {
            let name =
                (input["path"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
            #expect(input["format"] as? String == expected[name]?.0, "\(name)")
            #expect(input["requests"] as? Int == expected[name]?.1, "\(name)")
        }
    }
}
