import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// `CompiledRuleSet.decidesByPathAlone`: a scan remembers such a set's decisions by the path
/// alone, so a set it names wrongly would give `/p?a` the answer of `/p?b`.
struct PathAloneTests {
    /// Only a set none of whose rules looks at the query or the fragment is named.
    @Test(arguments: [
        ([Component(path: "/a/*"), Component(path: "/b", exclude: true)], true),
        ([Component(path: "/a/*", query: .whole("*"), fragment: "*")], true),
        ([Component(path: "/a/*"), Component(path: "/b", query: .whole("x=*"))], false),
        (
            [
                Component(path: "/a/*"),
                Component(query: .items([QueryItemPattern(name: "o", pattern: "?*")])),
            ], false
        ),
        ([Component(path: "/a/*"), Component(path: "/b", fragment: "top")], false),
    ])
    func namesOnlySetsThatNeverReadQueryOrFragment(components: [Component], expected: Bool) {
        let set = CompiledRuleSet(document(components))
        #expect(set.decidesByPathAlone == expected, "\(components)")
    }

    /// Every real file so named decides each URL made from its rules, and each near miss, as
    /// it decides that URL with other queries and fragments, overall and per app; and the
    /// reference agrees with the answer for the bare URL. Files that are not so named must
    /// exist too, or the question was never asked.
    @Test(.needsSharedData("aasa-real"))
    func realFilesSoNamedAnswerEveryQueryAlike() {
        let documents = RealAASAFiles.documents(in: ["", "history"])
        let suffixes = [
            "?utm_source=news&utm_medium=email", "?no_universal_links=1", "?", "#top", "?q=1#x",
            "#", "?a=%C3%A9&b",
        ]
        var (named, notNamed, checked) = (0, 0, 0)
        for (index, (name, doc)) in documents.enumerated() {
            let set = CompiledRuleSet(doc)
            guard set.decidesByPathAlone else {
                notNamed += 1
                continue
            }
            named += 1
            var generator = RuleURLGenerator(
                random: SplitMix64(seed: UInt64(index)), variables: [:])
            let scratch = set.makeScratch()
            let reference = ReferenceMatcher(doc)
            let bare = ResolvedRule.resolve(doc).prefix(200).flatMap { generator.urls(for: $0) }
                .map { $0.split(separator: "#")[0].split(separator: "?")[0] }.map(String.init)
            for url in bare {
                let expected = automatonAnswer(set, url, scratch)
                let expectedPerApp = perApp(set, url, scratch)
                for suffix in suffixes {
                    checked += 1
                    #expect(
                        automatonAnswer(set, url + suffix, scratch) == expected,
                        "\(name) \(url)\(suffix)")
                    #expect(
                        perApp(set, url + suffix, scratch) == expectedPerApp,
                        "\(name) \(url)\(suffix)")
                    #expect(
                        reference.decide(url + suffix).description == expected,
                        "\(name) \(url)\(suffix)")
                }
            }
        }
        #expect(named > 50 && notNamed > 5, "\(named) named, \(notNamed) not")
        #expect(checked > 3_000)
    }

    private func perApp(_ set: CompiledRuleSet, _ url: String, _ scratch: MatchScratch) -> [String]
    {
        Array(url.utf8).withUnsafeBufferPointer { bytes in
            set.decidePerApp(bytes, scratch: scratch).map {
                "\(set.apps[Int($0.app)]) \($0.kind) \(set.rules[Int($0.rule)].ref)"
            }
        }
    }
}
