import LinkMatcher
import Testing

/// Which bytes can name a host: what a scan counts as a request and what as a malformed line.
struct HostNameTests {
    @Test(arguments: [
        "example.com", "EXAMPLE.com", "www.example.co.uk", "example.com.", "a", "xn--55qx5d.cn",
        "bücher.example", "_dmarc.example.com", "my-host-1.example", "192.168.1.10",
        "[2001:db8::1]", "[::ffff:192.0.2.1]",
        String(repeating: "a", count: 63) + ".com",
    ])
    func hostNames(host: String) {
        #expect(Self.isValid(host))
    }

    @Test(arguments: [
        "\"en.wikipedia.org", "exa mple.com", "a..b", ".example.com", "example.com..",
        "ex\\ample.com", "<b>bold.example", "example.com:8443", "a\tb", "%65xample.com", "[::1",
        "[zz::1]", "[]", ".", String(repeating: "a", count: 64) + ".com",
        String(repeating: "abcdefghi.", count: 26),
    ])
    func notHostNames(host: String) {
        #expect(!Self.isValid(host))
    }

    @Test func theEmptyHostIsNoName() {
        #expect(!Self.isValid(""))
    }

    static func isValid(_ host: String) -> Bool {
        Array(host.utf8).withUnsafeBufferPointer { HostName.isValid($0) }
    }
}
