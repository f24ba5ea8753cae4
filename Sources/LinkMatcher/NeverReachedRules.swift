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
    /// at the literal, so it hides the entry's later exact rules only. A checked one (its
    /// pieces must hold too) hides nothing.
    static func trieEntries(
        _ entries: [PrefixTrie.Item], heads: [RuleHead]
    ) -> [PrefixTrie.Item] {
        /// What a deciding rule hides at its literal: every later rule of its details entry,
        /// or (an exact rule) only the later exact ones.
        struct Hiding {
            let ruleEntry: Int32
            let exactOnly: Bool
        }
        // One lookup per entry: hashing a literal costs more than the few marks at it.
        var hidingAt: [[UInt8]: [Hiding]] = [:]
        hidingAt.reserveCapacity(entries.count)
        return entries.filter { item in
            // A keyed group (negative) stands for rules that each require a value.
            let rule = Int(item.entry.rule)
            guard rule >= 0 else { return true }
            let head = heads[rule]
            let mustEnd = item.entry.mustEnd
            return modify(&hidingAt[item.prefix, default: []]) { marks in
                if marks.contains(where: {
                    $0.ruleEntry == head.entry && (!$0.exactOnly || mustEnd)
                }) {
                    return false
                }
                if head.pathDecides, item.entry.kind != .checked {
                    marks.append(Hiding(ruleEntry: head.entry, exactOnly: mustEnd))
                }
                return true
            }
        }
    }

    /// Runs `body` on `value` in place (one dictionary lookup for a read and a write).
    private static func modify<Value, Result>(
        _ value: inout Value, _ body: (inout Value) -> Result
    ) -> Result {
        body(&value)
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
