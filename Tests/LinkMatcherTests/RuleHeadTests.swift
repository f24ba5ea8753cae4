import AASAModel
import Testing

@testable import LinkMatcher

/// `decide` reads a candidate's `RuleHead` first and skips the query and fragment checks of a
/// rule whose head says its path decides alone. Only a rule whose query and fragment both
/// match anything may say so: every other rule must still fail on a query or fragment it
/// rejects, and the reference matcher holds each answer.
struct RuleHeadTests {
    static let components = [
        Component(path: "/a"),
        Component(path: "/a", query: .whole("*"), fragment: "*"),
        Component(path: "/a", query: .items([QueryItemPattern(name: "x", pattern: "1")])),
        Component(path: "/a", query: .whole("x=1")),
        Component(path: "/a", fragment: "top"),
        Component(path: "/a", query: .whole("?*"), exclude: true),
    ]

    @Test func onlyRulesThatMatchAnyQueryAndFragmentDecideOnTheirPath() {
        let set = CompiledRuleSet(document(Self.components))
        let heads = Array(set.heads.buffer)
        #expect(heads.map(\.pathDecides) == [true, true, false, false, false, false])
        #expect(heads.map(\.exclude) == Self.components.map { $0.exclude ?? false })
        #expect(heads.map(\.entry) == set.rules.map { Int32($0.entryIndex) })
    }

    /// A rule whose query or fragment rejects the empty text says so in its head, and is
    /// passed over for a URL without that part; one that accepts it, or whose glob is not
    /// asked, does not (an absent query reads `""` for every item, S4.3.2). A `?` or `#`
    /// with nothing after it is a part present and empty: such URLs are checked in full.
    @Test func rulesThatFailWithoutAQueryOrFragmentSaySo() {
        let item = { (pattern: String) in
            QueryPattern.items([QueryItemPattern(name: "x", pattern: pattern)])
        }
        let components = [
            Component(path: "/a", query: item("?*")),
            Component(path: "/a", query: item("*")),
            Component(path: "/a", query: item("")),
            Component(path: "/a", query: .whole("x=1")),
            Component(path: "/a", query: .whole("x*")),
            Component(path: "/a", fragment: "top"),
            Component(path: "/a", fragment: "*"),
            Component(path: "/a", query: .whole("?*"), fragment: "?*", exclude: true),
        ]
        let doc = document(components)
        let set = CompiledRuleSet(doc)
        #expect(set.heads.buffer.map(\.failsWithout) == [1, 0, 0, 1, 0, 2, 0, 3])
        let urls = [
            "/a", "/a?", "/a#", "/a?#", "/a?x=1", "/a?x=", "/a?x", "/a#top", "/a?y=2#top",
            "/a?x=1#", "/a#?x=1",
        ]
        for count in 1...components.count {
            let doc = document(Array(components.prefix(count)))
            expectReferenceAnswers(doc, CompiledRuleSet(doc), urls, ", \(count) rules")
        }
        for component in components {
            let doc = document([component])
            expectReferenceAnswers(doc, CompiledRuleSet(doc), urls, ", \(component)")
        }
    }

    /// Each rule alone, and the four that need a query or fragment together, on URLs that
    /// their query and fragment accept and reject.
    @Test func rulesThatNeedAQueryOrFragmentStillCheckIt() {
        let urls = ["/a", "/a?x=1", "/a?x=2", "/a?y", "/a#top", "/a#bottom", "/a?x=1#top"]
        let sets = Self.components.map { [$0] } + [Array(Self.components.dropFirst(2))]
        for components in sets {
            let doc = document(components)
            let set = CompiledRuleSet(doc)
            let reference = ReferenceMatcher(doc)
            let scratch = set.makeScratch()
            for url in urls {
                let (_, report) = disagreement(set, reference, url, scratch)
                #expect(report == nil, "\(report ?? "")")
            }
        }
    }
}
