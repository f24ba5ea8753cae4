import AASAModel
import TestSupport
import Testing
import Workload

@testable import LinkMatcher

/// DFA states that every character but a few ASCII bytes leads back to (the `*` of
/// `*/terms/*` while no `/` comes) are walked by skipping to the next of those bytes. The
/// answers must be those of a walk that reads every character: checked against the reference
/// on long segments with letters, scalars outside ASCII, percent-encoded and invalid bytes.
struct SkippingStatesTests {
    /// Segments long enough that skipping matters, made of what a path may hold.
    struct SegmentPicker: RandomPicking {
        var random: SplitMix64

        static let pieces = [
            "abc", "XYZ", "42", "é", "%C3%A9", "%FF", "%2F", "-", "_", ".", "terms", "Terms",
            "edit", "x", "ü", "%",
        ]

        mutating func segment() -> String {
            (0..<Int(1 + random.next() % 12)).map { _ in pick(Self.pieces) }.joined()
        }

        mutating func url() -> String {
            var url = ""
            for _ in 0..<Int(1 + random.next() % 6) { url += "/" + segment() }
            if chance(20) { url += pick(["/terms/", "/edit", ".pdf", "/x"]) }
            if chance(20) { url += "?" + segment() }
            return url
        }
    }

    static let leadingStars = [
        Component(path: "*/terms/*"),
        Component(path: "*/Terms/*", caseSensitive: false),
        Component(path: "/*/?*.pdf", percentEncoded: false),
        Component(path: "*é/x*"),
        Component(path: "/*/edit", caseSensitive: false, percentEncoded: false),
        Component(path: "*/ü*", exclude: true),
        Component(path: "*.PDF*", caseSensitive: false),
    ]

    @Test(arguments: [0x5C1B_0001 as UInt64, 0x5C1B_0002])
    func leadingStarGlobsSkipAndAgreeWithReference(seed: UInt64) {
        var picker = SegmentPicker(random: SplitMix64(seed: seed))
        let doc = document(Self.leadingStars)
        let urls = (0..<3_000).map { _ in picker.url() }
        let scratch = MatchScratch()
        let found = disagreements(doc, urls, scratch: scratch)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(scratch.globCacheStatistics.statesSkippedThrough > 0, "some state must skip")
        let reference = ReferenceMatcher(doc)
        let handled = urls.filter { reference.decide($0).description.hasPrefix("handled") }
        #expect(handled.count > 300, "the URLs must match rules")
    }

    /// `*é/x*` on the decoded path: the first star's state leaves on `é`, outside ASCII, so no
    /// skip may pass over it, whether the URL spells it raw or percent-encoded. (Two `*`s keep
    /// the pattern in the glob union; `*é/x` alone would be read from the path's end.) Only
    /// the state of the last star, once the first is left out of it (`GlobUnion.dominance`),
    /// is left by no character and skips to the end.
    @Test func aStateThatAScalarOutsideASCIILeavesIsWalkedCharacterByCharacter() {
        let set = CompiledRuleSet(document([Component(path: "*é/x*", percentEncoded: false)]))
        let scratch = set.makeScratch()
        for _ in 0..<2 {
            #expect(automatonAnswer(set, "/abcdefé/xyz", scratch).hasPrefix("handled"))
            #expect(automatonAnswer(set, "/abc%C3%A9/x", scratch).hasPrefix("handled"))
            #expect(automatonAnswer(set, "/abcdefe/xyz", scratch).hasPrefix("unmatched"))
            #expect(automatonAnswer(set, "/abc%C3%A8/x", scratch).hasPrefix("unmatched"))
        }
        #expect(scratch.globCacheStatistics.statesBuilt > 0, "the glob union must decide")
        #expect(scratch.globCacheStatistics.statesSkippedThrough <= 1)
    }

    /// `*/terms/*`: before `/terms/`, the state its first `*` keeps is left only by a `/`, so a
    /// walk skips from one `/` to the next, and to the path's end when none comes (after it,
    /// the last `*` has matched and the walk ends: `sinksEndTheWalk`); the answers are those
    /// of reading every character.
    @Test func statesLeftOnlyBySlashSkipToTheNextOne() {
        let set = CompiledRuleSet(document([Component(path: "*/terms/*")]))
        let scratch = set.makeScratch()
        let segments = String(repeating: "a/b.c-é%FF", count: 1_000)
        let noSlash = String(repeating: "abc.é%FF-", count: 1_000)
        for _ in 0..<2 {
            #expect(automatonAnswer(set, "/x/terms/" + segments, scratch).hasPrefix("handled"))
            #expect(automatonAnswer(set, "/x/terms/" + noSlash, scratch).hasPrefix("handled"))
            #expect(automatonAnswer(set, "/x/term/" + segments, scratch).hasPrefix("unmatched"))
            #expect(automatonAnswer(set, "/" + noSlash + "/termsx", scratch).hasPrefix("unmatched"))
        }
        #expect(scratch.globCacheStatistics.statesSkippedThrough >= 1)
    }
}

/// `SkipBytes` finds the first of its bytes eight bytes at a time, and reads the last few
/// through a word that overlaps bytes already read: it must name the same index as a test of
/// every byte, from every start, on texts of every length around the word's, with bytes
/// outside ASCII (which no set holds) beside the sought ones.
struct SkipBytesTests {
    static func reference(_ set: [UInt8], _ text: [UInt8], from start: Int) -> Int {
        text[start...].firstIndex { set.contains($0) } ?? text.count
    }

    @Test(arguments: [[], [0x2F], [0x2F, 0x2E], [0x2F, 0x2E, 0x74], [0x2F, 0x2E, 0x74, 0x00]])
    func findsWhatATestOfEveryByteFinds(set: [UInt8]) {
        var random = SplitMix64(seed: 0x5C1B_BEEF ^ UInt64(set.count))
        let alphabet: [UInt8] = [0x2F, 0x2E, 0x74, 0x00, 0x61, 0x7F, 0x80, 0xAF, 0xC3, 0xFF]
        let skip = SkipBytes(set)
        var checked = 0
        for length in 0..<40 {
            for _ in 0..<25 {
                let text = (0..<length).map { _ in alphabet[Int(random.next() % 10)] }
                text.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        #expect(
                            skip.firstIn(buffer, from: start)
                                == Self.reference(set, text, from: start),
                            "\(set) in \(text) from \(start)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
        #expect(skip.skips)
        #expect(!SkipBytes.none.skips)
    }
}
