import AASAModel
import CoverageStats
import LinkMatcher
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
}
