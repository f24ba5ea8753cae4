/// Chooses how each rule with `PathPieces` is found, so that the checks one path can meet stay
/// few whatever the rule set: a path walks each index once, and meets the rules checked at the
/// nodes it reaches, so each index bounds what one walk can meet (`chainLimit`), and what is
/// past a bound goes to the glob union, whose DFA reads each character once.
///
/// - By its suffix (`SuffixRules`), unless more than `SuffixRules.suffixLimit` rules of its
///   view with a prefix or middles share it, or the suffixes a path can end with would hold
///   more than `chainLimit` such rules (`/x/*a*b`, `/x/*a*ab`, `/x/*a*aab`, ...).
/// - Else by its prefix, checked where the prefix trie reaches it. Two or more rules with one
///   middle on one prefix make a group found by that middle (so a member met costs a suffix or
///   tail comparison, not a search), whose middles a place of the path can begin with hold at
///   most `suffixLimit` rules; at most `suffixLimit` others are checked one by one, among them
///   those whose middle may vanish at the path's end (`PathPieces.isFoundByMiddle`). The
///   prefixes one path can reach hold at most `chainLimit` checks (a group counting as one).
/// - Else (no prefix, or past a bound) the glob union.
enum PiecePlacement {
    /// Most checks one walk of an index may meet.
    static let chainLimit = 16

    static func strategies(
        _ rules: [(mode: ViewMode, strategy: PathStrategy, pieces: PathPieces?)]
    ) -> [PathStrategy] {
        var placed = rules.map(\.strategy)
        let limit = SuffixRules.suffixLimit
        // By suffix: per view, the rules that compare a prefix or middles (a bare `*.pdf`
        // costs nothing past the trie).
        let checksBySuffix = counts(
            rules.indices.compactMap { index in
                rules[index].pieces.flatMap { pieces in
                    pieces.suffix.isEmpty || pieces.isBareSuffix
                        ? nil : Key(mode: rules[index].mode, text: pieces.suffix.reversed())
                }
            })
        let suffixChains = chainTotals(checksBySuffix.mapValues { $0 <= limit ? $0 : 0 })
        var byPrefix: [Key] = []
        for (index, (mode, _, pieces)) in rules.enumerated() {
            guard let pieces else { continue }
            let reversed = Key(mode: mode, text: pieces.suffix.reversed())
            if pieces.isBareSuffix
                || (!pieces.suffix.isEmpty && checksBySuffix[reversed, default: 0] <= limit
                    && suffixChains[reversed, default: 0] <= chainLimit)
            {
                placed[index] = .prefixStarSuffix
            } else if pieces.prefix.isEmpty {
                placed[index] = .glob
            } else {
                placed[index] = .piecesAfterPrefix
                byPrefix.append(Key(mode: mode, text: pieces.prefix))
            }
        }
        // By prefix: the rules of a prefix with one middle that cannot vanish make a group
        // when there are two or more (`isGrouped`), not too many behind the middles one place
        // begins with; the others are checked one by one, at most `limit` of them.
        let grouped = counts(
            rules.indices.compactMap { index in
                guard placed[index] == .piecesAfterPrefix, let pieces = rules[index].pieces,
                    pieces.isFoundByMiddle
                else { return nil }
                return Key(mode: rules[index].mode, text: pieces.prefix)
            })
        var firstMiddles: [Key: [Key: Int]] = [:]
        var alone: [Key: Int] = [:]
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            let prefix = Key(mode: mode, text: pieces.prefix)
            if Self.isGrouped(pieces, among: grouped[prefix, default: 0]) {
                firstMiddles[prefix, default: [:]][
                    Key(mode: mode, text: pieces.middles[0]), default: 0] += 1
            } else {
                alone[prefix, default: 0] += 1
            }
        }
        let middleChains = firstMiddles.mapValues(chainTotals)
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            let prefix = Key(mode: mode, text: pieces.prefix)
            let tooMany =
                Self.isGrouped(pieces, among: grouped[prefix, default: 0])
                ? middleChains[prefix]?[Key(mode: mode, text: pieces.middles[0])] ?? 0 > limit
                : alone[prefix, default: 0] > limit
            if tooMany { placed[index] = .glob }
        }
        // A group costs one walk of the rest of the path, like one check.
        var checksByPrefix: [Key: Int] = alone.mapValues { $0 <= limit ? $0 : 0 }
        for prefix in firstMiddles.keys { checksByPrefix[prefix, default: 0] += 1 }
        let prefixChains = chainTotals(checksByPrefix)
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            if prefixChains[Key(mode: mode, text: pieces.prefix), default: 0] > chainLimit {
                placed[index] = .glob
            }
        }
        return placed
    }

    /// Whether rules with these pieces, checked at their prefix, are found through its group
    /// (by their middle): those with one middle that cannot vanish, where `sharing` rules of
    /// the prefix have such a middle.
    static func isGrouped(_ pieces: PathPieces, among sharing: Int) -> Bool {
        pieces.isFoundByMiddle && sharing >= 2
    }

    /// A text of one view: a prefix, a reversed suffix or a first middle.
    struct Key: Hashable {
        let mode: ViewMode
        let text: [UInt8]

        init(mode: ViewMode, text: some Sequence<UInt8>) {
            self.mode = mode
            self.text = Array(text)
        }
    }

    private static func counts(_ keys: [Key]) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return counts
    }

    /// For each key, the total weight of the keys of its view that it starts with, itself
    /// included: what a walk that reaches its node has met on the way. Keys in sorted order
    /// put each key after those it starts with, so a stack of the keys on the current path
    /// finds them in one pass.
    static func chainTotals(_ weights: [Key: Int]) -> [Key: Int] {
        let sorted = weights.keys.sorted {
            $0.mode.index != $1.mode.index
                ? $0.mode.index < $1.mode.index : $0.text.lexicographicallyPrecedes($1.text)
        }
        var totals: [Key: Int] = [:]
        var path: [(key: Key, total: Int)] = []
        for key in sorted {
            while let last = path.last,
                last.key.mode != key.mode || !key.text.starts(with: last.key.text)
            {
                path.removeLast()
            }
            let total = (path.last?.total ?? 0) + weights[key, default: 0]
            totals[key] = total
            path.append((key, total))
        }
        return totals
    }
}
