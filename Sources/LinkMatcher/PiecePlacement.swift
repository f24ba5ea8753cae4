/// Chooses how each rule with `PathPieces` is found, so that the checks one path can meet stay
/// few whatever the rule set: a path walks each index once, and meets the rules checked at the
/// nodes it reaches, so each index bounds what one walk can meet (`chainLimit`), and what is
/// past a bound goes to the glob union, whose DFA reads each character once.
///
/// - By its suffix (`SuffixRules`), unless more than `SuffixRules.suffixLimit` rules of its
///   view with a prefix or middles share it, or the suffixes a path can end with would hold
///   more than `chainLimit` such rules (`/x/*a*b`, `/x/*a*ab`, `/x/*a*aab`, ...).
/// - Else by its prefix, checked where the prefix trie reaches it; more than
///   `suffixLimit` on one prefix make a group found by their first middle, whose members must
///   have exactly one middle (so a member met costs a suffix or tail comparison, not a search)
///   and whose middles a place of the path can begin with hold at most `suffixLimit` rules.
///   The prefixes one path can reach hold at most `chainLimit` checks (a group counting as
///   `suffixLimit`).
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
        // By prefix: a shared prefix makes a group, which takes rules with one middle, not
        // too many behind the middles one place begins with.
        let rulesByPrefix = counts(byPrefix)
        var firstMiddles: [Key: [Key: Int]] = [:]
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            let prefix = Key(mode: mode, text: pieces.prefix)
            guard rulesByPrefix[prefix, default: 0] > limit else { continue }
            guard pieces.middles.count == 1 else {
                placed[index] = .glob
                continue
            }
            firstMiddles[prefix, default: [:]][
                Key(mode: mode, text: pieces.middles[0]), default: 0] += 1
        }
        let middleChains = firstMiddles.mapValues(chainTotals)
        var checksByPrefix: [Key: Int] = [:]
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            let prefix = Key(mode: mode, text: pieces.prefix)
            if let chains = middleChains[prefix],
                chains[Key(mode: mode, text: pieces.middles[0]), default: 0] > limit
            {
                placed[index] = .glob
            } else {
                checksByPrefix[prefix, default: 0] += 1
            }
        }
        let prefixChains = chainTotals(checksByPrefix.mapValues { min($0, limit) })
        for (index, (mode, _, pieces)) in rules.enumerated()
        where placed[index] == .piecesAfterPrefix {
            guard let pieces else { continue }
            if prefixChains[Key(mode: mode, text: pieces.prefix), default: 0] > chainLimit {
                placed[index] = .glob
            }
        }
        return placed
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
