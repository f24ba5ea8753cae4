/// Drops from the lists that make candidates the rules that can never decide because an
/// earlier rule of their details entry always matches where they do. Within an entry only the
/// first matching rule counts (S4.2), so after a rule whose query and fragment match anything
/// (`RuleHead.pathDecides`), the entry's later rules on the same path are never consulted. Left
/// in, a path shared by hundreds of such rules (`/*` with `{"utm_source": "*"}`, and so on)
/// made every URL on it carry hundreds of candidates to sort and step over.
enum NeverReachedRules {
    /// The trie entries of one view, in rule order, without the unreachable ones. At one
    /// literal, a `prefix*` rule that decides alone matches every path that reaches it, and
    /// hides every later rule of its entry there; an exact one holds only where the path ends
    /// at the literal, so it hides the entry's later exact rules only.
    static func trieEntries(
        _ entries: [(prefix: [UInt8], entry: PrefixTrie.Entry)], heads: [RuleHead]
    ) -> [(prefix: [UInt8], entry: PrefixTrie.Entry)] {
        struct Hidden: Hashable {
            let literal: [UInt8]
            let ruleEntry: Int32
            /// True for what an exact rule hides: the exact rules only.
            let exactOnly: Bool
        }
        var hidden = Set<Hidden>()
        return entries.filter { item in
            // A keyed group (negative) stands for rules that each require a value.
            let rule = Int(item.entry.rule)
            guard rule >= 0 else { return true }
            let head = heads[rule]
            let all = Hidden(literal: item.prefix, ruleEntry: head.entry, exactOnly: false)
            let exact = Hidden(literal: item.prefix, ruleEntry: head.entry, exactOnly: true)
            if hidden.contains(all) || (item.entry.mustEnd && hidden.contains(exact)) {
                return false
            }
            if head.pathDecides { hidden.insert(item.entry.mustEnd ? exact : all) }
            return true
        }
    }

    /// The rules of one glob group (one path pattern, so they all match together), in rule
    /// order, without the unreachable ones.
    static func groupRules(_ rules: [Int32], heads: [RuleHead]) -> [Int32] {
        var decidedEntries = Set<Int32>()
        return rules.filter { rule in
            let head = heads[Int(rule)]
            guard !decidedEntries.contains(head.entry) else { return false }
            if head.pathDecides { decidedEntries.insert(head.entry) }
            return true
        }
    }
}
