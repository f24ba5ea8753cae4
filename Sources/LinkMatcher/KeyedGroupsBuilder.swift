/// Finds the keyed groups of a rule set (`KeyedGroups`) and stands each in for its rules: a
/// trie or suffix trie gets one entry per group, where its first rule would be, and a glob
/// union's group gets the group's entry in place of its rules.
struct KeyedGroupsBuilder {
    /// The groups, in order of their first rule.
    let definitions: [KeyedGroups.Definition]
    /// The group of each grouped rule.
    private let groupOfRule: [Int32: Int]
    /// The groups whose entry a trie already has.
    private var entered: [Bool]

    /// The rules that share their path pattern with at least `KeyedGroups.smallestGroup`
    /// others requiring a text (literal or pattern) of the same key, grouped. A rule with
    /// several keys joins the group that tells its rules apart best: of those with enough
    /// rules, the one of most distinct values (`{"q": "4*"}` rather than
    /// `{"type": "users"}` among rules that give `q` ninety patterns and `type` two values);
    /// the first of them on a tie.
    init(_ compiled: [RuleWithPath], rules: [ResolvedRule]) {
        var candidates: [(rule: Int32, keys: [SharedPath.Keyed])] = []
        var ruleCount: [SharedPath: Int] = [:]
        var distinctValues: [SharedPath: Set<[UInt8]>] = [:]
        // Each path once, by number: a rule's keys share it, and hashing a glob's nodes for
        // each of them took most of the building of a file of thousands of keyed rules.
        var pathNumbers: [PathShape: Int] = [:]
        for (index, item) in compiled.enumerated() where item.rule.canDecide {
            let textKeys = item.rule.literalKeys + item.rule.patternKeys(rules[index])
            guard !textKeys.isEmpty else { continue }
            let shape = PathShape(item)
            let number = pathNumbers[shape] ?? pathNumbers.count
            pathNumbers[shape] = number
            let keys = textKeys.map {
                SharedPath.Keyed(
                    path: SharedPath(mode: item.rule.mode, path: number, key: $0.key),
                    value: $0.value)
            }
            for keyed in keys {
                ruleCount[keyed.path, default: 0] += 1
                distinctValues[keyed.path, default: []].insert(keyed.value)
            }
            candidates.append((Int32(index), keys))
        }
        var members: [SharedPath: [KeyedGroups.Member]] = [:]
        var order: [SharedPath] = []
        for (rule, keys) in candidates {
            var chosen: SharedPath.Keyed?
            var chosenValues = 0
            for keyed in keys where ruleCount[keyed.path, default: 0] >= KeyedGroups.smallestGroup {
                let values = distinctValues[keyed.path]?.count ?? 0
                if values > chosenValues { (chosen, chosenValues) = (keyed, values) }
            }
            guard let keyed = chosen else { continue }
            if members[keyed.path] == nil { order.append(keyed.path) }
            members[keyed.path, default: []].append(.init(rule: rule, value: keyed.value))
        }
        var definitions: [KeyedGroups.Definition] = []
        var groupOfRule: [Int32: Int] = [:]
        for path in order {
            let group = members[path, default: []]
            // A rule that would have made up the count may have joined another of its keys.
            guard group.count >= KeyedGroups.smallestGroup else { continue }
            for member in group { groupOfRule[member.rule] = definitions.count }
            definitions.append(.init(mode: path.mode, key: path.key, members: group))
        }
        self.definitions = definitions
        self.groupOfRule = groupOfRule
        entered = [Bool](repeating: false, count: definitions.count)
    }

    /// What stands for `rule` in a trie or suffix trie: the rule itself, or its group's entry
    /// the first time a rule of the group comes; nil after that (the group is entered).
    mutating func trieEntry(ofRule rule: Int32) -> Int32? {
        guard let group = groupOfRule[rule] else { return rule }
        guard !entered[group] else { return nil }
        entered[group] = true
        return KeyedGroups.entryRule(ofGroup: group)
    }

    /// The candidates of a glob group from its rules, in rule order: each keyed group's entry
    /// once, in place of its rules.
    func globCandidates(_ rules: [Int32]) -> [Int32] {
        var entered = Set<Int>()
        return rules.compactMap { rule in
            guard let group = groupOfRule[rule] else { return rule }
            return entered.insert(group).inserted ? KeyedGroups.entryRule(ofGroup: group) : nil
        }
    }
}

/// One path pattern of one view, as its strategy holds it.
private struct PathShape: Hashable {
    let mode: ViewMode
    let strategy: PathStrategy
    /// The literal of an exact or `prefix*` pattern.
    let literal: [UInt8]
    /// The whole pattern, for any other.
    let nodes: [PatternNode]

    init(_ item: RuleWithPath) {
        mode = item.rule.mode
        strategy = item.rule.strategy
        literal = item.literal
        nodes = strategy == .exact || strategy == .prefixThenAny ? [] : item.nodes
    }
}

/// One path pattern of one view (its `PathShape`, by number) and one key.
private struct SharedPath: Hashable {
    let mode: ViewMode
    let path: Int
    let key: KeyedGroups.Key

    /// A rule's shared path under one of its keys, and the value it requires there.
    struct Keyed {
        let path: SharedPath
        let value: [UInt8]
    }
}

extension KeyedGroups {
    /// The union of each group of glob patterns, in group order (`Group.union`).
    func patternUnions(limit: AutomatonSize, parser: PatternParser, arena: Arena) -> [GlobUnion] {
        (0..<count).map { group($0) }.filter { $0.union >= 0 }.map {
            Self.patternUnion(values(of: $0), mode: $0.mode, limit: limit, parser, arena)
        }
    }

    /// The union of a pattern group's distinct patterns, in value order (pattern `g` is the
    /// union's group `g`); empty when it would take more than a tenth of the rule set's
    /// `limit`, and the group's rules are then all checked.
    private static func patternUnion(
        _ patterns: [[UInt8]], mode: ViewMode, limit: AutomatonSize, _ parser: PatternParser,
        _ arena: Arena
    ) -> GlobUnion {
        let groups = patterns.enumerated().map { index, pattern in
            var group = GlobUnion.Group(
                nodes: parser.parse(
                    String(decoding: pattern, as: UTF8.self), foldCase: mode.folded),
                rules: [Int32(index)])
            group.candidates = group.rules
            return group
        }
        let budget = CompileBudget(
            limit: AutomatonSize(positions: limit.positions / 10, edges: limit.edges / 10))
        let union = GlobUnion(groups, foldsCase: mode.folded, arena: arena, budget: budget)
        return budget.isExhausted ? .empty : union
    }
}
