import AASAModel
import Workload

/// The worst case of matching time per character: 12 rules of 2,500 `*`-separated letters
/// (`/a*b*b*a*...`), as path patterns and as whole-query patterns, against four 50 KB URLs of
/// those letters that reach every rule's last `*` and, but one, match none (they end with a
/// letter no rule ends with). A DFA state holds a few positions per rule in progress, not one
/// per `*` passed; when the DFA gives up, each rule's own automaton keeps as few live states.
enum StarHeavyFixture {
    static let patterns: [String] = (0..<12).map { rule in
        var random = SplitMix64(seed: 0x57A8 &+ UInt64(rule))
        return (0..<2_500).map { _ in random.below(2) == 0 ? "a" : "b" }.joined(separator: "*")
    }

    static let pathDocument = document(patterns.map { Component(path: "/" + $0) })
    static let queryDocument = document(
        patterns.map { Component(path: "/q", query: .whole($0)) })

    static let pathURLs = urls(prefix: "/")
    static let queryURLs = urls(prefix: "/q?")

    private static func document(_ components: [Component]) -> AASADocument {
        AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["ABCDE12345.com.example.app"],
                    components: components)
            ]))
    }

    private static func urls(prefix: String) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var random = SplitMix64(seed: 0x50_CB)
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for ending in ["c", "c", "c", "a"] {
            let letters = (0..<49_999).map { _ in random.below(2) == 0 ? "a" : "b" }
            let url = prefix + letters.joined() + ending
            ranges.append(bytes.count..<(bytes.count + url.utf8.count))
            bytes += url.utf8
        }
        return (bytes, ranges)
    }
}
