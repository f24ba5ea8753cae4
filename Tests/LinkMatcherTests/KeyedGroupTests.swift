import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// Rules that share a path and differ in the literal value they require of one query item
/// (`/search` with `{"type": "users"}`, `{"type": "repos"}`, ...) are looked up as a group.
/// Generated files put many such rules, and rules that interleave with them, on a few paths;
/// URLs give the item no value, one, the same one twice, two different ones, escaped and in
/// either case. The automaton must agree with the reference matcher on every URL.
struct KeyedGroupTests {
    static let paths = ["/search", "/s/*", "/S", "/café", "*"]
    static let values = ["users", "Users", "repos", "", "é", "%41", "a b", "A", "42"]
    static let urlValues = [
        "users", "Users", "USERS", "repos", "", "%C3%A9", "é", "%41", "A", "a", "a%20b", "a+b",
        "42", "nope",
    ]

    struct Generator: RandomPicking, RuleSetGenerator {
        var random: SplitMix64

        mutating func component() -> Component {
            keyedComponent { generator in
                var items = [
                    QueryItemPattern(name: "type", pattern: generator.pick(KeyedGroupTests.values))
                ]
                if generator.chance(40) {
                    items.append(
                        QueryItemPattern(name: "q", pattern: generator.pick(["?*", "*", "1"])))
                }
                // A rule of the path not keyed on a literal `type`: it must keep its place.
                if generator.chance(10) {
                    items = [QueryItemPattern(name: "type", pattern: generator.pick(["u*", "?*"]))]
                }
                if generator.chance(5) {
                    items = [QueryItemPattern(name: "kind", pattern: "users")]
                }
                return items
            }
        }

        mutating func document() -> AASADocument {
            entriesDocument(spread: 20, minimum: 6) { $0.component() }
        }

        mutating func url() -> String {
            var url = pick([
                "/search", "/search/", "/SEARCH", "/s/x", "/s/", "/S", "/s", "/caf%C3%A9",
            ])
            let items = (0..<Int(random.next() % 4)).map { _ in
                chance(70)
                    ? "type=" + pick(KeyedGroupTests.urlValues)
                    : pick(["q=1", "q=", "type", "kind=users", "Type=users"])
            }
            if chance(85) { url += "?" + items.joined(separator: "&") }
            return url
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func groupedRulesDecideAsTheReferenceDoes(seed: UInt64) {
        var generator = Generator(random: SplitMix64(seed: seed))
        let (disagreements, summaries) = runAgainstReference(&generator)
        let grouped = summaries.filter { $0.contains("keyed groups") }.count
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Most files must form groups, or the test would not test them.
        #expect(grouped > 200)
    }

    /// Rules keyed on glob patterns of one item (`{"q": "1*"}`, `{"q": "*s"}`), some also on a
    /// literal of another, beside rules of wildcards alone; URLs give the item no value, one,
    /// or several, equal or not, escaped and in either case.
    struct PatternGenerator: RandomPicking, RuleSetGenerator {
        var random: SplitMix64

        static let patterns = [
            "1*", "12*", "2*", "*1", "?2*", "a*", "A*", "%41*", "é*", "*b*", "1?3", "u*s", "",
        ]
        static let values = [
            "1", "12", "123", "21", "a", "A", "%41", "%C3%A9x", "éa", "abc", "u-s", "us", "",
            "1%203", "113",
        ]

        mutating func component() -> Component {
            keyedComponent { generator in
                var items = [QueryItemPattern(name: "q", pattern: generator.pick(Self.patterns))]
                if generator.chance(50) {
                    items.append(
                        QueryItemPattern(name: "type", pattern: generator.pick(["users", "repos"])))
                }
                if generator.chance(10) {
                    items = [QueryItemPattern(name: "q", pattern: generator.pick(["?*", "*"]))]
                }
                return items
            }
        }

        mutating func document() -> AASADocument {
            entriesDocument(spread: 30, minimum: 8) { $0.component() }
        }

        mutating func url() -> String {
            var url = pick(["/search", "/SEARCH", "/s/x", "/S", "/caf%C3%A9"])
            let items = (0..<Int(random.next() % 4)).map { _ in
                chance(75) ? "q=" + pick(Self.values) : pick(["type=users", "type=repos", "q"])
            }
            if chance(90) { url += "?" + items.joined(separator: "&") }
            return url
        }
    }

    @Test(arguments: [4 as UInt64, 5, 6])
    func patternGroupedRulesDecideAsTheReferenceDoes(seed: UInt64) {
        var generator = PatternGenerator(random: SplitMix64(seed: seed))
        let (disagreements, summaries) = runAgainstReference(&generator)
        let grouped = summaries.filter { $0.contains("by pattern") }.count
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(grouped > 150)
    }

    /// Rules of one path keyed on glob patterns of an item compile to one group, run as one
    /// automaton, even when each also requires a literal of another item: the patterns tell
    /// the rules apart better than that item's two values. A URL meets the rules whose pattern
    /// takes its value, and every occurrence of the item must still match.
    @Test func aGroupOfPatternsFindsTheRulesThatTakeTheValue() {
        let prefixes = (10..<60).map(String.init)
        let types = prefixes.indices.map { $0.isMultiple(of: 2) ? "users" : "repos" }
        let components = prefixes.indices.map {
            Component(
                path: "/search",
                query: .items([
                    QueryItemPattern(name: "type", pattern: types[$0]),
                    QueryItemPattern(name: "q", pattern: prefixes[$0] + "*"),
                ]))
        }
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(ref: "details[0]", appIDs: ["A.a"], components: components)
            ]))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("keyed groups: 1 (50 rules), 1 by pattern"))
        let scratch = set.makeScratch()
        for (index, prefix) in prefixes.enumerated() {
            let url = "/search?q=\(prefix)7&type=\(types[index])"
            #expect(automatonAnswer(set, url, scratch) == "handled\tA.a\t\(set.rules[index].ref)")
            #expect(
                automatonAnswer(set, "/search?q=\(prefix)7&type=none", scratch).hasPrefix(
                    "unmatched"))
        }
        #expect(
            automatonAnswer(set, "/search?q=107&q=117&type=users", scratch).hasPrefix("unmatched"))
        #expect(
            automatonAnswer(set, "/search?q=107&q=10&type=users", scratch).hasSuffix(
                set.rules[0].ref))
        #expect(automatonAnswer(set, "/search?type=users", scratch).hasPrefix("unmatched"))
    }

    /// A path shared by many rules keyed on one item compiles to one group, and a URL meets only
    /// the rule that requires its value.
    @Test func aGroupFindsTheRuleOfTheValue() {
        let types = (0..<50).map { "type\($0)" }
        let components = types.map {
            Component(path: "/search", query: .items([QueryItemPattern(name: "type", pattern: $0)]))
        }
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(ref: "details[0]", appIDs: ["A.a"], components: components)
            ]))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("keyed groups: 1 (50 rules)"))
        let scratch = set.makeScratch()
        for (index, type) in types.enumerated() {
            let answer = automatonAnswer(set, "/search?type=\(type)", scratch)
            #expect(answer == "handled\tA.a\t\(set.rules[index].ref)")
        }
        #expect(
            automatonAnswer(set, "/search?type=type1&type=type2", scratch).hasPrefix("unmatched"))
        #expect(
            automatonAnswer(set, "/search?type=type3&type=type3", scratch).hasSuffix(
                set.rules[3].ref))
        #expect(automatonAnswer(set, "/search", scratch).hasPrefix("unmatched"))
    }

    /// Apple's fragment opt-out `{"#": "no_universal_links", "exclude": true}` in every entry
    /// of a file makes a group keyed on the fragment that needs one: a URL without a fragment
    /// (every logged URL) passes over it. When one entry opts out on the empty fragment
    /// instead (which an absent fragment is, S3.1), the group no longer needs a fragment, and
    /// that entry's app is opted out of a URL without one. Every app's own answer counts.
    @Test(arguments: [false, true])
    func aGroupPassedOverWithoutItsPartStillAnswersForTheEmptyText(emptyTextFirst: Bool) {
        let entries = (0..<6).map { index in
            DetailsEntry(
                ref: "details[\(index)]", appIDs: ["T.app\(index)"],
                components: [
                    Component(
                        fragment: index == 0 && emptyTextFirst ? "" : "no_universal_links",
                        exclude: true),
                    Component(path: "/*"),
                ])
        }
        let document = AASADocument(applinks: AppLinks(details: entries))
        let set = CompiledRuleSet(document)
        #expect(set.strategySummary.contains("keyed groups: 1 (6 rules)"))
        let scratch = set.makeScratch()
        func answers(_ url: String) -> [String] {
            Array(url.utf8).withUnsafeBufferPointer { bytes in
                set.decidePerApp(bytes, scratch: scratch).map {
                    "\(set.apps[Int($0.app)]) \($0.kind.name) \(set.rules[Int($0.rule)].ref)"
                }
            }
        }
        let opens = (0..<6).map { "T.app\($0) handled details[\($0)].components[1]" }
        let optsOut = (0..<6).map { "T.app\($0) excluded details[\($0)].components[0]" }
        let first = emptyTextFirst ? [opens[0]] : [optsOut[0]]
        #expect(answers("/x#no_universal_links") == first + optsOut.dropFirst())
        let withoutFragment = emptyTextFirst ? [optsOut[0]] + opens.dropFirst() : opens
        #expect(answers("/x") == withoutFragment)
        #expect(answers("/x?no_universal_links=1") == withoutFragment)
        expectReferenceAnswers(
            document, set, ["/x", "/x#no_universal_links", "/x#", "/x?q=1", "/x?q=1#other"])
    }
}

extension RandomPicking {
    /// A rule on one of the tests' paths with the query items `items` picks, excluding now and
    /// then, and now and then case-insensitive or percent-decoded.
    mutating func keyedComponent(_ items: (inout Self) -> [QueryItemPattern]) -> Component {
        var component = Component(path: pick(KeyedGroupTests.paths))
        component.query = .items(items(&self))
        if chance(20) { component.exclude = true }
        if chance(15) { component.caseSensitive = false }
        if chance(10) { component.percentEncoded = false }
        return component
    }
}
