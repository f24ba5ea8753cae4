import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// Many rules on one path that differ only in their query or fragment: those behind a rule of
/// their entry that always matches there are left out, and those that each require their own
/// fragment or whole query, literal or glob, are looked up as a group. Either way a URL on that
/// path must be decided as the reference matcher decides it, across entries whose apps overlap
/// or not.
struct SharedPathTests {
    /// Literal and `prefix*` paths (the tries), `prefix*suffix` ones (the suffix tries) and
    /// globs (the union).
    static let paths = [
        "/help/*", "/help/faq", "*", "/Help/*", "/a/*/b", "*.pdf", "/g/*/x/*", "/g/*/y/*",
    ]
    static let fragments = ["billing", "Billing", "", "?*", "*", "a b", "%41", "é", "x*"]
    static let queries = [
        "a=1", "A=1", "", "*", "a=1&b=2", "?*", "%41", "é", "a=*", "*=1", "a=?&b=*", "*b*",
        "*%41*", "*é",
    ]

    struct Generator: RandomPicking, RuleSetGenerator {
        var random: SplitMix64
        /// Per file, how often a rule is case-insensitive or reads the decoded URL: often
        /// enough in some files that groups form in those views too.
        var foldChance: UInt64 = 15
        var decodeChance: UInt64 = 10

        mutating func component() -> Component {
            var component = Component(path: pick(SharedPathTests.paths))
            switch random.next() % 6 {
            case 0: break  // decides on its path alone
            case 1: component.query = .items([QueryItemPattern(name: "utm", pattern: "*")])
            case 2, 3: component.fragment = pick(SharedPathTests.fragments)
            case 4: component.query = .whole(pick(SharedPathTests.queries))
            default:
                component.query = .whole(pick(SharedPathTests.queries))
                component.fragment = pick(SharedPathTests.fragments)
            }
            if chance(20) { component.exclude = true }
            if chance(foldChance) { component.caseSensitive = false }
            if chance(decodeChance) { component.percentEncoded = false }
            return component
        }

        mutating func document() -> AASADocument {
            foldChance = pick([0, 15, 90] as [UInt64])
            decodeChance = pick([0, 10, 90] as [UInt64])
            return entriesDocument(spread: 30, minimum: 4) { $0.component() }
        }

        mutating func url() -> String {
            var url = pick([
                "/help/x", "/help/faq", "/HELP/faq", "/help", "/a/1/b", "/other", "/d/f.pdf",
                "/F.PDF", "/g/1/x/2", "/g/1/y/2", "/G/1/X/2",
            ])
            if chance(60) {
                url +=
                    "?"
                    + pick([
                        "a=1", "A=1", "", "a=1&b=2", "utm=x&utm=y", "%41", "%C3%A9", "x=1",
                        "a=2&b=",
                        "ab", "B",
                    ])
            }
            if chance(70) {
                url += "#" + pick(["billing", "BILLING", "", "a%20b", "%41", "A", "%C3%A9", "xy"])
            }
            return url
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func sharedPathsDecideAsTheReferenceDoes(seed: UInt64) {
        var generator = Generator(random: SplitMix64(seed: seed))
        let (disagreements, summaries) = runAgainstReference(&generator)
        let leftOut = summaries.filter { $0.contains("behind an earlier rule") }.count
        let grouped = summaries.filter { $0.contains("keyed groups") }.count
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Both ways of sparing work must occur often, or the test would not test them.
        #expect(leftOut > 150)
        #expect(grouped > 50)
    }

    /// Behind `/*`, the rules of the same entry on `/*` never count; those of another entry
    /// still do (its app may open what the first one's rule excludes).
    @Test func rulesBehindAnAlwaysMatchingRuleOfTheirEntryAreLeftOut() {
        // Not groupable: each requires a different query item to be present.
        let hidden = (0..<40).map {
            Component(path: "/*", query: .items([.init(name: "k\($0)", pattern: "?*")]))
        }
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["A.a"],
                    components: [Component(path: "/*", exclude: true)] + hidden
                        + [Component(path: "/*", query: .items([.init(name: "u", pattern: "*")]))]),
                DetailsEntry(
                    ref: "details[1]", appIDs: ["B.b"],
                    components: [Component(path: "/*", fragment: "x1*"), Component(path: "/*")]),
            ]))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("; 41 behind an earlier rule"))
        let scratch = set.makeScratch()
        #expect(automatonAnswer(set, "/p#x1", scratch) == "handled\tB.b\tdetails[1].components[0]")
        #expect(automatonAnswer(set, "/p#x2", scratch) == "handled\tB.b\tdetails[1].components[1]")
    }

    /// Exact rules hide only the exact rules after them: a `prefix*` rule holds where the
    /// path goes on past the literal, where the exact rule does not.
    @Test func anExactRuleHidesOnlyExactRules() {
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["A.a"],
                    components: [
                        Component(path: "/faq"), Component(path: "/faq", fragment: "a"),
                        Component(path: "/faq*", exclude: true),
                    ])
            ]))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("; 1 behind an earlier rule"))
        let scratch = set.makeScratch()
        #expect(automatonAnswer(set, "/faq#a", scratch) == "handled\tA.a\tdetails[0].components[0]")
        #expect(automatonAnswer(set, "/faqs", scratch) == "excluded\t-\tdetails[0].components[2]")
    }

    /// Rules on one path that each require their own fragment, or their own whole query, are
    /// one group each, whether the tries, the suffix tries or the glob union hold the path: a
    /// URL meets only the rule of its text.
    @Test func aFragmentOrQueryGroupFindsTheRuleOfTheText() {
        let names = (0..<30).map { "topic\($0)" }
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["A.a"],
                    components: names.map { Component(path: "/help/*", fragment: $0) }
                        + names.map { Component(path: "/search", query: .whole("q=" + $0)) }
                        + names.map { Component(path: "*.pdf", fragment: $0) }
                        + names.map { Component(path: "/g/*/x/*", fragment: $0) })
            ]))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("keyed groups: 4 (120 rules)"))
        let scratch = set.makeScratch()
        for (index, name) in names.enumerated() {
            for (offset, url) in [
                "/help/x#\(name)", "/search?q=\(name)", "/a.pdf#\(name)", "/g/1/x/2#\(name)",
            ].enumerated() {
                let rule = set.rules[offset * names.count + index]
                #expect(automatonAnswer(set, url, scratch) == "handled\tA.a\t\(rule.ref)")
            }
        }
        #expect(automatonAnswer(set, "/help/x#topic", scratch).hasPrefix("unmatched"))
        #expect(automatonAnswer(set, "/search?q=topic1&", scratch).hasPrefix("unmatched"))
        #expect(automatonAnswer(set, "/g/1/x/2", scratch).hasPrefix("unmatched"))
    }

    /// Rules on one path that differ by a glob query or fragment are one group too, run as one
    /// automaton over the URL's query or fragment; past its size limit (a tenth of the rule
    /// set's) the group's rules are all checked, with the same answers.
    @Test(arguments: [AutomatonSize.limit, AutomatonSize(positions: 1_500, edges: 30_000)])
    func aGroupOfPatternsFindsTheRuleOfTheText(limit: AutomatonSize) {
        // Reversed, the names share no leading text that the union would build once, so that
        // their 30 query patterns exceed the smaller limit's tenth.
        let names = (10..<40).map { String("topic\($0)".reversed()) }
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["A.a"],
                    components: names.map { Component(path: "/r/*", query: .whole("*\($0)=ref*")) }
                        + names.map { Component(path: "/r/*", fragment: "\($0)-?*") })
            ]))
        let set = CompiledRuleSet(rules: ResolvedRule.resolve(document), limit: limit)
        #expect(set.budgetExceeded == nil)
        #expect(set.strategySummary.contains("keyed groups: 2 (60 rules)"))
        let scratch = set.makeScratch()
        for (index, name) in names.enumerated() {
            let query = "/r/x?a=1&\(name)=ref&b"
            #expect(automatonAnswer(set, query, scratch).hasSuffix(set.rules[index].ref))
            let fragment = "/r/x#\(name)-x"
            #expect(
                automatonAnswer(set, fragment, scratch).hasSuffix(set.rules[30 + index].ref))
        }
        #expect(automatonAnswer(set, "/r/x?ref=\(names[0])", scratch).hasPrefix("unmatched"))
        #expect(automatonAnswer(set, "/r/x#\(names[0])", scratch).hasPrefix("unmatched"))
    }
}
