import AASAModel
import CoverageStats
import LinkMatcher
import TestSupport
import Testing

@testable import ScanEngine

struct AssociationsTests {
    static func rules(_ pattern: String) -> CompiledRuleSet {
        CompiledRuleSet(
            AASADocument(
                applinks: AppLinks(details: [
                    DetailsEntry(
                        ref: "details[0]", appIDs: ["ABCDE12345.app"],
                        components: [Component(path: pattern)])
                ])))
    }

    @Test func domainsThenFallback() throws {
        var associations = Associations()
        associations.add(
            domain: DomainPattern("example.com"), path: "a.json", rules: Self.rules("/a"))
        associations.add(
            domain: DomainPattern("*.example.com"), path: "b.json", rules: Self.rules("/b"))
        func file(_ host: String) -> Int? {
            Array(host.utf8).withUnsafeBufferPointer {
                associations.file(host: $0, port: nil, defaultPort: 443)
            }
        }
        #expect(file("example.com") == 0)
        #expect(file("shop.example.com") == 1)
        #expect(file("other.org") == nil)
        #expect(file("") == nil)
        associations.add(domain: nil, path: "c.json", rules: Self.rules("/c"))
        #expect(file("other.org") == 2)
        #expect(file("") == 2)
        #expect(associations.ruleCount == 3)
        #expect(associations.files.map(\.ruleOffset) == [0, 1, 2])
    }

    /// Requests without a host (origin-form targets in a combined log) go to the file without
    /// a domain, else to no file; an absolute target names its own host. Host-less requests
    /// share one place, worked out once: it must be the one each would get.
    @Test(arguments: [false, true])
    func requestsWithoutAHostGoToTheFileWithoutADomain(withFallback: Bool) throws {
        var associations = Associations()
        associations.add(
            domain: DomainPattern("example.com"), path: "a.json", rules: Self.rules("/a"))
        associations.add(
            domain: DomainPattern("*.example.com"), path: "b.json", rules: Self.rules("/b"))
        if withFallback { associations.add(domain: nil, path: "c.json", rules: Self.rules("/c")) }
        let targets = [
            "/a", "/b", "/c", "/c?x=1", "https://example.com/a", "https://x.example.com/b",
        ]
        let log = targets.map {
            "203.0.113.9 - - [01/May/2024:00:00:01 +0000] \"GET \($0) HTTP/1.1\" 200 1 \"-\" \"t\"\n"
        }.joined()
        let folder = try TemporaryFolder()
        var configuration = ScanConfiguration()
        configuration.inputs = [try folder.write("access.log", Array(log.utf8))]
        let totals = LogScan.run(configuration, associations: associations).summary.totals
        #expect(totals.requests == 6)
        // The absolute targets: each handled by its host's file.
        #expect(totals.handled == (withFallback ? 4 : 2))
        #expect(totals.noAssociation == (withFallback ? 0 : 4))
        #expect(totals.unmatched == (withFallback ? 2 : 4))
    }
}
