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

    /// An entitlement's alternate-mode suffix selects how the file is fetched, not which hosts
    /// it serves (S9): the domain with a suffix matches exactly the hosts of the one without.
    @Test(arguments: ["?mode=developer", "?mode=managed", "?mode=developer+managed"])
    func modeSuffixIsNotPartOfTheHost(_ suffix: String) throws {
        for base in ["example.com", "*.example.com", "example.com:8443"] {
            let plain = try DomainPattern.parse(base)
            let withMode = try DomainPattern.parse(base + suffix)
            #expect(withMode == plain)
            #expect(withMode.description == base)
            for row in Self.rows {
                let host = Array(row.host.utf8)
                let port = row.port
                let defaultPort = row.https ? 443 : 80
                let expected = host.withUnsafeBufferPointer {
                    plain.matches(host: $0, port: port, defaultPort: defaultPort)
                }
                let matched = host.withUnsafeBufferPointer {
                    withMode.matches(host: $0, port: port, defaultPort: defaultPort)
                }
                #expect(matched == expected, "\(base + suffix) on \(row.host)")
            }
        }
    }

    static let malformed: [(text: String, reason: String)] = [
        ("example.com?mode=developer&x", "is not an alternate mode"),
        ("example.com?mode=Developer", "is not an alternate mode"),
        ("example.com?", "is not an alternate mode"),
        ("exa mple..com/x", "' ' cannot be in a host name"),
        ("exa..com", "empty label"),
        (".example.com", "empty label"),
        ("example.com/x", "'/' cannot be in a host name"),
        ("*", "a wildcard is only '*.'"),
        ("*.*.example.com", "a wildcard is only '*.'"),
        ("www.*.example.com", "a wildcard is only '*.'"),
        ("-example.com", "starts or ends with '-'"),
        ("example-.com", "starts or ends with '-'"),
        ("bücher.de", "xn-- (punycode) form"),
        (String(repeating: "a", count: 64) + ".com", "longer than 63"),
        (Array(repeating: "abcdefghi", count: 26).joined(separator: "."), "longer than 253"),
        ("example.com:0", "not a number from 1 to 65535"),
        ("example.com:", "not a number from 1 to 65535"),
        ("example.com:+80", "not a number from 1 to 65535"),
        ("user@example.com", "'@' cannot be in a host name"),
        ("[example.com]", "not a bracketed IPv6 address"),
        ("", "no host"),
    ]

    @Test(arguments: malformed)
    func malformedDomainsSayWhy(_ text: String, _ reason: String) {
        #expect(throws: InvalidDomain.self) { try DomainPattern.parse(text) }
        do {
            _ = try DomainPattern.parse(text)
        } catch {
            #expect(error.text == text)
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    @Test(arguments: [
        ("EXAMPLE.com", "example.com"), ("example.com.", "example.com"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"), ("my_host.example.com", "my_host.example.com"),
        ("localhost", "localhost"), ("192.168.0.1:8080", "192.168.0.1:8080"),
        ("[::1]:8443", "[::1]:8443"), ("*.xn--bcher-kva.de?mode=managed", "*.xn--bcher-kva.de"),
    ])
    func wellFormedDomainsAreKept(_ text: String, _ canonical: String) throws {
        #expect(try DomainPattern.parse(text).description == canonical)
    }
}
