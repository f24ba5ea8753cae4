import Testing

@testable import AndroidLinks

/// The `PatternMatcher` cases worked by hand in docs/android-semantics.md A5, and the dynamic
/// wildcards of A7.3.
struct PatternMatcherReferenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var text: String
        var matches: Bool
        var testDescription: String {
            "\(pattern) \(matches ? "matches" : "does not match") \(text)"
        }
    }

    /// Each case on the reference and on the compiled program.
    static func check(_ kind: AndroidPattern.Kind, _ cases: [Case]) {
        for item in cases {
            let pattern = AndroidPattern(kind: kind, text: item.pattern, line: 1)
            let text = Array(item.text.utf16)
            #expect(
                AndroidPatternReference.matches(pattern, text) == item.matches,
                "\(kind): \(item.testDescription)")
            #expect(
                text.withUnsafeBufferPointer { PatternProgram(pattern).matches($0) }
                    == item.matches, "compiled \(kind): \(item.testDescription)")
        }
    }

    /// The table of A5.2, row by row, and the rules it illustrates.
    @Test(arguments: [
        Case(pattern: "/a.*b", text: "/axb", matches: true),
        Case(pattern: "/a.*b", text: "/axbxb", matches: false),
        Case(pattern: "/a.*", text: "/a", matches: true),
        Case(pattern: "/a.*", text: "/a/b/c", matches: true),
        Case(pattern: "/.*/x", text: "/a/b/x", matches: false),
        Case(pattern: "/.*/x", text: "/a/x", matches: true),
        Case(pattern: "/ab*", text: "/ab", matches: true),
        Case(pattern: "/ab*", text: "/abbb", matches: true),
        Case(pattern: "/ab*", text: "/a", matches: false),
        Case(pattern: "/ab*c", text: "/ac", matches: true),
        Case(pattern: "/a*a", text: "/aa", matches: false),
        Case(pattern: "/a\\.b", text: "/axb", matches: true),
        Case(pattern: "/a\\.b", text: "/a.b", matches: true),
        Case(pattern: "/a\\*", text: "/a*", matches: true),
        Case(pattern: "/a\\*", text: "/aa", matches: false),
        Case(pattern: "/a\\.*", text: "/a...", matches: true),
        Case(pattern: "/a\\.*", text: "/ax", matches: false),
        Case(pattern: "/a.*.html", text: "/ab.html", matches: true),
        Case(pattern: "/a.*.html", text: "/a.b.html", matches: false),
        Case(pattern: "/a.*\\.html", text: "/ab.html", matches: true),
        Case(pattern: "/a.c", text: "/abc", matches: true),
        Case(pattern: "/a.c", text: "/abbc", matches: false),
        Case(pattern: "", text: "", matches: true),
        Case(pattern: "", text: "/", matches: false),
        Case(pattern: ".*", text: "", matches: true),
        Case(pattern: "/x", text: "/X", matches: false),
    ])
    func pathPattern(_ item: Case) {
        Self.check(.simpleGlob, [item])
    }

    /// A5.3: greedy tokens, no backtracking, whole text.
    @Test(arguments: [
        Case(pattern: "/items/.*/details", text: "/items/1/details", matches: false),
        Case(pattern: "/items/[^/]+/details", text: "/items/1/details", matches: true),
        Case(pattern: "/items/[^/]+/details", text: "/items//details", matches: false),
        Case(pattern: "/[a-z]+/[0-9]{2,3}", text: "/abc/42", matches: true),
        Case(pattern: "/[a-z]+/[0-9]{2,3}", text: "/abc/123", matches: true),
        Case(pattern: "/[a-z]+/[0-9]{2,3}", text: "/abc/1234", matches: false),
        Case(pattern: "/[a-z]+/[0-9]{2,3}", text: "/abc/1", matches: false),
        Case(pattern: "/a{2}", text: "/aa", matches: true),
        Case(pattern: "/a{2}", text: "/aaa", matches: false),
        Case(pattern: "/a{2,}", text: "/aaaaa", matches: true),
        Case(pattern: "/x+y", text: "/y", matches: false),
        Case(pattern: "/x*y", text: "/y", matches: true),
        Case(pattern: "/[.]", text: "/.", matches: true),
        Case(pattern: "/[.]", text: "/x", matches: false),
        Case(pattern: "/.", text: "/x", matches: true),
        Case(pattern: "/a}b", text: "/ab", matches: true),
        Case(pattern: "/a}*", text: "/aaa", matches: true),
        Case(pattern: "/[a-]", text: "/-", matches: true),
        Case(pattern: "/[-a]", text: "/-", matches: true),
        Case(pattern: "/[z-a]", text: "/m", matches: false),
        Case(pattern: "/\\[x\\]", text: "/[x]", matches: true),
        Case(pattern: "/[\\]]", text: "/]", matches: true),
        Case(pattern: "/a*a", text: "/aa", matches: false),
    ])
    func pathAdvancedPattern(_ item: Case) {
        Self.check(.advancedGlob, [item])
    }

    /// A5.1: plain comparisons, case-sensitive, on decoded text.
    @Test func literalPrefixSuffix() {
        Self.check(
            .literal,
            [
                Case(pattern: "/buy", text: "/buy", matches: true),
                Case(pattern: "/buy", text: "/buy/", matches: false),
                Case(pattern: "/buy", text: "/BUY", matches: false),
            ])
        Self.check(
            .prefix,
            [
                Case(pattern: "/buy", text: "/buyer", matches: true),
                Case(pattern: "/buy/", text: "/buy", matches: false),
            ])
        Self.check(
            .suffix,
            [
                Case(pattern: ".pdf", text: "/docs/a.pdf", matches: true),
                Case(pattern: ".pdf", text: "/docs/a.PDF", matches: false),
                Case(pattern: "/docs/a.pdf", text: ".pdf", matches: false),
            ])
    }

    /// A2: `.` is one UTF-16 code unit, so a character outside the BMP needs two.
    @Test func dotMatchesOneCodeUnit() {
        let emoji = Array("/\u{1F600}".utf16)
        #expect(emoji.count == 3)
        #expect(!AndroidPatternReference.simpleGlobMatches(Array("/.".utf16), emoji))
        #expect(AndroidPatternReference.simpleGlobMatches(Array("/..".utf16), emoji))
    }

    /// The reference parser and the manifest's validator agree on which advanced patterns
    /// Android refuses (A5.3).
    @Test(arguments: [
        ("/[a-z]+", true), ("/a{2,3}", true), ("/a{2,}", true), ("/a}b", true), ("/[^/]*", true),
        ("*", false), ("/a**", false), ("/a{2}+", false), ("/a+*", false), ("/[]", false),
        ("/[^]", false), ("/[a-z", false), ("/a{2", false), ("/a{x}", false), ("/a{3,1}", false),
        ("/a{,2}", false), ("/a\\", false), ("/[", false), ("{2}", false), ("/{2}", true),
        ("/a{ 2}", false),
        ("/[a\\", false), ("/a\\*", true), ("/[*+.{]", true),
    ])
    func advancedSyntax(_ pattern: String, _ valid: Bool) {
        #expect((AdvancedGlob(Array(pattern.utf16)) != nil) == valid, "reference: \(pattern)")
        #expect(
            (PatternProgram.advancedGlobSteps(Array(pattern.utf16)) != nil) == valid,
            "compiled: \(pattern)")
        #expect(
            (AdvancedPatternSyntax.problem(in: pattern) == nil) == valid, "validator: \(pattern)")
    }

    /// A7.3: `*` stops at the first occurrence of the next character; `?` one; `?*` one or more;
    /// everything else literal.
    @Test(arguments: [
        Case(pattern: "*", text: "", matches: true),
        Case(pattern: "*", text: "/anything/at/all", matches: true),
        Case(pattern: "/products/*", text: "/products/", matches: true),
        Case(pattern: "/products/*", text: "/products/12/a", matches: true),
        Case(pattern: "/products/*", text: "/products", matches: false),
        Case(pattern: "/a*b", text: "/axb", matches: true),
        Case(pattern: "/a*b", text: "/axbxb", matches: false),
        Case(pattern: "/id/????", text: "/id/4815", matches: true),
        Case(pattern: "/id/????", text: "/id/481", matches: false),
        Case(pattern: "/id/?*", text: "/id/", matches: false),
        Case(pattern: "/id/?*", text: "/id/1", matches: true),
        Case(pattern: "/id/?*", text: "/id/12345", matches: true),
        Case(pattern: "/a.b", text: "/axb", matches: false),
        Case(pattern: "/a.b", text: "/a.b", matches: true),
        Case(pattern: "/*?", text: "/x", matches: true),
        Case(pattern: "/*?", text: "/", matches: false),
        Case(pattern: "app", text: "App", matches: false),
    ])
    func dynamicWildcards(_ item: Case) {
        let text = Array(item.text.utf16)
        #expect(AndroidPatternReference.dynamicMatches(item.pattern, text) == item.matches)
        #expect(
            text.withUnsafeBufferPointer { PatternProgram(wildcards: item.pattern).matches($0) }
                == item.matches, "compiled")
    }
}
