/// The strategies of the prefix trie, per view: literal paths (`exact`, the path must end at
/// the literal), `prefix*` paths (`prefixThenAny`, any path that reaches it) and pieces checked
/// where the path reaches their prefix (`piecesAfterPrefix`). Rules come in rule order; the
/// tries are built from what is left once the rules that never decide are dropped.
struct PrefixTrieBuilder {
    private var views = [[PrefixTrie.Item]](repeating: [], count: ViewMode.count)
    /// The pieces of each `checked` entry, by the rule (or keyed group) it stands for.
    private var piecesOfEntry: [Int32: PathPieces] = [:]

    /// Adds a literal path: exact (`mustEnd`) or `prefix*`.
    mutating func addLiteral(_ literal: [UInt8], mustEnd: Bool, rule: Int32, mode: ViewMode) {
        views[mode.index].append(
            PrefixTrie.Item(prefix: literal, entry: PrefixTrie.Entry(rule: rule, mustEnd: mustEnd)))
    }

    /// Adds a path whose pieces are checked where the path reaches their prefix.
    mutating func addChecked(_ pieces: PathPieces, rule: Int32, mode: ViewMode) {
        piecesOfEntry[rule] = pieces
        views[mode.index].append(
            PrefixTrie.Item(
                prefix: pieces.prefix, entry: PrefixTrie.Entry(rule: rule, kind: .checked)))
    }

    /// True when the trie of the view at `index` has entries.
    func holdsRules(atView index: Int) -> Bool { !views[index].isEmpty }

    /// The entries of every view without those that never decide (`NeverReachedRules`), and
    /// the checks of the checked ones.
    func reached(heads: [RuleHead], arena: Arena) -> Reached {
        var neverReached = 0
        var checkedItems: [RulePieces] = []
        var checkedGroups: [[Int32]] = []
        let views = views.map {
            let reached = NeverReachedRules.trieEntries($0, heads: heads)
            neverReached += $0.count - reached.count
            return nameMembers(reached, &checkedItems, &checkedGroups)
        }
        return Reached(
            views: views, checks: PieceChecks(checkedItems, groups: checkedGroups, arena: arena),
            neverReached: neverReached)
    }

    /// One view's trie entries with each checked entry naming its member in the checks of
    /// every view (`items`), and the checked entries of a prefix that `PiecePlacement` finds
    /// by their middle made one entry for their group (`groups`).
    private func nameMembers(
        _ entries: [PrefixTrie.Item], _ items: inout [RulePieces], _ groups: inout [[Int32]]
    ) -> [PrefixTrie.Item] {
        var sharing: [[UInt8]: Int] = [:]
        for item in entries where item.entry.kind == .checked {
            if piecesOfEntry[item.entry.rule]?.isFoundByMiddle == true {
                sharing[item.prefix, default: 0] += 1
            }
        }
        var groupOfPrefix: [[UInt8]: Int32] = [:]
        var named: [PrefixTrie.Item] = []
        for item in entries {
            guard item.entry.kind == .checked, let pieces = piecesOfEntry[item.entry.rule] else {
                named.append(item)
                continue
            }
            let member = Int32(items.count)
            items.append(RulePieces(pieces: pieces, rule: item.entry.rule))
            guard PiecePlacement.isGrouped(pieces, among: sharing[item.prefix, default: 0]) else {
                named.append(
                    PrefixTrie.Item(
                        prefix: item.prefix, entry: PrefixTrie.Entry(rule: member, kind: .checked)))
                continue
            }
            if let group = groupOfPrefix[item.prefix] {
                groups[Int(group)].append(member)
            } else {
                groupOfPrefix[item.prefix] = Int32(groups.count)
                named.append(
                    PrefixTrie.Item(
                        prefix: item.prefix,
                        entry: PrefixTrie.Entry(rule: Int32(groups.count), kind: .group)))
                groups.append([member])
            }
        }
        return named
    }
}

extension PrefixTrieBuilder.Reached {
    /// One trie per view.
    func tries(arena: Arena) -> [PrefixTrie] {
        views.map { PrefixTrie($0, arena: arena) }
    }

    /// Every view's entries in one trie, for a path that every view reads alike; nil when one
    /// view at most has entries (its own trie serves).
    func mergedTrie(arena: Arena) -> PrefixTrie? {
        guard viewsWithEntries.count > 1 else { return nil }
        return PrefixTrie(views.flatMap { $0 }, arena: arena)
    }

    /// The entries without the root's prefix entries of rules, which every path reaches
    /// (`EverywhereRules` holds them), and those rules in rule order.
    func withoutRootPrefixes() -> (reached: Self, rules: [Int32]) {
        var rules: [Int32] = []
        let kept = views.map { view in
            view.filter { item in
                guard item.prefix.isEmpty, item.entry.isRunnable else { return true }
                rules.append(item.entry.rule)
                return false
            }
        }
        return (Self(views: kept, checks: checks, neverReached: neverReached), rules.sorted())
    }

    /// The indices of the views that have entries.
    var viewsWithEntries: [Int] { views.indices.filter { !views[$0].isEmpty } }
}

extension PrefixTrieBuilder {
    /// What the tries are built from.
    struct Reached {
        /// Per view, the entries that can decide, a checked entry naming its member in
        /// `checks`.
        let views: [[PrefixTrie.Item]]
        /// The members of every view's `checked` and `group` entries.
        let checks: PieceChecks
        /// Entries left out because an earlier rule of their details entry hides them.
        let neverReached: Int
    }
}
