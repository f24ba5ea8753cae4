import AASAFetch
import AASAModel
import Testing

/// The parts of `fetch` that need no network: names, templates, checks.
@Suite struct FetchUnitTests {
    @Test(arguments: [
        ("example.com", "example.com", "example.com.json", true),
        ("*.example.com", "example.com", "_.example.com.json", true),
        ("applinks:Shop.Example.com", "shop.example.com", "shop.example.com.json", true),
        ("example.com:8443", "example.com:8443", "example.com:8443.json", true),
        ("example.com?mode=developer", "example.com", "example.com.json", false),
        ("*.example.com?mode=managed", "example.com", "_.example.com.json", false),
    ])
    func targets(text: String, host: String, file: String, usesCDN: Bool) throws {
        let target = try FetchTarget(text)
        #expect(target.fileHost == host)
        #expect(target.savedFileName == file)
        #expect(target.usesCDN == usesCDN)
        #expect(!target.savedFileName.contains("/"))
    }

    @Test func templates() throws {
        #expect(
            URLTemplate.appleCDN.url(for: "example.com")
                == "https://app-site-association.cdn-apple.com/a/v1/example.com")
        #expect(
            URLTemplate.origin.url(for: "example.com")
                == "https://example.com/.well-known/apple-app-site-association")
        #expect(throws: URLTemplate.TemplateError.self) { try URLTemplate("https://x.test/") }
        #expect(throws: URLTemplate.TemplateError.self) { try URLTemplate("x.test/{domain}") }
        #expect(try URLTemplate("http://x.test/{domain}").url(for: "a") == "http://x.test/a")
    }

    static func response(
        _ status: Int?, type: String? = "application/json", body: String = "{}",
        failure: FetchedResponse.Failure? = nil
    ) -> FetchedResponse {
        var response = FetchedResponse(url: "https://example.com/x", failure: failure)
        response.status = status
        response.contentType = type
        response.body = Array(body.utf8)
        response.bytesRead = response.body.count
        return response
    }

    @Test(
        arguments: [
            (200, "application/json", FetchSource.origin, [String]()),
            (200, "Application/JSON; charset=utf-8", .origin, []),
            (200, "application/octet-stream", .origin, ["AASA704"]),
            (200, nil, .cdn, ["AASA704"]),
            (301, nil, .origin, ["AASA702"]),
            (308, nil, .cdn, ["AASA702"]),
            (404, "text/html", .origin, ["AASA703"]),
            (404, "text/html", .cdn, ["AASA709"]),
            (500, "text/html", .cdn, ["AASA703"]),
        ] as [(Int, String?, FetchSource, [String])])
    func statusChecks(status: Int, type: String?, source: FetchSource, codes: [String]) {
        let found = HostingChecks.diagnostics(for: Self.response(status, type: type), from: source)
        #expect(found.map(\.code) == codes)
        for diagnostic in found {
            let check = HostingCheck.allCases.first { $0.code == diagnostic.code }
            #expect(check?.severity == diagnostic.severity)
        }
    }

    @Test func failureChecks() {
        let rows: [(FetchedResponse.Failure, String)] = [
            (.notHTTPS, "AASA701"), (.tls("bad certificate"), "AASA706"),
            (.timeout(seconds: 2), "AASA707"), (.unreachable("refused"), "AASA707"),
        ]
        for (failure, code) in rows {
            let found = HostingChecks.diagnostics(
                for: Self.response(nil, failure: failure), from: .origin)
            #expect(found.map(\.code) == [code])
        }
    }

    @Test func cdnCopies() {
        let file = Self.response(200, body: "{\"applinks\":{}}")
        let other = Self.response(200, body: "{\"applinks\":{\"details\":[]}}")
        #expect(CDNCopy(cdn: file, origin: file) == .same)
        #expect(CDNCopy(cdn: other, origin: file) == .differs)
        #expect(CDNCopy(cdn: file, origin: Self.response(404)) == .differs)
        #expect(CDNCopy(cdn: Self.response(404), origin: file) == .missing)
        #expect(CDNCopy(cdn: Self.response(503), origin: file) == .unreachable)
        #expect(
            CDNCopy(cdn: Self.response(nil, failure: .unreachable("x")), origin: file)
                == .unreachable)
        #expect(CDNCopy(cdn: nil, origin: file) == .notUsed)
        #expect(CDNCopy.differs.diagnostic(origin: file)?.code == "AASA708")
        #expect(CDNCopy.same.diagnostic(origin: file) == nil)
    }

    @Test func aDifferentCDNCopyIsLintedApart() throws {
        let target = try FetchTarget("example.com")
        let broken = Self.response(200, body: "{\"applinks\": {\"details\": [}}")
        let report = DomainReport(target: target, cdn: broken, origin: Self.response(200))
        let codes = report.findings.map { "\($0.source.rawValue) \($0.diagnostic.code)" }
        #expect(codes.contains("cdn AASA708"))
        #expect(codes.contains("cdn AASA100"))
        #expect(!codes.contains("origin AASA100"))
    }
}

@Suite struct SavedFilesTests {
    @Test func theFolderLosesItsTrailingSlashes() {
        #expect(SavedFiles(directory: "aasa//", choice: .device).directory == "aasa")
        #expect(SavedFiles(directory: "/", choice: .device).directory == "/")
    }
}
