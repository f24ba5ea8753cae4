/// One verified host's dynamic rules (A7.4: in order, the first that matches decides), laid out
/// so that a URL is tried only against the rules its path can meet: the literal start of each
/// rule's path pattern (up to its first `*` or `?`) in a trie, walked along the URL's decoded
/// path; rules whose path pattern starts with a wildcard, or that have none, are tried for
/// every URL. The candidates are then tried in rule order, so the answer is the loop's.
///
/// A class: a decision holds it by one reference, not by each of its tables.
final class DynamicRuleIndex: Sendable {
    let rules: [CompiledGroup]
    /// Rules by the literal start of their path pattern.
    private let byPathStart: UnitTrie
    /// Rules every URL may meet, in order.
    private let everywhere: [Int]
    /// Per rule, the length of the literal start it is indexed by: a path that reached it
    /// starts with those units, so they are not compared again.
    private let knownPath: [Int]

    init(_ rules: [CompiledGroup], patterns: [String?]) {
        self.rules = rules
        var keys: [(key: [UInt16], value: Int)] = []
        var everywhere: [Int] = []
        var knownPath: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            let start = pattern.map(Self.literalStart) ?? []
            if start.isEmpty { everywhere.append(index) } else { keys.append((start, index)) }
            knownPath.append(start.count)
        }
        self.knownPath = knownPath
        byPathStart = UnitTrie(keys, backward: false)
        self.everywhere = everywhere
    }

    var isEmpty: Bool { rules.isEmpty }

    /// The index of the first rule that matches, or nil.
    func firstMatch(
        _ url: URLUnits, _ units: UnsafeBufferPointer<UInt16>, _ scratch: AndroidMatchScratch
    ) -> Int? {
        let parameters = scratch.parameters
        // Each rule is met at most once (its key ends at one node): there is room for all.
        let candidates = scratch.candidates
        var count = 0
        byPathStart.walk(UnsafeBufferPointer(rebasing: units[url.path])) {
            candidates[count] = $0
            count += 1
        }
        for rule in everywhere {
            candidates[count] = rule
            count += 1
        }
        var met = UnsafeMutableBufferPointer(rebasing: candidates[0..<count])
        if count > 16 { met.sort() } else if count > 1 { Self.sortSmall(&met) }
        return rules.withUnsafeBufferPointer { rules in
            knownPath.withUnsafeBufferPointer { knownPath in
                met.first {
                    rules[$0].matches(url, units, parameters: parameters, knownPath: knownPath[$0])
                }
            }
        }
    }

    /// Sorts a URL's few candidates, most already in order (an insertion sort: cheaper than the
    /// general sort for a handful).
    private static func sortSmall(_ values: inout UnsafeMutableBufferPointer<Int>) {
        for index in 1..<values.count {
            let value = values[index]
            var slot = index
            while slot > 0, values[slot - 1] > value {
                values[slot] = values[slot - 1]
                slot -= 1
            }
            values[slot] = value
        }
    }

    /// The units of `pattern` before its first wildcard (`*`, `?`): every path it matches
    /// starts with them, as the pattern compares units one for one up to there.
    private static func literalStart(_ pattern: String) -> [UInt16] {
        Array(
            pattern.utf16.prefix {
                $0 != UInt16(UInt8(ascii: "*")) && $0 != UInt16(UInt8(ascii: "?"))
            })
    }
}
