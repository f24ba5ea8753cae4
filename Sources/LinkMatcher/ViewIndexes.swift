/// The indexes of every view, built in two lanes (`TwoLanes`): the tries and suffix rules of
/// the views in one; the merged trie and suffix rules, and the glob unions, in the other.
struct ViewIndexes {
    /// One prefix trie, suffix trie and glob union per view (index `ViewMode.index`).
    let tries: [PrefixTrie]
    let suffixRules: [SuffixRules]
    let unions: [GlobUnion]
    /// Every view's entries in one: merged anew only when more than one view has entries;
    /// else that view's own serves.
    let plainTrie: PrefixTrie
    let plainSuffixRules: SuffixRules

    /// The unions spend from `budget`.
    init(
        _ reached: PrefixTrieBuilder.Reached, _ suffixes: SuffixRulesBuilder,
        _ globs: GlobUnionBuilder.Grouped, budget: CompileBudget, arena: Arena
    ) {
        let (views, merged) = TwoLanes.run(
            {
                (
                    tries: reached.tries(arena: arena),
                    suffixRules: suffixes.suffixRules(arena: arena)
                )
            },
            {
                (
                    trie: reached.mergedTrie(arena: arena),
                    suffixRules: suffixes.merged(arena: arena),
                    unions: ViewMode.all.map {
                        GlobUnion(
                            globs.views[$0.index], foldsCase: $0.folded, arena: arena,
                            budget: budget)
                    }
                )
            })
        tries = views.tries
        suffixRules = views.suffixRules
        unions = merged.unions
        plainTrie = merged.trie ?? views.tries[reached.viewsWithEntries.first ?? 0]
        plainSuffixRules =
            merged.suffixRules ?? views.suffixRules[suffixes.viewsWithEntries.first ?? 0]
    }
}
