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
            let scratch = set.makeScratch()
            let reference = ReferenceMatcher(doc)
            for url in bareURLs(of: doc, seed: index, rules: 200) {
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

    /// Only a set that reads of the query nothing but items of plain names is named; it may
    /// read fragments.
    @Test(arguments: [
        ([optOut, Component(path: "/a/*")], true),
        ([Component(path: "/a/*", query: .items([item("o", "?*"), item("p", "1")]))], true),
        ([optOut, Component(path: "/a/*", fragment: "top")], true),
        ([Component(path: "/a/*", fragment: "top")], true),
        ([Component(path: "/a/*")], false),
        ([optOut, Component(path: "/b", query: .whole("x=*"))], false),
        ([Component(path: "/a/*", query: .items([item("a%20b", "1")]))], false),
        ([Component(path: "/a/*", query: .items([item("a b", "1")]))], false),
        ([Component(path: "/a/*", query: .items([item("o", "*")]))], false),
    ])
    func namesSetsThatReadOnlyNamedItems(components: [Component], expected: Bool) {
        let set = CompiledRuleSet(document(components))
        #expect(set.decidesByPathUnlessItemsNamed == expected, "\(components)")
        #expect(!(set.decidesByPathUnlessItemsNamed && set.decidesByPathAlone))
    }

    /// With the opt-out rule and a fragment rule: which URLs are left to their path.
    @Test(arguments: [
        ("/a/1", true), ("/a/1?", true), ("/a/1?utm_source=x&utm_medium=y", true),
        ("/a/1?x=no_universal_links", true), ("/a/1?no_universal_links_2=1", true),
        ("/a/1?NO_UNIVERSAL_LINKS=1", true), ("/a/1?&&=", true),
        ("/a/1?no_universal_links", false), ("/a/1?a=1&no_universal_links=", false),
        ("/a/1?%6Eo_universal_links=1", false), ("/a/1?a=%41", false), ("/a/1#top", false),
        ("/a/1?utm_source=x#", false),
    ])
    func urlsWithoutTheNamedItemsAreLeftToTheirPath(url: String, expected: Bool) {
        let set = CompiledRuleSet(
            document([optOut, Component(path: "/a/*", fragment: "top"), Component(path: "/a/*")]))
        let answer = Array(url.utf8).withUnsafeBufferPointer {
            set.decidesByPathAlone($0, URLParts.split($0))
        }
        #expect(answer == expected, "\(url)")
    }

    /// Items are told from names by their first byte first: an empty name, or one that
    /// starts outside ASCII, is still found, and a name is found after items that start
    /// with no name's first byte, or with another name's.
    @Test(arguments: [
        (["ab", "x"], "/p?b=1&c&ab", false), (["ab", "x"], "/p?b=1&c&abc=1&a", true),
        (["ab", "x"], "/p?&&a=1&&", true), (["ab", "x"], "/p?a&b&x", false),
        (["", "ab"], "/p?b=1&=2", false), (["", "ab"], "/p?b=1&", false),
        (["ab"], "/p?b=1&", true), (["é", "ab"], "/p?b=1&é=2", false),
        (["é", "ab"], "/p?b=1&éé=2", true),
    ])
    func itemsAreFoundWhateverTheirNamesStartWith(names: [String], url: String, expected: Bool) {
        let matcher = QueryItemNames(names: names.map { Array($0.utf8) }, readsFragment: false)
        let answer = Array(url.utf8).withUnsafeBufferPointer {
            matcher.decidesByPathAlone($0, URLParts.split($0))
        }
        #expect(answer == expected, "\(names) \(url)")
    }

    /// Another matcher's names are covered only by a set that reads each of them, and the
    /// fragment when it does; and then, on every URL, the set's check never says "by path"
    /// where the other's does not (the scan then skips the other's).
    @Test(arguments: [
        ([optOut, Component(path: "/a/*")], ["no_universal_links"], false, true),
        ([optOut, Component(path: "/a/*")], [], false, true),
        ([optOut, Component(path: "/a/*")], ["no_universal_links", "o"], false, false),
        ([optOut, Component(path: "/a/*")], ["no_universal_links"], true, false),
        ([optOut, Component(path: "/a/*", fragment: "top")], ["no_universal_links"], true, true),
        (
            [Component(path: "/a/*", query: .items([item("o", "?*"), item("p", "1")]))],
            ["p"], false, true
        ),
        ([Component(path: "/a/*")], [], false, false),
        ([optOut, Component(path: "/b", query: .whole("x=*"))], [], false, false),
    ])
    func otherNamesAreCoveredOnlyByASetThatReadsThemAll(
        components: [Component], names: [String], readsFragment: Bool, expected: Bool
    ) {
        let set = CompiledRuleSet(document(components))
        let other = QueryItemNames(
            names: names.map { Array($0.utf8) }, readsFragment: readsFragment)
        #expect(other.areCovered(by: set) == expected, "\(components) \(names)")
        guard expected else { return }
        let queries = [
            "", "?", "?o=1", "?p=1", "?no_universal_links", "?a=1&no_universal_links=2", "#top",
            "?p#x", "?%70=1", "?q=1&o",
        ]
        for query in queries {
            let answers = Array("/a/1\(query)".utf8).withUnsafeBufferPointer {
                (
                    set.decidesByPathAlone($0, URLParts.split($0)),
                    other.decidesByPathAlone($0, URLParts.split($0))
                )
            }
            #expect(!answers.0 || answers.1, "\(components) \(names) \(query)")
        }
    }

    /// Every set that reads only named items (generated profiles as they are, and real files
    /// that do) decides each URL made from its rules exactly as that URL without query and
    /// fragment whenever `decidesByPathAlone(_:_:)` says so, overall and per app, as the
    /// reference decides the URL with tracking parameters; queries that hold the items,
    /// spelled plainly or escaped, must be told apart.
    @Test(.needsSharedData("aasa-real"))
    func setsThatReadOnlyNamedItemsAnswerAsThePathWhenTheySaySo() throws {
        var documents = RealAASAFiles.documents(in: ["", "history"])
        for profile in RuleProfile.allCases {
            documents.append(
                (
                    "generated \(profile) 300",
                    try AASADocument.parse(RuleFileGenerator.json(ruleCount: 300, profile: profile))
                ))
        }
        // An opt-out rule that decodes the query: `%6E` spells its name's `n`.
        let decodedOptOut = Component(
            query: .items([item("no_universal_links", "?*")]), exclude: true, percentEncoded: false)
        documents.append(
            (
                "decoded opt-out",
                document([
                    decodedOptOut, Component(path: "/a/*"),
                    Component(path: "/b/*/c", caseSensitive: false),
                ])
            ))
        let suffixes = [
            "", "?utm_source=news&utm_medium=email", "?no_universal_links=1", "?q=shoes",
            "?type=repos", "?", "#top", "?q=1#x", "#", "?a=%C3%A9&b", "?x=q&Q=1",
            "?%6Eo_universal_links=1", "?no_universal_links", "?page=2&q=", "#app-1",
        ]
        var (named, leftToPath, toldApart) = (0, 0, 0)
        for (index, (name, doc)) in documents.enumerated() {
            let set = CompiledRuleSet(doc)
            guard set.decidesByPathUnlessItemsNamed else { continue }
            named += 1
            let scratch = set.makeScratch()
            let reference = ReferenceMatcher(doc)
            for url in bareURLs(of: doc, seed: index, rules: 150) {
                let expected = automatonAnswer(set, url, scratch)
                let expectedPerApp = perApp(set, url, scratch)
                for suffix in suffixes {
                    let full = url + suffix
                    let byPath = Array(full.utf8).withUnsafeBufferPointer {
                        set.decidesByPathAlone($0, URLParts.split($0))
                    }
                    guard byPath else {
                        toldApart += 1
                        continue
                    }
                    leftToPath += 1
                    #expect(automatonAnswer(set, full, scratch) == expected, "\(name) \(full)")
                    #expect(perApp(set, full, scratch) == expectedPerApp, "\(name) \(full)")
                    // The reference is slow: it checks one such URL of each.
                    if suffix == suffixes[1] {
                        #expect(
                            reference.decide(full).description == expected, "\(name) \(full)")
                    }
                }
            }
        }
        #expect(named >= 5, "\(named) sets read only named items")
        #expect(leftToPath > 3_000 && toldApart > 3_000, "\(leftToPath) left, \(toldApart) not")
    }

    /// URLs made from the first `rules` rules of `doc`, without query and fragment.
    private func bareURLs(of doc: AASADocument, seed: Int, rules: Int) -> [String] {
        var generator = RuleURLGenerator(seed: seed, document: doc)
        return ResolvedRule.resolve(doc).prefix(rules).flatMap { generator.urls(for: $0) }
            .map { String($0.split(separator: "#")[0].split(separator: "?")[0]) }
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

/// Apple's opt-out rule.
private let optOut = Component(
    query: .items([QueryItemPattern(name: "no_universal_links", pattern: "?*")]), exclude: true)

private func item(_ name: String, _ pattern: String) -> QueryItemPattern {
    QueryItemPattern(name: name, pattern: pattern)
}
