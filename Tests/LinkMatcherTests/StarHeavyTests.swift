import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// Patterns of many `*`s: their automata leave out what a later `*` makes redundant, which
/// must change no answer, and must keep the work per character of a long URL bounded whatever
/// the number of `*`s (work is counted in follow edges read, never timed).
struct StarHeavyTests {
    /// Patterns of `*`s between letters, slashes, `?` and a variable, sharing their beginnings
    /// (so that the union branches, and a pattern may end where a longer one goes on), with
    /// trailing slashes that may vanish; as paths, whole queries and fragments, long enough for
    /// the single globs past the bit-parallel form. The reference decides every URL alike.
    @Test(arguments: [0x57A8_0001 as UInt64, 0x57A8_0002, 0x57A8_0003, 0x57A8_0004])
    func starHeavyRulesAgreeWithReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "b", "a", "b", "/", "?", "$(v)", "ab", "/"]
        func pattern(stars: Int) -> String {
            var text = random.next() % 3 == 0 ? "*" : ""
            for index in 0..<stars {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
                if random.next() % 4 == 0 { text += pieces[Int(random.next() % 4)] }
                if index < stars - 1 || random.next() % 3 == 0 { text += "*" }
            }
            if random.next() % 4 == 0 { text += "/" }
            return text
        }
        func text(length: Int) -> String {
            String((0..<length).map { _ in Array("aab/b")[Int(random.next() % 5)] })
        }
        var found: [String] = []
        var handled = 0
        for _ in 0..<4 {
            var components: [Component] = []
            var previous = pattern(stars: 8)
            for _ in 0..<12 {
                let stars = Int(2 + random.next() % 40)
                // A longer pattern on top of the previous one, or a fresh one.
                let path =
                    random.next() % 3 == 0
                    ? previous + "*" + pattern(stars: 3) : pattern(stars: stars)
                previous = path
                var component = Component(path: "/" + path)
                switch random.next() % 4 {
                case 0: component.query = .whole(pattern(stars: Int(26 + random.next() % 16)))
                case 1: component.fragment = pattern(stars: Int(26 + random.next() % 16))
                default: break
                }
                if random.next() % 5 == 0 { component.exclude = true }
                component.caseSensitive = random.next() % 3 == 0 ? false : nil
                components.append(component)
            }
            let doc = document(components, variables: ["v": ["a", "b/", "ba"]])
            let set = CompiledRuleSet(doc)
            let reference = ReferenceMatcher(doc)
            let scratch = set.makeScratch()
            for _ in 0..<100 {
                var url = "/" + text(length: Int(random.next() % 160))
                if random.next() % 2 == 0 { url += "?" + text(length: Int(random.next() % 120)) }
                if random.next() % 3 == 0 { url += "#" + text(length: Int(random.next() % 120)) }
                let (expected, report) = disagreement(set, reference, url, scratch)
                if expected.hasPrefix("handled") { handled += 1 }
                if let report, found.count < 3 { found.append(report) }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(handled > 30, "the generator must produce matching URLs")
    }

    /// 12 rules of 2,500 `*`-separated letters and a 50 KB path of those letters: the DFA
    /// reads about one follow edge per character (without leaving out what the last live `*`
    /// makes redundant, a state held every `*` passed, thousands, and each new one cost as many
    /// edges). The answers are those of matching each pattern as a subsequence.
    @Test func twelvePatternsOfThousandsOfStarsCostFewEdgesPerCharacter() {
        let path = Self.letters(50_000, seed: 99)
        let patterns = (0..<12).map { Self.letters(2_500, seed: UInt64($0)) }
        let doc = document(
            patterns.map { Component(path: "/" + $0.map(String.init).joined(separator: "*")) })
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        for ending in ["a", "b", "c"] {
            let url = "/" + String(path.dropLast()) + ending
            let expected = patterns.firstIndex { Self.matches($0, url.dropFirst()) }
            let answer = automatonAnswer(set, url, scratch)
            #expect(
                answer.hasSuffix(expected.map { "components[\($0)]" } ?? "\t-"),
                "ending \(ending): \(answer)")
        }
        let edges = scratch.globCacheStatistics.edgesRead
        #expect(edges <= 16 * 3 * path.count, "\(edges) follow edges read")
    }

    /// The same with a cache budget far too small, so that the DFA gives up and each pattern
    /// runs on its own (`GlobFallback`): each reads a few follow edges per character (before,
    /// each kept every `*` it had passed live, thousands), and the answers stay exact.
    @Test func theFallbackReadsFewEdgesPerCharacterOfEachPattern() {
        let path = Self.letters(50_000, seed: 99)
        let patterns = (0..<12).map { Self.letters(2_500, seed: UInt64($0)) }
        let doc = document(
            patterns.map { Component(path: "/" + $0.map(String.init).joined(separator: "*")) })
        let set = CompiledRuleSet(doc)
        let scratch = MatchScratch(globCacheBudget: 16 << 10)
        for ending in ["a", "b", "c", "a"] {
            let url = "/" + String(path.dropLast()) + ending
            let expected = patterns.firstIndex { Self.matches($0, url.dropFirst()) }
            let answer = automatonAnswer(set, url, scratch)
            #expect(
                answer.hasSuffix(expected.map { "components[\($0)]" } ?? "\t-"),
                "ending \(ending): \(answer)")
        }
        let statistics = scratch.globCacheStatistics
        #expect(statistics.fallbacks == 1, "the test is of the fallback")
        let work = statistics.edgesRead + statistics.singleGlobEdgesRead
        #expect(
            work <= 16 * patterns.count * 4 * path.count,
            "\(statistics.edgesRead) + \(statistics.singleGlobEdgesRead) edges read")
    }

    /// The same patterns as whole-query patterns: the query patterns' DFA finds the rules that
    /// match, and each is checked on its own with as few live states: edges read per
    /// character stay a few (about two), and the first matching rule decides.
    @Test func queryPatternsOfThousandsOfStarsCostFewEdgesPerCharacter() {
        let query = Self.letters(50_000, seed: 99)
        let patterns = (0..<12).map { Self.letters(2_500, seed: UInt64($0)) }
        let doc = document(
            patterns.map {
                Component(path: "/q", query: .whole($0.map(String.init).joined(separator: "*")))
            })
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        for ending in ["a", "b", "c"] {
            let text = String(query.dropLast()) + ending
            let expected = patterns.firstIndex { Self.matches($0, Substring(text)) }
            let answer = automatonAnswer(set, "/q?" + text, scratch)
            #expect(answer.hasSuffix(expected.map { "components[\($0)]" } ?? "\t-"), "\(answer)")
        }
        let statistics = scratch.globCacheStatistics
        let perCharacter =
            Double(statistics.edgesRead + statistics.singleGlobEdgesRead) / Double(3 * query.count)
        #expect(perCharacter <= 16, "\(perCharacter) follow edges read per character")
    }

    /// A single glob (`GlobProgram`) of 2,500 `*`s keeps a few live states: the follow edges
    /// it reads over a 50 KB text are a small multiple of the text's length (about two per
    /// character).
    @Test func aSingleGlobOfThousandsOfStarsKeepsFewLiveStates() {
        let pattern = Self.letters(2_500, seed: 5)
        let nodes = PatternParser().parse(
            pattern.map(String.init).joined(separator: "*"), foldCase: false)
        let arena = Arena()
        let program = GlobProgram(nodes, slashesVanishAtEnd: false, arena: arena)
        #expect(program.small == nil, "the test is of the list-based run")
        var scratch = GlobScratch()
        defer {
            scratch.free()
            withExtendedLifetime(arena) {}
        }
        let text = Self.letters(50_000, seed: 6)
        for ending in ["a", "b"] {
            let full = String(text.dropLast()) + ending
            let matched = Array(full.utf8).withUnsafeBufferPointer {
                program.matches($0, scratch: &scratch)
            }
            #expect(matched == Self.matches(pattern, Substring(full)))
        }
        #expect(scratch.edgesRead <= 16 * 2 * text.count, "\(scratch.edgesRead) edges read")
    }

    /// `count` random `a`s and `b`s.
    static func letters(_ count: Int, seed: UInt64) -> [Character] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in random.next() % 2 == 0 ? "a" : "b" }
    }

    /// Whether `letters` joined by `*`s matches all of `text`: the first and last letters at
    /// its ends, the others in order between them (found greedily, as a subsequence).
    static func matches(_ letters: [Character], _ text: Substring) -> Bool {
        guard let first = letters.first, let last = letters.last, text.count >= 2,
            text.first == first, text.last == last
        else { return false }
        var next = 1
        for character in text.dropFirst().dropLast() where next < letters.count - 1 {
            if character == letters[next] { next += 1 }
        }
        return next >= letters.count - 1
    }
}
