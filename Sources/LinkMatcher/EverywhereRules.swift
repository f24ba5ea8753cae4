/// The rules every path reaches besides the catch-alls (`CatchAllRules`): path `*`, or none,
/// with a query or fragment condition, such as Apple's fragment opt-out
/// `{"#": "no_universal_links", "exclude": true}` that many real files carry. They were the
/// prefix entries of the tries' root, met by every URL; they are kept apart instead, listed
/// once per combination of absent query and fragment without the rules that then fail
/// (`RuleHead.failsWithout`). A logged URL has no fragment, so a scan never steps over a
/// fragment opt-out (with the real mix of 5,000 rules, 8.5 steps of a decision's walk were
/// such rules failing at once).
struct EverywhereRules {
    /// The lists one after the other, each in rule order, as the prefix entries a walk
    /// reads; list `m` (for the mask `m` of absent parts) from `starts[m]` to `starts[m + 1]`.
    private let entries: FrozenArray<PrefixTrie.Entry>
    private let starts: FrozenArray<Int32>
    /// From this many rules on, a list is read as one run beside the candidates, as the
    /// root's prefix entries were (`PrefixTrie.crowdedPrefixes`, fewer when catch-alls
    /// join them); else its rules join the candidates.
    let runFrom: Int

    static let masks = 4

    /// `rules`: the rules, in rule order; `heads`: every rule's head.
    init(_ rules: [Int32], heads: [RuleHead], catchAllCount: Int, arena: Arena) {
        var entries: [PrefixTrie.Entry] = []
        var starts: [Int32] = []
        for absent in 0..<Self.masks {
            starts.append(Int32(entries.count))
            for rule in rules where heads[Int(rule)].failsWithout & UInt8(absent) == 0 {
                entries.append(PrefixTrie.Entry(rule: rule, kind: .prefix))
            }
        }
        starts.append(Int32(entries.count))
        self.entries = arena.freeze(entries)
        self.starts = arena.freeze(starts)
        runFrom = max(1, PrefixTrie.crowdedPrefixes - catchAllCount)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The rules that a URL lacking the parts `absent` (a mask of `RuleHead.queryAbsent` and
    /// `fragmentAbsent`) may match, in rule order.
    @inline(__always)
    func entries(absent: UInt8) -> UnsafeBufferPointer<PrefixTrie.Entry> {
        UnsafeBufferPointer(
            rebasing: entries.buffer[Int(starts[Int(absent)])..<Int(starts[Int(absent) + 1])])
    }
}
