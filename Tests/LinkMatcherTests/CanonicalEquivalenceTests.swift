import AASAModel
import LinkMatcher
import Testing

/// Texts that Swift's `String` compares as equal (canonically equivalent) but that are other
/// scalars, so they match other URLs: the Kelvin sign `K` (U+212A) and `K`, `é` precomposed
/// and as `e` with a combining accent. Rules that differ only so must each keep their own
/// matcher: a cache keyed by `String` once gave the `K` fragment rule the Kelvin rule's.
struct CanonicalEquivalenceTests {
    private static let pairs: [(String, String)] = [
        ("\u{212A}", "K"), ("\u{E9}", "e\u{301}"), ("\u{2126}", "\u{3A9}"),
    ]

    @Test(arguments: [false, true])
    func rulesThatDifferOnlyByEquivalentTextsDecideApart(percentEncoded: Bool) {
        var handled = 0
        for (first, second) in Self.pairs {
            let components = [
                Component(path: "/p/" + first, percentEncoded: percentEncoded),
                Component(path: "/p/" + second, percentEncoded: percentEncoded),
                Component(path: "/q", query: .whole(first), percentEncoded: percentEncoded),
                Component(path: "/q", query: .whole(second), percentEncoded: percentEncoded),
                Component(
                    path: "/i", query: .items([QueryItemPattern(name: "k", pattern: first)]),
                    percentEncoded: percentEncoded),
                Component(
                    path: "/i", query: .items([QueryItemPattern(name: "k", pattern: second)]),
                    percentEncoded: percentEncoded),
                Component(path: "/f", fragment: first, percentEncoded: percentEncoded),
                Component(path: "/f", fragment: second, percentEncoded: percentEncoded),
            ]
            let document = AASADocument(
                applinks: AppLinks(details: [
                    DetailsEntry(ref: "details[0]", appIDs: ["T.a"], components: components)
                ]))
            let set = CompiledRuleSet(document)
            let reference = ReferenceMatcher(document)
            let scratch = set.makeScratch()
            for text in [first, second] {
                let encoded = text.addingPercentEncodingForTest()
                for url in [
                    "https://a.example/p/\(encoded)", "https://a.example/p/\(text)",
                    "https://a.example/q?\(encoded)", "https://a.example/i?k=\(encoded)",
                    "https://a.example/f#\(encoded)", "https://a.example/f#\(text)",
                ] {
                    let (expected, report) = disagreement(set, reference, url, scratch)
                    #expect(report == nil, "\(report ?? "")")
                    if expected.hasPrefix("handled") { handled += 1 }
                }
            }
        }
        // Rules match, so the check is not vacuous. (An undecoded view holds no text outside
        // ASCII: there only the ASCII side of a pair matches.)
        #expect(handled >= (percentEncoded ? 4 : 24))
    }
}

extension String {
    /// Every byte outside unreserved ASCII as `%XX`.
    fileprivate func addingPercentEncodingForTest() -> String {
        var text = ""
        for byte in utf8 {
            if byte < 0x80, byte > 0x20, byte != UInt8(ascii: "%") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }
}
