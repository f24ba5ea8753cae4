import AASAModel
import Foundation
import TestSupport
import Testing

/// Each check of `aasa-scan fetch`, against real HTTPS servers on loopback (see
/// `tls_test_server.py`): the domain's first label chooses how the servers answer.
@Suite struct FetchCheckTests {
    /// Runs `fetch --json` for `domain` against the CA-signed server.
    static func fetch(
        _ domain: String, _ extra: [String] = [], port: Int? = nil,
        environment: [String: String] = [:]
    ) throws -> ToolResult {
        let servers = try TestServers.shared.get()
        return try FetchRunner.run(
            ["--json", "--timeout", "5", "--ca-file", servers.caFile]
                + servers.templates(port: port) + extra + [domain],
            environment: environment)
    }

    /// The diagnostics of a domain's report as `source code` pairs, such as `origin AASA702`.
    static func codes(_ domain: [String: Any]) -> [String] {
        (domain["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["source"] as? String ?? "?") \($0["code"] as? String ?? "?")"
        }
    }

    static func copy(_ domain: [String: Any], _ source: String) -> [String: Any] {
        domain[source] as? [String: Any] ?? [:]
    }

    @Test func aGoodFileServedWellPasses() throws {
        let result = try Self.fetch("good.test")
        #expect(result.status == 0, "\(result.stderr)")
        let domain = try result.domain()
        #expect(Self.codes(domain) == [])
        #expect(domain["cdn_copy"] as? String == "same")
        let origin = Self.copy(domain, "origin")
        #expect(origin["status"] as? Int == 200)
        #expect(origin["content_type"] as? String == "application/json")
        #expect(
            (origin["url"] as? String)?.hasSuffix(
                "/good.test/.well-known/apple-app-site-association") == true)
        #expect(Self.copy(domain, "cdn")["bytes_read"] as? Int == origin["bytes_read"] as? Int)
    }

    @Test func aRedirectIsAnErrorAndNotFollowed() throws {
        let result = try Self.fetch("redirect.test")
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["origin AASA702", "cdn AASA708"])
        let origin = Self.copy(domain, "origin")
        #expect(origin["status"] as? Int == 301)
        #expect((origin["location"] as? String)?.hasSuffix("/elsewhere") == true)
        #expect(origin["bytes_read"] as? Int == 0)
        #expect(domain["cdn_copy"] as? String == "differs")
    }

    @Test func aMissingFileIsAnErrorAndTheCDNHasNone() throws {
        let result = try Self.fetch("missing.test")
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA709", "origin AASA703"])
        #expect(domain["cdn_copy"] as? String == "cdn-missing")
    }

    @Test func aWrongContentTypeWarns() throws {
        let result = try Self.fetch("wrong-type.test")
        #expect(result.status == 0, "a warning does not fail the default gate")
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA704", "origin AASA704"])
        let gated = try Self.fetch("wrong-type.test", ["--fail-on", "warning"])
        #expect(gated.status == 1)
        #expect(try Self.fetch("wrong-type.test", ["--fail-on", "never"]).status == 0)
    }

    @Test func readingStopsPastTheSizeLimit() throws {
        let servers = try TestServers.shared.get()
        let result = try Self.fetch("huge.test")
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA709", "origin AASA705"])
        let origin = Self.copy(domain, "origin")
        #expect(origin["over_limit"] as? Bool == true)
        let read = try #require(origin["bytes_read"] as? Int)
        // At most one piece past the limit: the client stopped, it did not take 128 MiB.
        // libcurl hands the body on in pieces of at most 16 KiB (CURL_MAX_WRITE_SIZE).
        #expect(read > 131_072 && read <= 131_072 + 16_384, "read \(read) bytes")
        // The server saw the connection end before it could send everything.
        let report = servers.directory.appendingPathComponent("stream.txt")
        var text = ""
        for _ in 0..<100 where text.isEmpty {
            text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            if text.isEmpty { Thread.sleep(forTimeInterval: 0.1) }
        }
        let words = text.split(separator: " ")
        #expect(words.last?.hasPrefix("stopped") == true, "server: \(text)")
        #expect((words.first.flatMap { Int($0) } ?? .max) < 128 * 1024 * 1024)
    }

    @Test func anAnnouncedOversizeBodyIsNotRead() throws {
        let result = try Self.fetch("announced.test")
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA705", "origin AASA705"])
        let origin = Self.copy(domain, "origin")
        #expect(origin["content_length"] as? Int == 10 * 1024 * 1024)
        #expect(origin["bytes_read"] as? Int == 0)
    }

    @Test func aSlowServerTimesOutAndCouldNotBeFetched() throws {
        let result = try Self.fetch("slow.test", ["--timeout", "1"])
        #expect(result.status == 2)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA707", "origin AASA707"])
        #expect(Self.copy(domain, "origin")["error"] as? String == "timeout")
        #expect(try result.report()["could_not_fetch"] as? Int == 1)
    }

    @Test func anUntrustedCertificateIsATLSFailure() throws {
        let servers = try TestServers.shared.get()
        let result = try Self.fetch("good.test", port: servers.selfSignedPort)
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA706", "origin AASA706"])
        #expect(Self.copy(domain, "origin")["error"] as? String == "tls")
        #expect(domain["cdn_copy"] as? String == "cdn-unreachable")
    }

    @Test func withoutTheTestCAItsServerIsNotTrusted() throws {
        let servers = try TestServers.shared.get()
        let result = try FetchRunner.run(
            ["--json", "--timeout", "5"] + servers.templates() + ["good.test"])
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA706", "origin AASA706"])
    }

    @Test func aStaleCDNCopyWarnsAndBothCopiesAreLinted() throws {
        let result = try Self.fetch("stale.test")
        #expect(result.status == 0)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["cdn AASA708"])
        #expect(domain["cdn_copy"] as? String == "differs")
    }

    /// Invalid JSON gets lint's diagnostic, at the position lint gives.
    @Test func invalidJSONGetsLintsDiagnosticWithItsPosition() throws {
        let result = try Self.fetch("broken.test")
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["origin AASA100"])
        let diagnostic = try #require((domain["diagnostics"] as? [[String: Any]])?.first)
        let body = Array(
            "{\n  \"applinks\": {\"details\": [\n    {\"appIDs\": [\"ABCDE12345.com.example.app\"], \"components\": []},\n  ]}\n}\n"
                .utf8)
        var expected: AASAParseError?
        do { _ = try AASADocument.parse(body) } catch { expected = error }
        let lint = try #require(expected)
        #expect(diagnostic["line"] as? Int == lint.location.line)
        #expect(diagnostic["column"] as? Int == lint.location.column)
        #expect(diagnostic["message"] as? String == lint.message)
        #expect(lint.location.line >= 3)
    }

    @Test func aPlainHTTPURLIsNotFetched() throws {
        let servers = try TestServers.shared.get()
        let result = try FetchRunner.run([
            "--json", "--ca-file", servers.caFile, "--cdn-url",
            "https://127.0.0.1:\(servers.port)/a/v1/{domain}", "--origin-url",
            "http://127.0.0.1:\(servers.port)/{domain}/.well-known/apple-app-site-association",
            "good.test",
        ])
        #expect(result.status == 1)
        let domain = try result.domain()
        #expect(Self.codes(domain) == ["origin AASA701", "cdn AASA708"])
        #expect(Self.copy(domain, "origin")["error"] as? String == "not-https")
        #expect(Self.copy(domain, "origin")["status"] is NSNull)
    }

    @Test func anAlternateModeSkipsTheCDN() throws {
        let result = try Self.fetch("good.test?mode=developer")
        #expect(result.status == 0)
        let domain = try result.domain()
        #expect(domain["cdn"] is NSNull)
        #expect(domain["cdn_copy"] as? String == "not-used")
        #expect(domain["alternate_mode"] as? String == "developer")
    }

    @Test func aWildcardFetchesItsParentDomainsFile() throws {
        let result = try Self.fetch("applinks:*.good.test")
        #expect(result.status == 0)
        let domain = try result.domain()
        #expect(domain["file_host"] as? String == "good.test")
        #expect((Self.copy(domain, "cdn")["url"] as? String)?.hasSuffix("/a/v1/good.test") == true)
    }

    @Test func theProxyOfTheEnvironmentIsUsed() throws {
        let servers = try TestServers.shared.get()
        // proxied.invalid resolves nowhere: only the proxy's tunnel reaches the server.
        let result = try FetchRunner.run(
            ["--json", "--timeout", "5", "--ca-file", servers.caFile]
                + servers.templates(host: "proxied.invalid") + ["good.test"],
            environment: ["https_proxy": "http://127.0.0.1:\(servers.proxyPort)"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.codes(try result.domain()) == [])
    }

    @Test func noProxyBypassesTheProxy() throws {
        // Port 1 refuses connections: a request through that proxy would fail.
        let proxy = ["https_proxy": "http://127.0.0.1:1"]
        let refused = try Self.fetch("good.test", environment: proxy)
        #expect(refused.status == 2)
        let bypass = proxy.merging(["no_proxy": "localhost,127.0.0.1"]) { $1 }
        let direct = try Self.fetch("good.test", environment: bypass)
        #expect(direct.status == 0)
    }

    @Test func domainsAreReportedInTheOrderGiven() throws {
        let servers = try TestServers.shared.get()
        // Unknown first labels get the good answers.
        let names = (0..<12).map { "good\($0).test" }
        let result = try FetchRunner.run(
            ["--json", "--jobs", "3", "--ca-file", servers.caFile] + servers.templates() + names)
        #expect(result.status == 0)
        let domains = try #require(try result.report()["domains"] as? [[String: Any]])
        #expect(domains.map { $0["domain"] as? String ?? "" } == names)
        #expect(domains.allSatisfy { $0["cdn_copy"] as? String == "same" })
    }

    /// Several domains at once: four slow ones (eight requests cut off after a second each)
    /// end together, in about a second, not one after the other in eight.
    @Test func domainsAreFetchedAtOnce() throws {
        let servers = try TestServers.shared.get()
        let names = (0..<4).map { "slow.site\($0).test" }
        let started = ContinuousClock.now
        let result = try FetchRunner.run(
            ["--json", "--timeout", "1", "--jobs", "4", "--ca-file", servers.caFile]
                + servers.templates() + names)
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 2)
        #expect(try result.report()["could_not_fetch"] as? Int == 4)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }
}
