/// Every rule that can decide, in rule order, handed to the builder of its path's strategy
/// (`PathStrategy`): the prefix trie, the suffix trie or the glob union of its view, with a
/// keyed group's entry in place of the group's rules. Catch-alls and the rules behind them
/// are left out (`CatchAllRules`); a keyed group keeps its members behind a catch-all, which
/// `decide` passes over as it always did (their entry is decided by then), and which
/// `decideWithApps` finds deciding no app (each app of their entry has its default before).
struct PathStrategies {
    private(set) var keyed: KeyedGroupsBuilder
    private(set) var trie = PrefixTrieBuilder()
    private(set) var suffixes = SuffixRulesBuilder()
    private(set) var globs = GlobUnionBuilder()

    init(_ compiled: [RuleWithPath], rules: [ResolvedRule], catchAlls: CatchAllRules) {
        keyed = KeyedGroupsBuilder(compiled, rules: rules)
        for (index, item) in compiled.enumerated()
        where item.rule.canDecide && !catchAlls.leavesOut(index, entry: item.rule.entry) {
            add(item, rule: Int32(index))
        }
    }

    private mutating func add(_ item: RuleWithPath, rule: Int32) {
        let (mode, strategy) = (item.rule.mode, item.rule.strategy)
        // A glob group keeps its rules: they make the union's group, whose candidates name
        // the keyed group (`GlobUnionBuilder.grouped`).
        guard strategy != .glob else { return globs.add(item.nodes, rule: rule, mode: mode) }
        guard let entry = keyed.trieEntry(ofRule: rule) else { return }
        switch (strategy, item.pieces) {
        case (.exact, _), (.prefixThenAny, _):
            trie.addLiteral(item.literal, mustEnd: strategy == .exact, rule: entry, mode: mode)
        case (.prefixStarSuffix, let pieces?):
            suffixes.add(pieces, rule: entry, mode: mode)
        case (.piecesAfterPrefix, let pieces?):
            trie.addChecked(pieces, rule: entry, mode: mode)
        default:
            break
        }
    }

    /// The views that some rule reads, whatever its strategy.
    var usedModes: [ViewMode] {
        ViewMode.all.filter {
            trie.holdsRules(atView: $0.index) || suffixes.holdsRules(atView: $0.index)
                || globs.holdsRules(atView: $0.index)
        }
    }
}
