import Foundation
import TestSupport
import Testing

/// What the CDN says when it has no copy, the User-Agent sent, and how many requests of a
/// log a stale CDN copy decides otherwise (`fetch --output`, then `diff`).
@Suite struct FetchCDNTests {
    @Test func theCDNsFailureHeadersAreReported() throws {
        let result = try FetchCheckTests.fetch("apple-failure.test")
        #expect(result.status == 0, "a missing CDN copy is a warning")
        let domain = try result.domain()
        #expect(FetchCheckTests.codes(domain) == ["cdn AASA709"])
        let cdn = FetchCheckTests.copy(domain, "cdn")
        #expect(cdn["apple_failure_reason"] as? String == "SWCERR00301 Timeout")
        #expect(
            cdn["apple_failure_details"] as? String == "{\"cause\":\"context deadline exceeded\"}")
        let origin = FetchCheckTests.copy(domain, "origin")
        #expect(origin["apple_failure_reason"] is NSNull)
        let diagnostic = try #require((domain["diagnostics"] as? [[String: Any]])?.first)
        #expect((diagnostic["message"] as? String)?.contains("SWCERR00301 Timeout") == true)

        let servers = try TestServers.shared.get()
        let table = try FetchRunner.run(
            ["--ca-file", servers.caFile] + servers.templates() + ["apple-failure.test"])
        #expect(
            table.lines.contains {
                $0.hasPrefix("  cdn     404")
                    && $0.contains(
                        "(SWCERR00301 Timeout; {\"cause\":\"context deadline exceeded\"})")
            }, "\(table.stdout)")
    }

    @Test func theUserAgentIsTheOneAsked() throws {
        // The server turns away AASA-Bot/ only: the default gets the file.
        let plain = try FetchCheckTests.fetch("bot-blocked.test")
        #expect(plain.status == 0)
        #expect(FetchCheckTests.codes(try plain.domain()) == [])
        let asApple = try FetchCheckTests.fetch(
            "bot-blocked.test", ["--user-agent", "AASA-Bot/1.0.0"])
        #expect(asApple.status == 1)
        let domain = try asApple.domain()
        #expect(FetchCheckTests.codes(domain) == ["cdn AASA703", "origin AASA703"])
        #expect(FetchCheckTests.copy(domain, "origin")["status"] as? Int == 403)
        let refused = try FetchRunner.run(["--user-agent", "a\r\nX-Injected: 1", "good.test"])
        #expect(refused.status == 64)
    }

    @Test func bothCopiesOfAStaleDomainAreKeptAndDiffCountsTheRequests() throws {
        let servers = try TestServers.shared.get()
        let folder = try TemporaryFolder()
        let directory = folder.url.appendingPathComponent("aasa")
        let fetched = try FetchRunner.run(
            ["--ca-file", servers.caFile, "--output", directory.path] + servers.templates()
                + ["stale.test", "good.test"])
        #expect(fetched.status == 0, "\(fetched.stdout)\(fetched.stderr)")
        let manager = FileManager.default
        #expect(
            try manager.contentsOfDirectory(atPath: directory.path + "/.cdn") == ["stale.test.json"]
        )
        #expect(
            try manager.contentsOfDirectory(atPath: directory.path + "/.origin") == [
                "stale.test.json"
            ])
        let cdnCopy = try String(
            contentsOfFile: directory.path + "/.cdn/stale.test.json", encoding: .utf8)
        #expect(cdnCopy.contains("/old/*"))
        #expect(fetched.stdout.contains("both copies kept: \(directory.path)/.cdn/stale.test.json"))
        let step =
            "aasa-scan diff --old-dir \(directory.path)/.cdn --new-dir \(directory.path)/.origin LOGS"
        #expect(fetched.lines.contains("  " + step), "\(fetched.stdout)")

        let json = try FetchRunner.run(
            ["--json", "--ca-file", servers.caFile, "--output", directory.path]
                + servers.templates() + ["stale.test", "good.test"])
        let domains = try #require(try json.report()["domains"] as? [[String: Any]])
        let pair = try #require(domains[0]["both_saved"] as? [String: Any])
        #expect(pair["origin"] as? String == directory.path + "/.origin/stale.test.json")
        #expect(domains[1]["both_saved"] is NSNull)

        // Under the CDN's copy /old/* opens the app, under the origin's /buy/*: three of these
        // requests decide otherwise while devices still have the CDN's.
        let log = folder.url.appendingPathComponent("urls.log")
        try Data(
            """
            https://stale.test/old/1
            https://stale.test/old/2
            https://stale.test/buy/1
            https://stale.test/about
            https://good.test/buy/1

            """.utf8
        ).write(to: log)
        // The dot folders leave the two-line workflow as it was.
        let scan = try ToolRunner.run(["scan", "--aasa-dir", directory.path, "--quiet", log.path])
        #expect(scan.status == 0, "\(scan.stderr)")
        let diff = try ToolRunner.run([
            "diff", "--old-dir", directory.path + "/.cdn", "--new-dir", directory.path + "/.origin",
            "--format", "json", "--quiet", log.path,
        ])
        #expect(diff.status == 0, "\(diff.stderr)")
        let report = try diff.report()
        #expect(report["changed_requests"] as? Int == 3)
        let lost = try #require(report["lost"] as? [String: Any])
        #expect(lost["requests"] as? Int == 2)
    }
}
