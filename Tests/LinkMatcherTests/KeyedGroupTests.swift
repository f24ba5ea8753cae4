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
            var component = Component(path: pick(KeyedGroupTests.paths))
            var items = [QueryItemPattern(name: "type", pattern: pick(KeyedGroupTests.values))]
            if chance(40) {
                items.append(QueryItemPattern(name: "q", pattern: pick(["?*", "*", "1"])))
            }
            // A rule of the path that is not keyed on a literal `type`: it must keep its place.
            if chance(10) { items = [QueryItemPattern(name: "type", pattern: pick(["u*", "?*"]))] }
            if chance(5) { items = [QueryItemPattern(name: "kind", pattern: "users")] }
            component.query = .items(items)
            if chance(20) { component.exclude = true }
            if chance(15) { component.caseSensitive = false }
            if chance(10) { component.percentEncoded = false }
            return component
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
}
