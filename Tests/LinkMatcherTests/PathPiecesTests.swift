import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// Patterns of literal pieces between `*`s, maybe ending with `?`s (`PathPieces`), are decided
/// by the suffix trie or, where the prefix trie reaches their prefix, by a check of the rest
/// (one by one, or by their first middle when many share the prefix). Every answer must be
/// the reference's.
struct PathPiecesTests {
    /// Which patterns have pieces, and what they are. The expectations are read off the
    /// pattern by hand (SEMANTICS.md S5.2-S5.4), not taken from the code.
    @Test func patternsSplitIntoTheirPieces() {
        func pieces(_ pattern: String) -> PathPieces? {
            PathPieces(PatternParser().parse(pattern, foldCase: false))
        }
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        let suffixOnly = pieces("*.pdf")
        #expect(suffixOnly?.suffix == bytes(".pdf") && suffixOnly?.isBareSuffix == true)
        let orgs = pieces("orgs/*/repos/*/issues/open/")
        #expect(orgs?.prefix == bytes("orgs/"))
        #expect(orgs?.middles == [bytes("/repos/")])
        #expect(orgs?.suffix == bytes("/issues/open"))
        let posts = pieces("u/*/posts/?*")
        #expect(posts?.prefix == bytes("u/") && posts?.middles == [bytes("/posts/")])
        #expect(posts?.suffix == [] && posts?.tailCount == 1 && posts?.tailIsOpen == true)
        let event = pieces("t/event-???")
        #expect(event?.prefix == bytes("t/event-") && event?.middles == [])
        #expect(event?.tailCount == 3 && event?.tailIsOpen == false)
        let middleThenAny = pieces("a/*b*")
        #expect(middleThenAny?.middles == [bytes("b")] && middleThenAny?.tailCount == 0)
        #expect(middleThenAny?.tailIsOpen == true && middleThenAny?.keptOfLastMiddle == nil)
        // The closing `/`s of a last middle before a bare `*` may vanish at the path's end:
        // `/b` of `/b//` stays.
        let gallery = pieces("a/*/b//*")
        #expect(gallery?.prefix == bytes("a/") && gallery?.middles == [bytes("/b//")])
        #expect(gallery?.keptOfLastMiddle == 2 && gallery?.isFoundByMiddle == false)
        #expect(pieces("a/*/b/?*")?.keptOfLastMiddle == nil)
        // Not pieces: a literal, `prefix*`, a `?` before the last run, `?`s after a middle
        // without a `*`, a last middle of `/`s alone (it may vanish whole, and the prefix's
        // `/` with it), a suffix of slashes only, a variable.
        for pattern in [
            "a/b", "a/*", "a/?*/b", "r/??-*", "a/*/b??", "a/*/*", "a/*//*", "a/*//",
            "$(lang)/*.pdf",
        ] {
            #expect(pieces(pattern) == nil, "\(pattern)")
        }
    }

    /// Rules sharing prefixes (more than `SuffixRules.suffixLimit` on some, so they make
    /// groups found by their first middle), suffixes (past the limit, so the prefix finds
    /// them) and `?` tails, in every view, against URLs that hold their texts once, twice, in
    /// capitals, percent-encoded and with characters of several bytes.
    struct PieceGenerator: RuleSetGenerator, RandomPicking {
        var random: SplitMix64

        static let names = [
            "posts", "likes", "media", "Saved", "café", "caf%C3%A9", "a", "ab", "x-y", "p",
            "lists", "videos", "events", "replies",
        ]

        mutating func pattern() -> String {
            let name = pick(Self.names)
            let other = pick(Self.names)
            return pick([
                "/u/*/\(name)/?*", "/u/*/\(name)/??*", "/u/*/\(name)*", "/u/*/\(name)/*/\(other)",
                "/u/*\(name)*\(other)?*", "/u/*/\(name)", "/docs/\(name)/*.pdf", "*.pdf",
                "/t/\(name)-???", "/t/\(name)-?", "/\(name)/?", "/\(name)*/?*", "/u/*",
                "/docs/*/\(name)/*.pdf", "/u/*/\(name)/*", "/u/*\(name)/*", "/u/*/\(name)//*",
                "/u/*/\(name)/*/\(other)/*",
            ])
        }

        mutating func document() -> AASADocument {
            entriesDocument(spread: 30, minimum: 4) { generator in
                Component(
                    path: generator.pattern(), exclude: generator.chance(15),
                    caseSensitive: generator.chance(30) ? false : nil,
                    percentEncoded: generator.chance(30) ? false : nil)
            }
        }

        mutating func url() -> String {
            let spellings: [String: [String]] = [
                "café": ["café", "caf%C3%A9", "CAF%C3%A9"],
                "caf%C3%A9": ["caf%C3%A9", "café", "caf%25C3%25A9"],
            ]
            var url = pick(["/u", "/u", "/docs", "/t", "/U", ""])
            for _ in 0..<Int(random.next() % 4) {
                let part = pick(
                    Self.names + ["1", "é", "%C3%A9", "%F0%9F%98%80", "abc", "a.pdf", "x.PDF"])
                var text = spellings[part].map { pick($0) } ?? part
                if chance(10) { text = text.uppercased() }
                url += pick(["/", "/", "-", ""]) + text
            }
            return "https://example.com" + url + (chance(15) ? "/" : "")
        }
    }

    @Test(arguments: [0x9_1B20_0001 as UInt64, 0x9_1B20_0002, 0x9_1B20_0003])
    func piecesAnswerAsTheReferenceDoes(seed: UInt64) {
        var generator = PieceGenerator(random: SplitMix64(seed: seed))
        let (found, summaries) = runAgainstReference(&generator, files: 200, urlsPerFile: 60)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        // The shapes this test is for did occur: rules checked after their prefix.
        #expect(summaries.contains { !$0.contains(" 0 checked") })
    }

    /// A last middle whose closing `/`s may vanish (`/u/*/media/*` takes `/u/1/media`), checked
    /// after its prefix, alone or beside rules found by their middle on the same prefix: the
    /// path holds the whole middle after the prefix and the earlier middles, or ends with what
    /// stays of it, which must not overlap them either.
    @Test func lastMiddlesThatMayVanishAnswerAsTheReferenceDoes() {
        for caseSensitive in [true, false] {
            let doc = document(
                [Component(path: "/u/*/z/*", exclude: true)]
                    + ["/u/*/media/*", "/u/*/a/*/b/*", "/u/*/x/?*", "/u/*/y/?*", "/v/*-z//*"].map {
                        Component(path: $0, caseSensitive: caseSensitive)
                    })
            let set = CompiledRuleSet(doc)
            #expect(set.strategySummary.contains("0 suffix, 6 checked, 0 glob"))
            let urls = [
                "/u/1/media", "/u/1/media/", "/u/1/media/2", "/u/media", "/u//media", "/u/1/MEDIA",
                "/u/1/media2", "/u/1/xmedia", "/u/1/a/2/b", "/u/1/a/b", "/u/a/1/b", "/u/1/b/a/2/b",
                "/u/1/a/2/b/3", "/u/1/a/2/bb", "/u/1/x", "/u/1/x/", "/u/1/x/2", "/v/1-z", "/v/-z",
                "/v/1-z/2", "/v/1-z2", "/v/1-Z", "/u/1/m%65dia", "/u/1/z", "/u/z/media",
            ]
            expectReferenceAnswers(doc, set, urls, ", caseSensitive \(caseSensitive)")
        }
    }

    /// Many rules on one prefix, told apart by their first middle: one group, whose answers
    /// are the reference's wherever the middle sits, and however often it occurs.
    @Test func manyRulesOnOnePrefixAreFoundByTheirMiddle() {
        let names = (0..<20).map { "n\($0)" }
        let doc = document(
            names.map { Component(path: "/u/*/\($0)/?*") }
                + [Component(path: "/u/*/n3x/?*", exclude: true)])
        let set = CompiledRuleSet(doc)
        #expect(set.strategySummary.hasPrefix("0 exact, 0 prefix, 0 suffix, 21 checked, 0 glob"))
        let urls = [
            "/u/1/n3/x", "/u/1/n3/", "/u/1/n3", "/u//n3/x", "/u/n3/x", "/u/1/2/n19/x",
            "/u/1/n1/n3/x",
            "/u/1/n3x/y", "/u/n3x/n3/y", "/u/1/N3/x", "/u/1/n3/é", "/u/1/n33/x", "/v/1/n3/x",
        ]
        expectReferenceAnswers(doc, set, urls)
    }

    /// A group whose first middles are whole segments (`/Seg3/`, `//`) finds them by the
    /// segment that starts at each `/` of the path: in either case where its rules fold
    /// letters, with a middle that two rules share, and beside a group whose middles end
    /// inside a segment (found by their trie).
    @Test func groupsOfWholeSegmentsAnswerAsTheReferenceDoes() {
        for caseSensitive in [true, false] {
            let segments = (0..<20).map { "/u/*/Seg\($0)/?*" } + ["/u/*//?*"]
            let doc = document(
                segments.map { Component(path: $0, caseSensitive: caseSensitive) }
                    + [Component(path: "/u/*/Seg3/?*", exclude: true, caseSensitive: caseSensitive)]
                    + (0..<20).map {
                        Component(path: "/v/*/x\($0)?*", caseSensitive: caseSensitive)
                    })
            let set = CompiledRuleSet(doc)
            #expect(set.strategySummary.contains("0 suffix, 42 checked, 0 glob"))
            let urls = [
                "/u/1/Seg3/x", "/u/1/seg3/x", "/u/1/SEG3/x", "/u/a/b/Seg11/x", "/u/Seg1/Seg2/x",
                "/u/1//x", "/u//x", "/u///", "/u/1/Seg1", "/u/1/Seg1/", "/u/1/Seg1/é",
                "/u/1/Seg20/x", "/u/1/Seg1/Seg1/x", "/u/Seg3/x", "/u/1/Seg1x/y", "/v/1/x3y",
                "/v/1/x3", "/v/1/X3y", "/v/x3/x", "/u/1/%53eg3/x",
            ]
            expectReferenceAnswers(doc, set, urls, ", caseSensitive \(caseSensitive)")
        }
    }

    /// However a rule set is made, a path meets few checks: past `PiecePlacement.chainLimit`
    /// on the suffixes or prefixes one path can reach, or past `SuffixRules.suffixLimit` on
    /// the first middles one place can begin with, rules go to the glob union. The answers
    /// stay the reference's.
    @Test func nestedSuffixesPrefixesAndMiddlesAreBounded() {
        let chain = PiecePlacement.chainLimit
        let limit = SuffixRules.suffixLimit
        let count = chain + 10
        func decidesAsTheReference(_ components: [Component], _ urls: [String]) -> String {
            let doc = document(components)
            let set = CompiledRuleSet(doc)
            expectReferenceAnswers(doc, set, urls)
            return set.strategySummary
        }
        let a = { (count: Int) in String(repeating: "a", count: count) }
        // Suffixes `b`, `ab`, `aab`, ...: a path ending with the longest ends with them all.
        let suffixes = decidesAsTheReference(
            (0..<count).map { Component(path: "/p\($0)/*m*\(a($0))b") },
            ["/p3/m\(a(3))b", "/p3/\(a(30))b", "/p\(count - 1)/m\(a(count))b", "/p2/mb"])
        #expect(suffixes.contains("\(chain) suffix, \(count - chain) checked, 0 glob"))
        // Prefixes `a/`, `a/a/`, ...: a path under the longest reaches them all.
        let prefixes = decidesAsTheReference(
            (1...count).map { Component(path: "/\(String(repeating: "a/", count: $0))*m?*") },
            ["/" + String(repeating: "a/", count: count) + "mx", "/a/a/m", "/a/a/mm"])
        #expect(prefixes.contains("\(chain) checked, \(count - chain) glob"))
        // First middles `/x`, `/xx`, ... on one prefix: one place of a path begins them all;
        // a rule with two middles is checked alone.
        let middles = decidesAsTheReference(
            (1...count).map { Component(path: "/u/*/\(String(repeating: "x", count: $0))?*") }
                + [Component(path: "/u/*/y/*/z?*")],
            ["/u/1/" + String(repeating: "x", count: count + 1), "/u/1/xx", "/u/1/y/2/zz"])
        #expect(middles.contains("\(limit + 1) checked, \(count - limit) glob"))
    }

    /// `?` counts characters, not bytes, where the rule decodes the path (S5.2): `é` written
    /// `%C3%A9` is one character there and six where the rule does not decode.
    @Test func questionMarksCountCharactersOfTheRulesView() {
        for percentEncoded in [true, false] {
            let doc = document([
                Component(path: "/id/????", percentEncoded: percentEncoded),
                Component(path: "/p/*/q/??*", percentEncoded: percentEncoded),
            ])
            let set = CompiledRuleSet(doc)
            #expect(set.strategySummary.contains("2 checked"))
            let urls = [
                "/id/abcd", "/id/abc", "/id/abcde", "/id/%C3%A9abc", "/id/%C3%A9", "/id/é",
                "/id/ab/c",
                "/id/%F0%9F%98%80abc", "/id/%C3abc", "/p/1/q/%C3%A9", "/p/1/q/é", "/p/1/q/ab",
                "/p/1/q/a", "/p/q/ab", "/p/1/q/",
            ]
            expectReferenceAnswers(doc, set, urls, ", percentEncoded \(percentEncoded)")
        }
    }
}
