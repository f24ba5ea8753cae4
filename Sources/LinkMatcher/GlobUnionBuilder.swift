/// The strategy of the glob unions, per view: every path no index decides (`glob`), as its
/// pattern, run in one automaton per view with the others. Rules come in rule order.
struct GlobUnionBuilder {
    private var views = [[GlobUnion.Pattern]](repeating: [], count: ViewMode.count)
    /// A variable is one node shared by every rule that names it; its either-case copy is
    /// made once too, so that 100,000 rules naming `$(lang)` share one copy, and grouping
    /// and factoring compare it by identity instead of word by word.
    private var eitherCaseCopies: [PatternNode: PatternNode] = [:]

    mutating func add(_ nodes: [PatternNode], rule: Int32, mode: ViewMode) {
        let union = CompiledRuleSet.unionIndex(mode)
        guard union != mode.index else {
            views[union].append(GlobUnion.Pattern(nodes: nodes, rule: rule))
            return
        }
        // An undecoded view is ASCII (raw characters are percent-encoded in it), so a
        // case-insensitive glob reads the unfolded view with letters of either case: one DFA
        // walk serves both case modes.
        views[union].append(GlobUnion.Pattern(nodes: nodes.map { eitherCase($0) }, rule: rule))
    }

    /// True when the union of the view at `index` has patterns.
    func holdsRules(atView index: Int) -> Bool { !views[index].isEmpty }

    /// Each view's patterns gathered by pattern, with the candidates of each group: its rules
    /// that can decide, a keyed group's entry in place of its rules (`keyed`).
    func grouped(heads: [RuleHead], keyed: KeyedGroupsBuilder) -> Grouped {
        var neverReached = 0
        let views = views.map {
            GlobUnion.groups($0).map { group in
                var group = group
                let reached = NeverReachedRules.groupRules(group.rules, heads: heads)
                neverReached += group.rules.count - reached.count
                group.candidates = keyed.globCandidates(reached)
                return group
            }
        }
        return Grouped(views: views, neverReached: neverReached)
    }

    private mutating func eitherCase(_ node: PatternNode) -> PatternNode {
        switch node {
        case .choice, .sequence:
            if let known = eitherCaseCopies[node] { return known }
            let copy = node.eitherCase
            eitherCaseCopies[node] = copy
            return copy
        default:
            return node.eitherCase
        }
    }
}

extension GlobUnionBuilder.Grouped {
    /// Per rule: its group in its view's union, or -1 for a rule no union holds.
    func groupOfRule(ruleCount: Int) -> [Int32] {
        var groupOfRule = [Int32](repeating: -1, count: ruleCount)
        for groups in views {
            for (group, members) in groups.enumerated() {
                for rule in members.rules { groupOfRule[Int(rule)] = Int32(group) }
            }
        }
        return groupOfRule
    }
}

extension GlobUnionBuilder {
    /// The groups of each view's union, and what was left out of them.
    struct Grouped {
        /// Per view, one group per distinct pattern, its candidates without the rules that
        /// never decide.
        let views: [[GlobUnion.Group]]
        /// Rules left out of the candidates because an earlier rule of their details entry
        /// hides them.
        let neverReached: Int
    }
}
