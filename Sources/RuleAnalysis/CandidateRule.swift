import AASAModel

/// A rule worth measuring: a pattern mined from unmatched paths, as the target would hold it.
public struct CandidateRule: Sendable, Equatable {
    /// The path pattern (`/products/*`).
    public var pattern: String
    /// The rule as it is added to the file.
    public var rule: NewRule
    /// Unmatched requests the pattern generalised while mining: an upper bound that chose it
    /// for measuring, not its gain.
    public var minedCount: UInt64
    /// Literal bytes of the pattern (not `/`, `*` or `?`; a `$(...)` variable counts as one):
    /// more of them is a narrower rule, preferred when two gain the same.
    public var specificity: Int

    public init(pattern: String, rule: NewRule, minedCount: UInt64) {
        self.pattern = pattern
        self.rule = rule
        self.minedCount = minedCount
        specificity = Self.specificity(of: Array(pattern.utf8))
    }

    static func specificity(of pattern: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "$"), index + 1 < pattern.count,
                pattern[index + 1] == UInt8(ascii: "("),
                let close = pattern[index...].firstIndex(of: UInt8(ascii: ")"))
            {
                count += 1
                index = close + 1
                continue
            }
            if byte != UInt8(ascii: "/") && byte != UInt8(ascii: "*") && byte != UInt8(ascii: "?") {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// Whether the pattern says something about the path: a literal character, or `/` alone
    /// (the home page). `/*`, `/*/*` or `/??/*` would open nearly everything.
    static func isSpecific(_ pattern: [UInt8]) -> Bool {
        pattern == [UInt8(ascii: "/")] || specificity(of: pattern) > 0
    }
}

/// Chooses which mined patterns to measure.
public enum CandidateSelection {
    /// Up to `limit` candidates from `mined` (largest count first): specific patterns only,
    /// none that is already a rule of the target entry, and at most a few per first segment so
    /// that one busy section does not take every place.
    public static func select(
        _ mined: [ShapeMiner.Entry], for target: SuggestionTarget, existing: Set<String>,
        limit: Int
    ) -> [CandidateRule] {
        let perSection = max(2, limit / 8)
        var sections: [ArraySlice<UInt8>: Int] = [:]
        var chosen: [CandidateRule] = []
        for entry in mined where chosen.count < limit {
            guard CandidateRule.isSpecific(entry.pattern), !existing.contains(entry.text) else {
                continue
            }
            let section = firstSegment(entry.pattern)
            guard sections[section, default: 0] < perSection else { continue }
            sections[section, default: 0] += 1
            chosen.append(
                CandidateRule(
                    pattern: entry.text, rule: target.rule(pattern: entry.text),
                    minedCount: entry.count))
        }
        return chosen
    }

    /// `/products/*` -> `products`.
    private static func firstSegment(_ pattern: [UInt8]) -> ArraySlice<UInt8> {
        let body = pattern.drop { $0 == UInt8(ascii: "/") }
        return body.prefix { $0 != UInt8(ascii: "/") }
    }
}
