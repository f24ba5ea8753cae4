/// The rules that match every URL: path `*` in any view, any query, any fragment. Real files
/// end many entries with one. Such a rule decides every URL that no earlier rule of its entry
/// decides, and no later rule of its entry is ever consulted (S4.2).
///
/// They are kept out of the tries (every URL would meet all of them there): `decide` reads
/// them as one list beside the candidates, and `decideWithApps` only until the URL's
/// decision is made, as each app of their entries otherwise gets its catch-all's answer, its
/// default (`AppDefaults`). The rules behind a catch-all are left out of the tries, suffix
/// rules and glob unions (a keyed group keeps them: `PathStrategies`).
struct CatchAllRules {
    /// Per details entry: its first catch-all's rule index, or -1.
    let ruleOfEntry: [Int32]
    /// The catch-alls in rule order, as the prefix entries a walk reads them as.
    let entries: [PrefixTrie.Entry]
    /// Rules behind a catch-all of their entry, which can never decide.
    let hiddenCount: Int

    init(_ compiled: [RuleWithPath], entryCount: Int) {
        var ruleOfEntry = [Int32](repeating: -1, count: entryCount)
        var entries: [PrefixTrie.Entry] = []
        var hiddenCount = 0
        for (index, item) in compiled.enumerated() {
            let entry = Int(item.rule.entry)
            if ruleOfEntry[entry] >= 0 {
                if item.rule.canDecide { hiddenCount += 1 }
                continue
            }
            guard Self.isCatchAll(item) else { continue }
            ruleOfEntry[entry] = Int32(index)
            entries.append(PrefixTrie.Entry(rule: Int32(index), kind: .prefix))
        }
        self.ruleOfEntry = ruleOfEntry
        self.entries = entries
        self.hiddenCount = hiddenCount
    }

    /// A rule that can decide, whose path is the empty literal followed by `*` (any path in
    /// any view: decoding and folding never fail) and whose query and fragment match anything.
    static func isCatchAll(_ item: RuleWithPath) -> Bool {
        item.rule.canDecide && item.rule.strategy == .prefixThenAny && item.literal.isEmpty
            && RuleHead(item.rule).pathDecides
    }

    /// True for a catch-all and for every rule after it in its entry: no trie, suffix rule or
    /// glob union holds them.
    func leavesOut(_ rule: Int, entry: Int32) -> Bool {
        let catchAll = ruleOfEntry[Int(entry)]
        return catchAll >= 0 && rule >= Int(catchAll)
    }
}
