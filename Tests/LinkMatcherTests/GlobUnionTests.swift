import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// Rule sets of the shape that makes a glob union work hard: hundreds of globs that share a
/// literal prefix and differ after a wildcard, suffix and extension rules, `?`, variables,
/// several rules on one path that differ only in query or fragment, both case modes and both
/// percent modes; and URLs built from the same pieces, so that many of them match.
struct GlobSetGenerator: RandomPicking {
    var random: SplitMix64

    static let prefixes = ["users", "u", "orgs", "docs", "blog", "a", "A", "é", "%41", "caf%C3%A9"]
    static let wildcards = ["*", "?", "??", "?*", "$(digit)", "$(v)", "*/x/*", "*?", "????"]
    static let names = ["settings", "profile", "x", "Settings", "amp", "edit", "é", "%C3%A9", "a"]
    static let suffixes = ["", "", ".pdf", "/amp", "/", ".JSON", "/*", "*", "/?"]
    static let ids = ["1", "42", "abc", "a/b", "é", "%C3%A9", "x", "", "ID-9", "%2F", "A"]
    static let apps = ["A.a", "B.b", "C.c"]

    mutating func flag() -> Bool? { chance(70) ? nil : chance(50) }

    mutating func pathPattern() -> String {
        switch random.next() % 6 {
        case 0: "*" + pick([".pdf", "/amp", ".json", "/edit", "é"])
        case 1: "/" + pick(Self.prefixes) + "*" + pick(Self.names)
        case 2: "/" + pick(Self.prefixes) + "/" + pick(Self.wildcards)
        default:
            "/" + pick(Self.prefixes) + "/" + pick(Self.wildcards) + "/" + pick(Self.names)
                + pick(Self.suffixes)
        }
    }

    /// One to three entries with 40 to 400 rules in all; a path is often reused by the next
    /// rule with another query or fragment.
    mutating func document() -> AASADocument {
        let entryCount = Int(1 + random.next() % 3)
        let rulesPerEntry = Int(40 + random.next() % 120)
        let entries = (0..<entryCount).map { index -> DetailsEntry in
            var components: [Component] = []
            var path = pathPattern()
            for _ in 0..<rulesPerEntry {
                if chance(70) { path = pathPattern() }
                var component = Component(path: path)
                if chance(20) {
                    component.query = .items([
                        QueryItemPattern(
                            name: pick(["q", "type", "id"]), pattern: pick(["?*", "a", "1", "*"]))
                    ])
                }
                if chance(8) { component.fragment = pick(["x*", "?", "a"]) }
                if chance(20) { component.exclude = true }
                component.caseSensitive = flag()
                component.percentEncoded = flag()
                components.append(component)
            }
            let apps = (0..<Int(1 + random.next() % 2)).map { _ in pick(Self.apps) }
            return DetailsEntry(ref: "details[\(index)]", appIDs: apps, components: components)
        }
        return AASADocument(
            applinks: AppLinks(
                details: entries, defaults: nil,
                substitutionVariables: [
                    SubstitutionVariable(name: "v", values: ["settings", "a*", "x?"])
                ]))
    }

    mutating func url() -> String {
        var url = "/" + pick(Self.prefixes)
        for _ in 0..<Int(random.next() % 3) { url += "/" + pick(Self.ids) }
        if chance(80) { url += "/" + pick(Self.names) }
        if chance(40) { url += pick([".pdf", "/amp", ".json", "/", "//", ".PDF", "/AMP"]) }
        if chance(20) { url = url.uppercased() }
        if chance(30) { url += "?" + pick(["q=1", "type=a", "id=", "q=a&type=1", "x"]) }
        if chance(10) { url += "#" + pick(["x1", "a", "X"]) }
        return url
    }
}

/// Whether the automaton and the reference give the same overall and per-app answers for every
/// URL; the first disagreements, described.
func disagreements(
    _ doc: AASADocument, _ urls: [String], scratch: MatchScratch? = nil, limit: Int = 3
) -> [String] {
    let set = CompiledRuleSet(doc)
    let reference = ReferenceMatcher(doc)
    let scratch = scratch ?? set.makeScratch()
    var found: [String] = []
    for url in urls {
        let expected = reference.decide(url).description
        let actual = automatonAnswer(set, url, scratch)
        let expectedPerApp = reference.decidePerApp(url).map { "\($0.appID) \($0.ruleRef)" }
        let actualPerApp = Array(url.utf8).withUnsafeBufferPointer { bytes in
            set.decidePerApp(bytes, scratch: scratch).map {
                "\(set.apps[Int($0.app)]) \(set.rules[Int($0.rule)].ref)"
            }
        }
        if actual != expected || Set(actualPerApp) != Set(expectedPerApp), found.count < limit {
            found.append("url \(url)\n  automaton \(actual)\n  reference \(expected)")
        }
    }
    return found
}

/// `count` paths of `length` random `a`s and `b`s: text that makes a `*a???...` DFA blow up.
func abPaths(count: Int, length: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        "/" + String((0..<length).map { _ in random.next() % 2 == 0 ? "a" : "b" })
    }
}

/// How many URLs get another overall answer from the automaton than from the reference.
func wrongAnswers(_ doc: AASADocument, _ urls: [String], _ scratch: MatchScratch) -> Int {
    let set = CompiledRuleSet(doc)
    let reference = ReferenceMatcher(doc)
    return urls.filter { automatonAnswer(set, $0, scratch) != reference.decide($0).description }
        .count
}

struct GlobUnionTests {
    /// Hundreds of globs per set: the union's lazy DFA agrees with the reference on every URL.
    @Test(arguments: [0x61_0B_0001 as UInt64, 0x61_0B_0002, 0x61_0B_0003])
    func globHeavySetsAgreeWithReference(seed: UInt64) {
        var generator = GlobSetGenerator(random: SplitMix64(seed: seed))
        var decided = 0
        var found: [String] = []
        for _ in 0..<generatedCases(12) {
            let doc = generator.document()
            let reference = ReferenceMatcher(doc)
            let urls = (0..<150).map { _ in generator.url() }
            decided +=
                urls.filter { !reference.decide($0).description.hasPrefix("unmatched") }
                .count
            found += disagreements(doc, urls)
        }
        #expect(found.isEmpty, "\(found.prefix(3).joined(separator: "\n"))")
        #expect(decided > scaledToCases(300, of: 12), "the generator must produce matching URLs")
    }

    /// A budget far too small for the DFA: the cache empties itself, then gives up and
    /// runs each glob on its own; the answers stay exact throughout.
    @Test func tinyBudgetEmptiesTheCacheThenFallsBackWithExactAnswers() {
        var generator = GlobSetGenerator(random: SplitMix64(seed: 7))
        let doc = generator.document()
        let urls = (0..<600).map { _ in generator.url() }
        let scratch = MatchScratch(globCacheBudget: 4_096)
        #expect(disagreements(doc, urls, scratch: scratch).isEmpty)
        let statistics = scratch.globCacheStatistics
        #expect(statistics.cacheClears >= 3)
        #expect(statistics.fallbacks >= 1)
    }

    /// `*a` then twenty `?`: the textbook DFA blow-up (a state per possible run of the last 21
    /// characters). Random text makes the default budget's cache give up too, and the
    /// globs run on their own keep the answers exact.
    @Test func exponentialDFAFallsBackWithinTheDefaultBudget() {
        let doc = document([Component(path: "*a" + String(repeating: "?", count: 20))])
        let texts = abPaths(count: 6_000, length: 120, seed: 99)
        let scratch = MatchScratch()
        #expect(wrongAnswers(doc, texts, scratch) == 0)
        #expect(scratch.globCacheStatistics.fallbacks == 1)
    }

    /// The same kind of rule set with the default budget builds its states once and keeps them.
    @Test func ordinarySetsStayWithinTheDefaultBudget() {
        var generator = GlobSetGenerator(random: SplitMix64(seed: 11))
        let doc = generator.document()
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        let urls = (0..<2_000).map { _ in generator.url() }
        for url in urls { _ = automatonAnswer(set, url, scratch) }
        let built = scratch.globCacheStatistics.statesBuilt
        #expect(built > 0)
        for url in urls { _ = automatonAnswer(set, url, scratch) }
        #expect(scratch.globCacheStatistics.statesBuilt == built, "the same URLs build nothing")
        #expect(scratch.globCacheStatistics.cacheClears == 0)
        #expect(scratch.globCacheStatistics.fallbacks == 0)
    }

    /// One scratch used with two rule sets in turn answers for the set it is given.
    @Test func aScratchMovesBetweenRuleSets() {
        let first = CompiledRuleSet(document([Component(path: "/users/*/settings")]))
        let second = CompiledRuleSet(document([Component(path: "/users/*/profile")]))
        let scratch = MatchScratch()
        for _ in 0..<3 {
            #expect(automatonAnswer(first, "/users/1/settings", scratch).hasPrefix("handled"))
            #expect(automatonAnswer(second, "/users/1/settings", scratch).hasPrefix("unmatched"))
            #expect(automatonAnswer(second, "/users/1/profile", scratch).hasPrefix("handled"))
        }
    }

    /// Rules that share a path and differ in query are one path of the union, and the first
    /// rule whose query also matches decides.
    @Test func rulesOnOnePathShareTheirAutomatonPath() {
        let doc = document([
            Component(
                path: "/search/*/x?", query: .items([QueryItemPattern(name: "t", pattern: "a")])),
            Component(
                path: "/search/*/x?", query: .items([QueryItemPattern(name: "t", pattern: "b")])),
            Component(path: "/search/*/x?", exclude: true),
        ])
        let set = CompiledRuleSet(doc)
        #expect(set.strategySummary.contains("(1 distinct paths, "))
        let scratch = set.makeScratch()
        #expect(automatonAnswer(set, "/search/1/xy?t=b", scratch).hasSuffix("components[1]"))
        #expect(automatonAnswer(set, "/search/1/xy?t=a", scratch).hasSuffix("components[0]"))
        #expect(automatonAnswer(set, "/search/1/xy?t=c", scratch).hasPrefix("excluded"))
    }

    /// A literal prefix, `*`, then literal text reads the suffix rules, not the union, in every
    /// view: the answers are the reference's, prefix and suffix never overlap, and trailing
    /// `/`s vanish only at the end.
    @Test func prefixStarSuffixPatternsAreReadFromThePathsEnd() {
        let components = [
            Component(path: "*.json", exclude: true),
            Component(path: "*/amp/", caseSensitive: false),
            Component(path: "**.PDF", caseSensitive: false, percentEncoded: false),
            Component(path: "*caf%C3%A9", percentEncoded: false),
            Component(path: "*é"),
            Component(path: "/Users/*/settings/Privacy", caseSensitive: false),
            Component(path: "/users/*/settings/privacy", exclude: true),
            Component(path: "/a/*/a"),
            Component(path: "/a*a"),
            Component(path: "/%41/*/b", percentEncoded: false),
            Component(path: "/docs/*/x"),
        ]
        let doc = document(components)
        let set = CompiledRuleSet(doc)
        #expect(
            set.strategySummary.hasPrefix(
                "0 exact, 0 prefix, 11 suffix, 0 checked, 0 glob, 0 inert"))
        let urls = [
            "/a.json", "/a.JSON", "/a.json/", "/x/amp", "/x/AMP", "/x/amp/", "/amp", "/x/amp/y",
            "/r.pdf", "/R.Pdf", "/%2Epdf", "/.pdf", "/pdf", "/café", "/caf%C3%A9", "/cafe",
            "/é", "/%C3%A9", "/%c3%a9", "/É", "/docs/1/x", "/docs/1/x.json", "/docs//x", "/", "",
            "/users/1/settings/privacy", "/USERS/1/Settings/PRIVACY", "/users//settings/privacy",
            "/users/settings/privacy", "/users/1/settings/privacy/", "/users/1/settings/privacy/x",
            "/a/a", "/a//a", "/a/x/a", "/aa", "/a", "/aXa", "/A/1/b", "/%41/1/b", "/a/1/b",
        ]
        expectReferenceAnswers(doc, set, urls)
    }

    /// Past `SuffixRules.suffixLimit` rules with a prefix on one suffix, those rules are found
    /// by their prefix instead (their prefixes compared one by one would be a loop over
    /// patterns); `*.pdf`, with no prefix to compare, stays. Rules that share both their
    /// prefix and their suffix past the limit, with no middle to tell them apart, go to the
    /// union.
    @Test func manyPrefixesOnOneSuffixAreFoundByTheirPrefix() {
        let limit = SuffixRules.suffixLimit
        let prefixed = (0...limit).map { Component(path: "/docs/\($0)/*.pdf") }
        let shared = (0...limit).map {
            Component(path: "/same/*\(String(repeating: "?", count: $0 + 1))")
        }
        let doc = document(prefixed + shared + [Component(path: "*.pdf", exclude: true)])
        let set = CompiledRuleSet(doc)
        #expect(
            set.strategySummary.hasPrefix(
                "0 exact, 0 prefix, 1 suffix, \(limit + 1) checked, \(limit + 1) glob, 0 inert"))
        expectReferenceAnswers(
            doc, set,
            [
                "/docs/3/a.pdf", "/docs/3/.pdf", "/docs/3.pdf", "/x.pdf", "/docs/9/a.pdf",
                "/same/ab", "/same/a.pdf", "/same",
            ])
    }

    /// A glob whose undefined variable sits between other nodes can match nothing: the union
    /// finds it and the rule is inert, as `explain` says.
    @Test func aGlobThatMatchesNothingIsInert() {
        let set = CompiledRuleSet(
            document([Component(path: "/a$(nope)b/*"), Component(path: "/x/?*/y")]))
        let url = Array("/ab/x".utf8)
        let (steps, _) = url.withUnsafeBufferPointer { set.explain($0, scratch: set.makeScratch()) }
        guard case .inert = steps[0].outcome else {
            Issue.record("expected inert, got \(steps[0].outcome)")
            return
        }
        #expect(steps[1].outcome == .failed(part: "path"))
        #expect(
            set.strategySummary.hasPrefix("0 exact, 0 prefix, 0 suffix, 0 checked, 1 glob, 1 inert")
        )
    }

    /// Hundreds of `*a*b*c*` patterns: their combined DFA is far beyond any budget, the cache
    /// gives up, and the globs checked one by one in rule order give the reference's answers,
    /// overall and per app.
    @Test func manyStarPatternsFallBackWithExactAnswers() {
        var random = SplitMix64(seed: 41)
        let letters = Array("abcdefgh")
        func starPattern() -> String {
            "*"
                + (0..<6).map { _ in String(letters[Int(random.next() % 8)]) }.joined(
                    separator: "*")
                + "*"
        }
        let entries = (0..<2).map { index in
            DetailsEntry(
                ref: "details[\(index)]", appIDs: index == 0 ? ["A.a"] : ["A.a", "B.b"],
                components: (0..<150).map { _ in
                    Component(path: starPattern(), exclude: random.next() % 5 == 0)
                })
        }
        let doc = AASADocument(applinks: AppLinks(details: entries))
        let urls = (0..<400).map { _ in
            "/"
                + String(
                    (0..<Int(8 + random.next() % 60)).map { _ in letters[Int(random.next() % 8)] })
        }
        let scratch = MatchScratch(globCacheBudget: 64 << 10)
        #expect(disagreements(doc, urls, scratch: scratch).isEmpty)
        #expect(scratch.globCacheStatistics.fallbacks >= 1)
    }

    /// Transitions hold 16-bit state ids: with a budget large enough for more states than that,
    /// the cache is emptied at 65,535 states instead, and the answers stay exact.
    @Test func stateIdsStayWithinSixteenBits() {
        let doc = document([Component(path: "*a" + String(repeating: "?", count: 17))])
        let texts = abPaths(count: 4_000, length: 48, seed: 5)
        let scratch = MatchScratch(globCacheBudget: 256 << 20)
        #expect(wrongAnswers(doc, texts, scratch) == 0)
        #expect(scratch.globCacheStatistics.statesBuilt > 65_535)
        #expect(scratch.globCacheStatistics.cacheClears >= 1)
    }
}
