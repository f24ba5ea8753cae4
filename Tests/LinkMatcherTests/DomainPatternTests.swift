import LinkMatcher
import Testing

/// SEMANTICS.md S9: entitlement domains, wildcards, longest match, ports.
struct DomainPatternTests {
    static let rows: [(domain: String, host: String, port: Int?, https: Bool, expected: Bool)] = [
        ("example.com", "example.com", nil, true, true),
        ("example.com", "EXAMPLE.COM", nil, true, true),
        ("example.com", "example.com.", nil, true, true),
        ("example.com", "www.example.com", nil, true, false),
        ("example.com", "evil.test", nil, true, false),
        ("example.com", "notexample.com", nil, true, false),
        ("*.example.com", "example.com", nil, true, false),
        ("*.example.com", "www.example.com", nil, true, true),
        ("*.example.com", "a.b.example.com", nil, true, true),
        ("*.example.com", "wwwexample.com", nil, true, false),
        // A non-default port never matches a domain without it; the default port is no port.
        ("example.com", "example.com", 443, true, true),
        ("example.com", "example.com", 80, false, true),
        ("example.com", "example.com", 8443, true, false),
        ("example.com", "example.com", 80, true, false),
        ("example.com:8443", "example.com", 8443, true, true),
        ("example.com:8443", "example.com", nil, true, false),
    ]

    @Test(arguments: rows)
    func domainMatching(
        _ domain: String, _ host: String, _ port: Int?, _ https: Bool, _ expected: Bool
    ) throws {
        let pattern = try #require(DomainPattern(domain))
        let matched = Array(host.utf8).withUnsafeBufferPointer {
            pattern.matches(host: $0, port: port, defaultPort: https ? 443 : 80)
        }
        #expect(matched == expected)
    }

    @Test func longestEntryWins() throws {
        var table = DomainTable<String>()
        table.add(try #require(DomainPattern("*.mywebsite.com")), "all")
        table.add(try #require(DomainPattern("*.users.mywebsite.com")), "users")
        table.add(try #require(DomainPattern("mywebsite.com")), "root")
        func lookup(_ host: String) -> String? {
            Array(host.utf8).withUnsafeBufferPointer {
                table.lookup(host: $0, port: nil, defaultPort: 443)
            }
        }
        #expect(lookup("emily.users.mywebsite.com") == "users")
        #expect(lookup("www.mywebsite.com") == "all")
        #expect(lookup("mywebsite.com") == "root")
        #expect(lookup("other.com") == nil)
    }

    @Test func invalidDomainsAreRefused() {
        #expect(DomainPattern("") == nil)
        #expect(DomainPattern("*.") == nil)
        #expect(DomainPattern("example.com:http") == nil)
        #expect(DomainPattern("example.com:99999") == nil)
    }
}
