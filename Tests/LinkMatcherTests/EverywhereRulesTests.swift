import AASAModel
import Testing
import Workload

@testable import LinkMatcher

/// The rules every path reaches besides the catch-alls (path `*` or none, with a query or
/// fragment condition) are kept apart, listed per combination of absent query and fragment
/// without the rules that then fail.
struct EverywhereRulesTests {
    /// Apple's fragment opt-out, rules on a query item, and a rule whose condition an absent
    /// part meets (`""` is the empty fragment); a rule on a path is not one of them.
    @Test func eachListLeavesOutTheRulesThatTheAbsentPartsFail() {
        let set = CompiledRuleSet(
            AASADocument(
                applinks: AppLinks(details: [
                    DetailsEntry(
                        ref: "details[0]", appIDs: ["A.a"],
                        components: [
                            Component(fragment: "no_universal_links", exclude: true),
                            Component(
                                query: .items([QueryItemPattern(name: "ref", pattern: "?*")])),
                            Component(fragment: ""),
                            Component(path: "/a/*", fragment: "x"),
                            Component(
                                query: .items([QueryItemPattern(name: "ref", pattern: "?*")]),
                                fragment: "top"),
                        ])
                ])))
        func listed(_ absent: UInt8) -> [Int] {
            set.everywhere.entries(absent: absent).map { Int($0.rule) }
        }
        // Rule 0 needs a fragment, 1 a query, 2 nothing, 4 both; 3 has a path of its own.
        #expect(listed(0) == [0, 1, 2, 4])
        #expect(listed(RuleHead.queryAbsent) == [0, 2])
        #expect(listed(RuleHead.fragmentAbsent) == [1, 2])
        #expect(listed(RuleHead.queryAbsent | RuleHead.fragmentAbsent) == [2])
    }

    /// Files of few and of many such rules (read one by one or as a run), with catch-alls or
    /// without, among rules on paths: every URL, with and without a query and a fragment, is
    /// decided as the reference decides it, for the file and for each app.
    @Test(arguments: [2, 9, 40])
    func decisionsAgreeWithTheReference(everywhereCount: Int) {
        var generator = CaseGenerator(random: SplitMix64(seed: UInt64(everywhereCount)))
        var disagreements: [String] = []
        var decidedByThem = 0
        for _ in 0..<40 {
            let document = document(everywhereCount, &generator)
            let reference = ReferenceMatcher(document)
            let set = CompiledRuleSet(document)
            let scratch = set.makeScratch()
            for _ in 0..<30 {
                var url = generator.pick(["/", "/a", "/a/b", "/b/c", "/x"])
                if generator.chance(50) { url += "?" + generator.pick(["ref=1", "ref=", "q=2"]) }
                if generator.chance(50) {
                    url += "#" + generator.pick(["no_universal_links", "x"])
                }
                let found = PerAppAnswers(url, set, reference, scratch)
                if !found.agree
                    || automatonAnswer(set, url, scratch) != reference.decide(url).description
                {
                    disagreements.append("\(url): \(found)")
                }
                if found.single.rule >= 0,
                    set.rules[Int(found.single.rule)].ref.contains("everywhere")
                {
                    decidedByThem += 1
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3).joined(separator: "\n"))")
        // The rules kept apart decide a good share of the URLs.
        #expect(decidedByThem > 50)
    }

    /// `count` entries of one rule every path reaches, each for one or two of four apps, then
    /// entries of rules on paths, some ending with a catch-all.
    private func document(_ count: Int, _ generator: inout CaseGenerator) -> AASADocument {
        let apps = ["A.a", "B.b", "C.c", "D.d"]
        var entries = (0..<count).map { index in
            let rule = generator.pick([
                Component(fragment: "no_universal_links", exclude: true),
                Component(query: .items([QueryItemPattern(name: "ref", pattern: "?*")])),
                Component(path: "*", query: .whole("q=?*")),
                Component(path: "**", fragment: "x", exclude: true),
            ])
            return DetailsEntry(
                ref: "details[\(index)] everywhere",
                appIDs: (0..<Int(1 + generator.random.next() % 2)).map { _ in
                    generator.pick(apps)
                },
                components: [rule])
        }
        for index in 0..<4 {
            var components = [Component(path: generator.pick(["/a", "/a/*", "/b/*", "/x"]))]
            if generator.chance(50) { components.append(Component(path: "*")) }
            entries.insert(
                DetailsEntry(
                    ref: "details[\(count + index)]", appIDs: [generator.pick(apps)],
                    components: components),
                at: Int(generator.random.next() % UInt64(entries.count + 1)))
        }
        return AASADocument(applinks: AppLinks(details: entries))
    }
}
