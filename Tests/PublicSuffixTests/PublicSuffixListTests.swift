import PublicSuffix
import Testing

/// Sites by the built-in list: the cases the list's own algorithm is defined by, from both of
/// its sections.
@Suite struct PublicSuffixListTests {
    @Test(arguments: [
        ("www.example.co.uk", "example.co.uk"),
        ("m.example.co.uk", "example.co.uk"),
        ("example.co.uk", "example.co.uk"),
        ("en.wikipedia.org", "wikipedia.org"),
        ("tools.ietf.org", "ietf.org"),
        // github.io is in the private section: each user's pages are a site of their own.
        ("alice.github.io", "alice.github.io"),
        ("bob.github.io", "bob.github.io"),
        ("www.alice.github.io", "alice.github.io"),
        // A public suffix alone is its own site.
        ("github.io", "github.io"),
        ("co.uk", "co.uk"),
        // Wildcard `*.ck` and its exception `!www.ck`.
        ("a.b.ck", "a.b.ck"),
        ("x.a.b.ck", "a.b.ck"),
        ("www.ck", "www.ck"),
        ("x.www.ck", "www.ck"),
        // Case, a final dot and a port do not change the site.
        ("WWW.Example.COM.", "example.com"),
        ("shop.example.com:8443", "example.com"),
        // A name no rule knows: its last label is the suffix.
        ("a.b.example.unknowntld", "example.unknowntld"),
        ("localhost", "localhost"),
        // Addresses are their own sites.
        ("192.168.1.10", "192.168.1.10"),
        ("[2001:db8::1]:8443", "[2001:db8::1]"),
        // An internationalised suffix, as the list spells it and as punycode.
        ("www.example.公司.cn", "example.公司.cn"),
        ("www.example.xn--55qx5d.cn", "example.xn--55qx5d.cn"),
    ])
    func siteOfHost(host: String, site: String) {
        #expect(PublicSuffixList.standard.site(of: host) == site)
    }

    @Test func listFromTextFollowsItsOwnRules() {
        let list = PublicSuffixList(rules: "// comment\nuk\nco.uk\n*.sch.uk\n!www.sch.uk\n")
        #expect(list.site(of: "a.b.school.sch.uk") == "b.school.sch.uk")
        #expect(list.site(of: "a.www.sch.uk") == "www.sch.uk")
        #expect(list.site(of: "a.b.co.uk") == "b.co.uk")
    }

    @Test func builtInListSaysWhichVersion() {
        #expect(!PublicSuffixList.version.isEmpty)
        #expect(PublicSuffixList.version.allSatisfy { $0.isNumber || ".-+~".contains($0) })
    }
}
