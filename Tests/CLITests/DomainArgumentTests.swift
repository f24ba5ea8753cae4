import Foundation
import TestSupport
import Testing

/// Domains given on the command line (`match --domain`, `scan --aasa DOMAIN=FILE`): an
/// entitlement's alternate-mode suffix is not part of the host (SEMANTICS.md S9), and anything
/// that is not a domain is a usage error that names it, never a silent "unmatched".
struct DomainArgumentTests {
    let aasa = PackagePaths.bundledData("example.com.aasa.json")
    let urls = ["https://example.com/buy/1", "https://shop.example.com/buy/1", "/buy/1"]

    func decisions(_ result: ToolResult) -> [String] {
        result.lines.map { String($0.split(separator: "\t")[0]) }
    }

    @Test(arguments: ["?mode=developer", "?mode=managed", "?mode=developer+managed"])
    func matchTreatsAModeSuffixAsTheDomainWithout(_ suffix: String) throws {
        for domain in ["example.com", "*.example.com"] {
            let plain = try ToolRunner.run(["match", "--aasa", aasa, "--domain", domain] + urls)
            let moded = try ToolRunner.run(
                ["match", "--aasa", aasa, "--domain", domain + suffix] + urls)
            #expect(moded.status == 0)
            #expect(moded.stderr.isEmpty)
            #expect(decisions(moded) == decisions(plain))
            #expect(decisions(plain).contains("handled"))
        }
    }

    @Test(arguments: [
        ("example.com?mode=developer", "*.example.com?mode=managed"),
        ("example.com", "*.example.com"),
    ])
    func scanTiesFilesToDomainsWithModeSuffixes(_ root: String, _ wildcard: String) throws {
        let log = urls.joined(separator: "\n") + "\nhttps://other.test/buy/1\n"
        let result = try ToolRunner.run(
            [
                "scan", "--aasa", "\(root)=\(aasa)", "--aasa", "\(wildcard)=\(aasa)",
                "--format", "json", "-",
            ], stdin: Data(log.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(report["totals"] as? [String: Any])
        // Both hosts of the domains are handled; the other host and the hostless path have no
        // file (only DOMAIN=FILE associations were given).
        #expect(totals["handled"] as? Int == 2)
        #expect(totals["no_association"] as? Int == 2)
        let domains = (report["associations"] as? [[String: Any]] ?? []).compactMap {
            $0["domain"] as? String
        }
        #expect(domains == ["example.com", "*.example.com"])
    }

    static let malformed: [(domain: String, says: String)] = [
        ("exa mple..com/x", "' ' cannot be in a host name"),
        ("example.com?mode=production", "is not an alternate mode"),
        ("exa..mple.com", "empty label"),
        ("www.*.example.com", "a wildcard is only '*.'"),
        ("bücher.de", "xn-- (punycode)"),
    ]

    @Test(arguments: malformed)
    func matchRefusesAMalformedDomain(_ domain: String, _ says: String) throws {
        let result = try ToolRunner.run(["match", "--aasa", aasa, "--domain", domain] + urls)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--domain '\(domain)' is not a domain"), "\(result.stderr)")
        #expect(result.stderr.contains(says))
    }

    @Test(arguments: malformed)
    func scanRefusesAMalformedDomain(_ domain: String, _ says: String) throws {
        let result = try ToolRunner.run(
            ["scan", "--aasa", "\(domain)=\(aasa)", "-"], stdin: Data("/buy/1\n".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--aasa '\(domain)' is not a domain"), "\(result.stderr)")
        #expect(result.stderr.contains(says))
    }

    @Test func aasaDirSaysWhichNamesAreNotDomains() throws {
        let folder = try TemporaryFolder()
        let directory = folder.url
        let bytes = try Data(contentsOf: URL(fileURLWithPath: aasa))
        try bytes.write(to: directory.appendingPathComponent("example.com.json"))
        try bytes.write(to: directory.appendingPathComponent("not a domain.json"))
        let result = try ToolRunner.run(
            ["scan", "--aasa-dir", directory.path, "--format", "csv", "-"],
            stdin: Data("https://example.com/buy/1\n".utf8))
        #expect(result.status == 0)
        #expect(result.lines.contains("total,handled,,,,,1,0,,"))
        #expect(result.stderr.contains("skipped not a domain.json: ' ' cannot be in a host name"))
    }
}
