import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// A path with nothing to encode or decode and no capital letter reads the same in every view,
/// so it walks one trie and one suffix set that hold every view's rules. Paths that views read
/// differently (capitals, `%` escapes, raw characters outside ASCII) still walk each view.
/// Both must give the reference's answers.
struct PlainPathTests {
    /// Rules spread over the four views that share literals, prefixes and suffixes, and URLs
    /// that spell those texts plainly, in capitals, and percent-encoded.
    struct MixedViewGenerator: RuleSetGenerator, RandomPicking {
        var random: SplitMix64

        static let words = ["go", "Go", "promo", "café", "caf%C3%A9", "users", "amp", "x", "PDF"]

        mutating func pattern() -> String {
            let word = pick(Self.words)
            let other = pick(Self.words)
            return pick([
                "/\(word)", "/\(word)/\(other)", "/\(word)/*", "*/\(word)", "/\(word)/*/\(other)",
                "/\(word)/*/\(other)/*", "*.\(other)", "/\(word)/?*",
                "/\(word)/*/\(other)/*/\(word)",
                "*\(word)*\(other)/", "/\(word)*/\(other)**\(word)", "/\(word)/?*/\(other)",
            ])
        }

        mutating func document() -> AASADocument {
            entriesDocument(spread: 8, minimum: 2) { generator in
                Component(
                    path: generator.pattern(), exclude: generator.chance(20),
                    caseSensitive: generator.chance(50) ? false : nil,
                    percentEncoded: generator.chance(40) ? false : nil)
            }
        }

        mutating func url() -> String {
            let spellings: [String: [String]] = [
                "café": ["café", "caf%C3%A9", "CAF%C3%A9", "caf%c3%a9"],
                "caf%C3%A9": ["caf%C3%A9", "café", "caf%25C3%25A9"],
            ]
            var url = ""
            for _ in 0..<Int(1 + random.next() % 4) {
                let word = pick(Self.words + ["12345", "a.pdf", "b.PDF"])
                var text = spellings[word].map { pick($0) } ?? word
                if chance(15) { text = text.uppercased() }
                url += "/" + text
            }
            return "https://example.com" + url + (chance(20) ? "/" : "")
        }
    }

    @Test(arguments: [0x9_1A10_0001 as UInt64, 0x9_1A10_0002])
    func everyViewsRulesAnswerAsTheReferenceDoes(seed: UInt64) {
        var generator = MixedViewGenerator(random: SplitMix64(seed: seed))
        let (found, summaries) = runAgainstReference(&generator, files: 300, urlsPerFile: 40)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(summaries.contains { $0.contains("glob automata") })
    }

    /// Case-insensitive and percent-decoding rules are found by a plain path, which walks the
    /// merged tries; a path in capitals or with an escape is not plain, and meets each view's
    /// rules as that view reads it.
    @Test func plainAndCapitalPathsMeetTheRulesOfTheirViews() {
        let doc = document([
            Component(path: "/go/promo", exclude: true),
            Component(path: "/Go/*", caseSensitive: false),
            Component(path: "/café/*", percentEncoded: false),
            Component(path: "*/Menu", caseSensitive: false),
            Component(path: "*/amp", exclude: true),
            Component(path: "/deals/*/today", percentEncoded: false),
        ])
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        let expected = [
            "/go/promo": "excluded\t-\tdetails[0].components[0]",
            "/GO/promo": "handled\tTEAM.app\tdetails[0].components[1]",
            "/go/other": "handled\tTEAM.app\tdetails[0].components[1]",
            "/café/x": "handled\tTEAM.app\tdetails[0].components[2]",
            "/caf%C3%A9/x": "handled\tTEAM.app\tdetails[0].components[2]",
            "/lunch/menu": "handled\tTEAM.app\tdetails[0].components[3]",
            "/lunch/MENU": "handled\tTEAM.app\tdetails[0].components[3]",
            "/lunch/amp": "excluded\t-\tdetails[0].components[4]",
            "/lunch/AMP": "unmatched\t-\t-",
            "/deals/x/today": "handled\tTEAM.app\tdetails[0].components[5]",
            "/deals/%78/today": "handled\tTEAM.app\tdetails[0].components[5]",
        ]
        let reference = ReferenceMatcher(doc)
        for (path, answer) in expected.sorted(by: { $0.key < $1.key }) {
            let url = "https://example.com" + path
            #expect(reference.decide(url).description == answer, "reference, \(path)")
            #expect(automatonAnswer(set, url, scratch) == answer, "\(path)")
        }
    }
}
