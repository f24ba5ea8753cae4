import AASAModel
import LinkMatcher
import Testing

/// SEMANTICS.md S5: wildcards, leading and trailing slashes. Rows are (pattern, path, expected)
/// taken from the specification's tables and examples.
struct PathPatternTests {
    static let rows: [(String, String, Bool)] = [
        // S5.1 whole-component match, `*` crosses `/`.
        ("/buy/*", "/buy/42/x", true), ("/buy/*", "/buyer", false), ("/buy/*", "/bu", false),
        ("abc", "/abcd", false), ("abc", "/xabc", false), ("/a/*/c", "/a/c", false),
        ("/a/*/c", "/a/b/c", true), ("/a/*/c", "/a/b/d/c", true),
        // S5.2 `?` counts characters; escapes are three characters when encoded.
        ("/id/????", "/id/4815", true), ("/id/????", "/id/481", false),
        ("/id/????", "/id/48155", false), ("/p/???", "/p/%41", true), ("/p/?", "/p/%41", false),
        // S5.3 leading slashes.
        ("abc", "/abc", true), ("buy/*", "/buy/42", true), ("a/b", "/a/b", true),
        ("//abc", "/abc", true), ("abc/*", "/abc", true), ("*abc", "/xabc", true),
        ("/abc", "//abc", true), ("*/buy", "/buy", false),
        // S5.4 trailing slashes, every row of the table.
        ("/buy/*", "/buy", true), ("/buy/*", "/buy/", true), ("/buy/*", "/buy/42", true),
        ("/buy/*", "/buy//", true), ("/a/b/*", "/a/b", true), ("/buy*", "/buy", true),
        ("/buy", "/buy", true), ("/buy", "/buy/", true), ("/buy/", "/buy", true),
        ("/buy/", "/buy//", true), ("/a/b/", "/a/b", true), ("/", "/", true), ("/", "", true),
        ("/id/????", "/id/481", false), ("/a/?*", "/a/", false),
        // S5.4 consequences.
        ("/", "/x", false), ("*", "/", true), ("/*", "/", true), ("/?*", "/", false),
        ("/a/*/*", "/a", true), ("?*", "/x", true),
        // Pathological: stays linear and right.
        ("*a*a*a*a*a*b", "/" + String(repeating: "a", count: 200), false),
        ("*a*a*a*a*a*b", "/" + String(repeating: "a", count: 200) + "b", true),
    ]

    @Test(arguments: rows)
    func pathPattern(_ pattern: String, _ path: String, _ expected: Bool) {
        let result = pathMatches(pattern, path)
        #expect(result.automaton == expected, "automaton: \(pattern) vs \(path)")
        #expect(result.reference == expected, "reference: \(pattern) vs \(path)")
    }

    /// S5.1: with `percentEncoded` and `caseSensitive` combinations (S7, S8).
    static let flagRows: [(String, String, Bool?, Bool?, Bool)] = [
        ("/a%20b", "/a%20b", nil, nil, true), ("/a b", "/a%20b", nil, nil, false),
        ("/a/b", "/a%2Fb", nil, nil, false), ("/caf%C3%A9", "/caf%c3%a9", nil, nil, false),
        ("/café", "/caf%C3%A9", nil, nil, false),
        ("/a b", "/a%20b", nil, false, true), ("/café", "/caf%C3%A9", nil, false, true),
        ("/café/*", "/caf%C3%A9/menu", nil, false, true), ("/a/b", "/a%2Fb", nil, false, true),
        ("/a%20b", "/a%20b", nil, false, false), ("/p/?", "/p/%C3%A9", nil, false, true),
        ("/p/?", "/p/%F0%9F%98%80", nil, false, true), ("/p/??", "/p/%C3%A9", nil, false, false),
        ("/哈哈/?*", "/%E5%93%88%E5%93%88/x", nil, false, true),
        ("/SEARCH/", "/search/", false, nil, true), ("/SEARCH/", "/search/", nil, nil, false),
        ("/caf%C3%A9", "/caf%c3%a9", false, nil, true),
        ("/CAFÉ", "/caf%C3%A9", false, false, true),
        // Malformed escapes and invalid UTF-8 stay as written when decoding (S11 Q6).
        ("/a%zz", "/a%zz", nil, false, true), ("/a%C3(", "/a%C3%28", nil, false, true),
        ("/a+b", "/a+b", nil, false, true), ("/a b", "/a+b", nil, false, false),
        // Raw characters in logged URLs are encoded before matching (S3.2).
        ("/a%20b", "/a b", nil, nil, true), ("/caf%C3%A9", "/café", nil, nil, true),
        ("/café", "/café", nil, false, true), ("/café", "/café", nil, nil, false),
    ]

    @Test(arguments: flagRows)
    func flags(_ pattern: String, _ path: String, _ cs: Bool?, _ pe: Bool?, _ expected: Bool) {
        let result = pathMatches(pattern, path, caseSensitive: cs, percentEncoded: pe)
        #expect(result.automaton == expected, "automaton: \(pattern) vs \(path)")
        #expect(result.reference == expected, "reference: \(pattern) vs \(path)")
    }

    /// S6: substitution variables, predefined and custom.
    static let variableRows: [(String, String, [String: [String]], Bool?, Bool)] = [
        (
            "/$(lang)_$(region)/$(food)/", "/en_US/pizza/", ["food": ["burrito", "pizza"]], nil,
            true
        ),
        (
            "/$(lang)_$(region)/$(food)/", "/en_US/tacos/", ["food": ["burrito", "pizza"]], nil,
            false
        ),
        (
            "/$(lang)_$(region)/$(food)/", "/qq_ZZ/pizza/", ["food": ["burrito", "pizza"]], nil,
            false
        ),
        ("/$(lang)_$(region)/$(food)/", "/en_US/$(food)/", ["food": ["pizza"]], nil, false),
        ("/$(region)/", "/UK/", [:], nil, false), ("/$(region)/", "/GB/", [:], nil, true),
        ("/$(lang)_$(region)", "/en_us", [:], nil, false),
        ("/$(lang)/x", "/crk/x", [:], nil, true), ("/$(lang)/x", "/zz/x", [:], nil, false),
        ("/$(kind)/x", "/abcz/x", ["kind": ["a*z"]], nil, true),
        ("/$(kind)/x", "/abcy/x", ["kind": ["a*z"]], nil, false),
        ("/$(upper)", "/q", [:], false, true), ("/$(upper)", "/q", [:], nil, false),
        ("/$(digit)$(digit)", "/42", [:], nil, true), ("/$(digit)", "/a", [:], nil, false),
        ("/$(xdigit)", "/f", [:], nil, true), ("/$(xdigit)", "/g", [:], nil, false),
        ("/$(alnum)", "/Z", [:], nil, true), ("/$(alpha)", "/é", [:], nil, false),
        ("/$(nope)", "/x", [:], nil, false), ("/$(nope)*", "/x", [:], nil, false),
        ("/$(digit)", "/1", ["digit": ["x"]], nil, false),
        ("/$(digit)", "/x", ["digit": ["x"]], nil, true),
        ("/a$(", "/a$(", [:], nil, true), ("/$(empty)", "/", ["empty": []], nil, false),
        ("/$(v)", "/", ["v": [""]], nil, true),
        ("/$(v)b", "/ab", ["v": ["a", "ab"]], nil, true),
        ("/$(v)$(v)", "/abab", ["v": ["a", "ab", "b"]], nil, true),
    ]

    @Test(arguments: variableRows)
    func variables(
        _ pattern: String, _ path: String, _ vars: [String: [String]], _ cs: Bool?, _ expected: Bool
    ) {
        let result = pathMatches(pattern, path, caseSensitive: cs, variables: vars)
        #expect(result.automaton == expected, "automaton: \(pattern) vs \(path)")
        #expect(result.reference == expected, "reference: \(pattern) vs \(path)")
    }

    @Test func pathologicalPatternStaysFast() {
        let set = CompiledRuleSet(document([Component(path: "*a*a*a*a*a*b")]))
        let scratch = set.makeScratch()
        let url = "/" + String(repeating: "a", count: 10_000)
        #expect(automatonAnswer(set, url, scratch).hasPrefix("unmatched"))
        #expect(automatonAnswer(set, url + "b", scratch).hasPrefix("handled"))
    }
}
