import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// A pattern's last `*` that ends it and leads only to itself is a sink: once live, the
/// pattern has matched whatever follows. The lazy DFA keeps it for one step and its groups
/// aside, so that its states do not carry every pattern matched so far (`LazyDFA`).
struct SinkTests {
    /// Which positions of a one-pattern union are sinks: the last `*` alone, only when nothing
    /// else follows it and another `*` comes before it.
    @Test(arguments: [
        ("/promo/*/PDF/*", true), ("*42*", true), ("/p/**", false), ("*/x*", true),
        ("/x*", false), ("/a/*/b", false), ("/a/*.pdf", false), ("/a/?", false), ("/a", false),
    ])
    func theLastStarAloneIsASink(pattern: String, hasSink: Bool) {
        let nodes = PatternParser().parse(pattern, foldCase: false)
        // The union's arrays live in the arena.
        let arena = Arena()
        let union = GlobUnion(
            GlobUnion.groups([GlobUnion.Pattern(nodes: nodes, rule: 0)]), foldsCase: false,
            arena: arena)
        let isSink = union.sinks()
        let sinks = isSink.indices.filter { isSink[$0] }
        withExtendedLifetime(arena) {
            #expect(sinks.count == (hasSink ? 1 : 0), "\(pattern): sinks \(sinks)")
            if let sink = sinks.first { #expect(sink == union.positionCount - 1) }
        }
    }

    /// A walk that meets a sink answers with its groups however it goes on: to the end of the
    /// path, through other patterns' states, or to the dead state, and when the sink is met
    /// at the last character; as the reference does.
    @Test func sinksEndTheWalk() {
        let doc = document([
            Component(path: "/promo/*/PDF/*", caseSensitive: false),
            Component(path: "*42*", exclude: true),
            Component(path: "/a/*/b"),
            Component(path: "*7*.webp"),
            Component(path: "/users/*/settings/p*"),
            Component(path: "*"),
        ])
        let set = CompiledRuleSet(doc)
        let urls = [
            "/promo/x/PDF/Go", "/promo/x/pdf/g", "/promo/x/PDF/", "/promo/x/PDF", "/42",
            "/a/42/b", "/a/x/b", "/a/x/bb", "/7x.webp", "/77.webp", "/427.webp",
            "/users/1/settings/p", "/users/42/settings/privacy", "/users/1/settings/x",
            "/promo/4/PDF/2", "/x",
        ]
        expectReferenceAnswers(doc, set, urls)
        // A second time, through the transitions built by the first.
        expectReferenceAnswers(doc, set, urls.reversed(), " (again)")
    }

    /// Hundreds of `*NNN*` among other globs, against paths of varied digits: the cache keeps
    /// a few thousand states, where it built about one per path and gave up (each glob then
    /// ran on its own: 100 to 400 times slower on a million such paths), and the answers are
    /// the reference's.
    @Test func infixPatternsAmongOtherGlobsKeepTheCacheSmall() {
        var random = SplitMix64(seed: 42)
        func number(_ digits: Int) -> String {
            String((0..<digits).map { _ in Character(String(random.next() % 10)) })
        }
        let words = ["profile", "privacy", "security", "billing", "team"]
        var components = (0..<400).map { _ in Component(path: "*\(number(3))*") }
        for word in words {
            components.append(Component(path: "/users/*/settings/\(word)*"))
        }
        for _ in 0..<100 {
            components.append(Component(path: "/p/*-\(number(1))/*"))
        }
        let doc = document(components.shuffled(using: &random))
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        let paths = (0..<20_000).map { index -> String in
            switch index % 3 {
            case 0: "/users/\(number(8))/settings/\(words[index % words.count])"
            case 1: "/p/item-\(number(1))/\(number(6))"
            default: "/images/\(number(6)).webp"
            }
        }
        for path in paths { _ = automatonAnswer(set, path, scratch) }
        let statistics = scratch.globCacheStatistics
        #expect(statistics.fallbacks == 0)
        #expect(statistics.cacheClears == 0)
        #expect(statistics.statesBuilt < paths.count / 2, "\(statistics.statesBuilt) states")
        expectReferenceAnswers(doc, set, Array(paths.prefix(600)))
    }
}
