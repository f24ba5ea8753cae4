import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// `BigramFilter` passes every group whose pattern matches a path (and few others), so that
/// a DFA cache that gave up checks a URL against the groups whose literals it holds only.
struct BigramFilterTests {
    /// Random patterns and paths over a few characters (`/`, which may vanish at the end, a
    /// scalar outside ASCII, a percent escape, wildcards, a variable): whenever a group's own
    /// automaton matches a path, the filter passes that group.
    @Test(arguments: [1 as UInt64, 2, 3])
    func everyMatchingGroupIsPassed(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "b", "ab", "ba", "/", "é", "%41", "*", "?", "$(digit)", "1"]
        let parser = PatternParser(customVariables: [:])
        let patterns = (0..<300).map { _ in
            let text = (0..<Int(random.next() % 7 + 1)).map { _ in
                pieces[Int(random.next() % UInt64(pieces.count))]
            }.joined()
            return parser.parse(text, foldCase: false)
        }
        let filter = BigramFilter(patterns)
        let arena = Arena()
        let matchers = patterns.map { PartMatcher($0, slashesVanishAtEnd: true, arena: arena) }
        var scratch = GlobScratch()
        defer { scratch.free() }
        let characters = ["a", "b", "/", "é", "A", "1", "%"]
        var matched = 0
        var passedWithoutMatch = 0
        for _ in 0..<1_500 {
            let path = (0..<Int(random.next() % 9)).map { _ in
                characters[Int(random.next() % UInt64(characters.count))]
            }.joined()
            let bytes = Array(path.utf8)
            bytes.withUnsafeBufferPointer { text in
                var passed = Set<Int32>()
                filter.forEachGroup(mayMatch: text) { #expect(passed.insert($0).inserted) }
                for (group, matcher) in matchers.enumerated() {
                    let matches = matcher.matches(text, scratch: &scratch)
                    if matches {
                        matched += 1
                        #expect(passed.contains(Int32(group)), "\(path) \(patterns[group])")
                    } else if passed.contains(Int32(group)) {
                        passedWithoutMatch += 1
                    }
                }
            }
        }
        withExtendedLifetime(arena) {}
        #expect(matched > 1_000, "the paths must match some patterns")
        #expect(passedWithoutMatch > 0, "and the filter may pass some that do not")
    }

    /// 900 `*NN*word*` globs, too many states for the cache: it gives up, and the paths are
    /// checked against the groups whose pairs they hold only; the answers are the reference's.
    @Test func aCacheThatGaveUpChecksFewGroupsPerPath() {
        var random = SplitMix64(seed: 7)
        let words = ["privacy", "profile", "security", "billing", "team", "bamboo"]
        var components: [Component] = []
        for number in 10..<100 {
            for word in words.shuffled(using: &random).prefix(4) {
                components.append(Component(path: "*\(number)*\(word)*"))
            }
        }
        let doc = document(components)
        let set = CompiledRuleSet(doc)
        let scratch = MatchScratch(globCacheBudget: 64 << 10)
        let paths = (0..<400).map { index in
            "/users/\(random.next() % 100_000_000)/settings/\(words[index % words.count])"
        }
        for path in paths { _ = automatonAnswer(set, path, scratch) }
        let statistics = scratch.globCacheStatistics
        #expect(statistics.fallbacks == 1, "the test is of the cache that gave up")
        // Without the filter, the groups checked read the paths 50 times over; with it, about
        // once and a half.
        let bytes = paths.reduce(0) { $0 + $1.utf8.count }
        let work = statistics.singleGlobBytes + statistics.singleGlobEdgesRead
        #expect(work < 4 * bytes, "\(work) for \(bytes) bytes of paths")
        expectReferenceAnswers(doc, set, Array(paths.prefix(150)))
    }
}
