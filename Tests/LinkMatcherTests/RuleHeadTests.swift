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
