import ASCIIBytes

/// Every glob path pattern of one view of the URL (case-folded or not, percent-decoded or not)
/// as ONE position automaton: the union of the patterns' Glushkov automata, factored on their
/// common leading nodes. Rules whose path patterns are the same (they differ in query, fragment, exclusion
/// or app) form one *group*, so they cost the path automaton nothing extra; a run says which
/// groups matched the whole path, and each group lists its rules in order.
///
/// Characters are read as Unicode scalars (`?` is one scalar, SEMANTICS.md S5.2) and mapped to
/// a few *classes*: characters that no position tells apart share a class, so a DFA state
/// needs one transition per class, not per character. `LazyDFA` runs the union.
struct GlobUnion: Sendable {
    /// Number of character classes: ASCII classes, then one for every other scalar, then one
    /// per non-ASCII scalar that some pattern names literally.
    let classCount: Int
    /// Class of each ASCII character. In a case-folded view upper-case letters have the class of
    /// their lower-case letter, so the DFA reads an unfolded ASCII path as if it were folded.
    let asciiClass: FrozenArray<UInt8>
    /// The class of a scalar outside ASCII that no pattern names (invalid bytes included).
    let otherScalarClass: Int32
    /// The non-ASCII scalars that patterns name, sorted; scalar `i` has class
    /// `otherScalarClass + 1 + i`.
    let namedScalars: FrozenArray<UInt32>
    /// Which classes each position accepts: `classWords` bit words per position.
    let classWords: Int
    let positionClasses: FrozenArray<UInt64>
    /// Successors of each position: `follow[followStart[p]..<followStart[p+1]]`.
    let followStart: FrozenArray<Int32>
    let follow: FrozenArray<Int32>
    /// The groups whose pattern may end at each position, ascending:
    /// `endGroups[endGroupStart[p]..<endGroupStart[p+1]]`.
    let endGroupStart: FrozenArray<Int32>
    let endGroups: FrozenArray<Int32>
    /// Groups whose pattern matches the empty path, in order.
    let startGroups: FrozenArray<Int32>
    /// The candidates of each group (`Group.candidates`), in rule order:
    /// `groupRules[groupRuleStart[g]..<groupRuleStart[g+1]]`.
    let groupRuleStart: FrozenArray<Int32>
    let groupRules: FrozenArray<Int32>

    /// Rules whose path pattern matches nothing at all (`a$(nope)`), ascending.
    let deadRules: FrozenArray<Int32>

    /// Per position, what lets a DFA state leave out positions that a later `*` of their
    /// pattern makes redundant (`LazyDFA`): twice the position's *chain*, plus one for a `*`
    /// that stands on its own in its pattern; -1 for the start. A chain is a run of nodes of
    /// the factored patterns, each the only child of the one before, where no pattern ends but
    /// at the last: every position of a chain leads to the same patterns. Once a chain's `*`
    /// is live, a position of an earlier node of its chain adds nothing: every text that takes
    /// that position to the end of a pattern takes the `*` there too (the `*` reads whatever
    /// came between). Empty when no chain holds such a `*`.
    let dominance: FrozenArray<Int32>
    /// Number of chains, 0 when `dominance` is empty.
    let chainCount: Int

    var positionCount: Int { max(0, followStart.count - 1) }
    var groupCount: Int { max(0, groupRuleStart.count - 1) }
    var isEmpty: Bool { groupCount == 0 }

    static let empty = GlobUnion(
        classCount: 0, asciiClass: .empty, otherScalarClass: 0, namedScalars: .empty,
        classWords: 0, positionClasses: .empty, followStart: .empty, follow: .empty,
        endGroupStart: .empty, endGroups: .empty, startGroups: .empty, groupRuleStart: .empty,
        groupRules: .empty,
        deadRules: .empty, dominance: .empty, chainCount: 0)

    /// The class of the scalar that starts at `index`, and its length in bytes.
    @inline(__always)
    func characterClass(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Int) {
        let byte = text[index]
        if byte < 0x80 { return (Int(asciiClass[Int(byte)]), 1) }
        let (scalar, width) = UTF8Scalars.decodeMultiByte(text, at: index)
        var low = 0
        var high = namedScalars.count
        while low < high {
            let middle = (low + high) >> 1
            let candidate = namedScalars[middle]
            if candidate == scalar { return (Int(otherScalarClass) + 1 + middle, width) }
            if candidate < scalar { low = middle + 1 } else { high = middle }
        }
        return (Int(otherScalarClass), width)
    }

    /// Whether position `position` accepts a character of class `characterClass`.
    @inline(__always)
    func accepts(_ position: Int32, _ characterClass: Int) -> Bool {
        let word = positionClasses[Int(position) * classWords + characterClass >> 6]
        return word & (1 << UInt64(characterClass & 63)) != 0
    }

    /// Per position, whether it is a *sink*: a `*` at which its patterns end and that leads
    /// only back to itself, with another `*` before it (the last `*` of `*42*`, of
    /// `/a/*/b/*`). Once it is live, its groups match the path whatever comes after, and
    /// nothing else can come of it. (The `*` of `/p/*` is left out: no `*` before it lets a
    /// path reach it at more than one place, so states never gather many of them.)
    func sinks() -> [Bool] {
        let count = positionCount
        // Whether a path from the start passes a `*` before reaching the position.
        var afterStar = [Bool](repeating: false, count: count)
        var pending: [Int32] = []
        for star in 0..<count where loopsOnEverything(Int32(star)) {
            pending.append(Int32(star))
        }
        while let position = pending.popLast() {
            for edge in Int(followStart[Int(position)])..<Int(followStart[Int(position) + 1]) {
                let next = Int(follow[edge])
                if next != Int(position) && !afterStar[next] {
                    afterStar[next] = true
                    pending.append(Int32(next))
                }
            }
        }
        return (0..<count).map { index in
            afterStar[index] && endGroupStart[index + 1] > endGroupStart[index]
                && followStart[index + 1] - followStart[index] == 1
                && loopsOnEverything(Int32(index))
        }
    }

    /// Whether `position` is a `*`: it accepts every character and follows itself.
    private func loopsOnEverything(_ position: Int32) -> Bool {
        let index = Int(position)
        guard position != GlushkovBuilder.start,
            (Int(followStart[index])..<Int(followStart[index + 1])).contains(where: {
                follow[$0] == position
            })
        else { return false }
        return (0..<classCount).allSatisfy { accepts(position, $0) }
    }
}

extension GlobUnion {
    /// One rule's path pattern (or a keyed group entry's), as the union reads it.
    struct Pattern {
        let nodes: [PatternNode]
        let rule: Int32
    }

    /// Path patterns with their rule (in rule order) gathered by pattern: the groups of a union,
    /// in order of their first rule.
    static func groups(_ patterns: [Pattern]) -> [Group] {
        var groupOf: [[PatternNode]: Int] = [:]
        var groups: [Group] = []
        for pattern in patterns {
            if let group = groupOf[pattern.nodes] {
                groups[group].rules.append(pattern.rule)
            } else {
                groupOf[pattern.nodes] = groups.count
                groups.append(Group(nodes: pattern.nodes, rules: [pattern.rule]))
            }
        }
        for index in groups.indices { groups[index].candidates = groups[index].rules }
        return groups
    }

    struct Group {
        var nodes: [PatternNode]
        /// The rules whose path pattern this is, in rule order.
        var rules: [Int32]
        /// What a path that matches the pattern makes candidates: the rules, or fewer entries
        /// that stand for them (`CompiledRuleSet` leaves out rules that can never decide and
        /// puts a keyed group's entry in place of its rules).
        var candidates: [Int32] = []
    }

    /// Builds the union of `groups` (from `groups(_:)`) of a view that folds case or not.
    /// When `budget` runs out, the union is empty and the budget names the first rule of the
    /// group whose pattern was being built.
    init(_ groups: [Group], foldsCase: Bool, arena: Arena, budget: CompileBudget? = nil) {
        guard !groups.isEmpty else {
            self = .empty
            return
        }
        let (builder, ends, stoppedAt, dominance) = Self.factoredAutomaton(
            groups.map(\.nodes), budget: budget)
        var classes = CharacterClasses(builder.predicates)
        if let budget,
            builder.exhausted || !budget.spend(edges: builder.predicates.count * classes.words)
        {
            // The class table has a bit per position and class: thousands of distinct
            // non-ASCII characters make it as large as the edges.
            budget.exhaustedBy = groups[stoppedAt ?? groups.count - 1].rules[0]
            self = .empty
            return
        }
        let (startGroups, endGroups) = Self.groupsEndingAt(builder, ends)

        if foldsCase {
            // Folded patterns hold no upper-case letter: `A` is told apart from `a` only by
            // what accepts `a`.
            for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                classes.ascii[Int(letter)] = classes.ascii[Int(letter | 0x20)]
            }
        }
        var positionClasses = [UInt64](
            repeating: 0, count: builder.predicates.count * classes.words)
        for position in 1..<builder.predicates.count {
            for characterClass in classes.accepted(by: builder.predicates[position]) {
                positionClasses[position * classes.words + characterClass >> 6] |=
                    1 << UInt64(characterClass & 63)
            }
        }
        var followStart: [Int32] = [0]
        var follow: [Int32] = []
        var seenFrom = [Int32](repeating: -1, count: builder.predicates.count)
        for (position, successors) in builder.edges.enumerated() {
            for successor in successors where seenFrom[Int(successor)] != position {
                seenFrom[Int(successor)] = Int32(position)
                follow.append(successor)
            }
            followStart.append(Int32(follow.count))
        }
        // A group can match when the empty path or some reachable position ends a match (a
        // pattern such as `a$(nope)b` has positions that nothing leads to).
        var live = [Bool](repeating: false, count: groups.count)
        for group in startGroups { live[Int(group)] = true }
        var reachable = [Bool](repeating: false, count: builder.predicates.count)
        var stack: [Int32] = [GlushkovBuilder.start]
        while let position = stack.popLast() {
            for next in builder.edges[Int(position)] where !reachable[Int(next)] {
                reachable[Int(next)] = true
                stack.append(next)
            }
        }
        for (position, list) in endGroups.enumerated() where reachable[position] {
            for group in list { live[Int(group)] = true }
        }
        var endGroupStart: [Int32] = [0]
        for list in endGroups {
            endGroupStart.append(endGroupStart[endGroupStart.count - 1] + Int32(list.count))
        }
        let deadRules = groups.indices.filter { !live[$0] }.flatMap { groups[$0].rules }.sorted()
        var groupRuleStart: [Int32] = [0]
        for group in groups {
            groupRuleStart.append(
                groupRuleStart[groupRuleStart.count - 1] + Int32(group.candidates.count))
        }
        self.init(
            classCount: classes.count, asciiClass: arena.freeze(classes.ascii),
            otherScalarClass: Int32(classes.otherScalar),
            namedScalars: arena.freeze(classes.named), classWords: classes.words,
            positionClasses: arena.freeze(positionClasses),
            followStart: arena.freeze(followStart), follow: arena.freeze(follow),
            endGroupStart: arena.freeze(endGroupStart),
            endGroups: arena.freeze(endGroups.flatMap { $0 }),
            startGroups: arena.freeze(startGroups),
            groupRuleStart: arena.freeze(groupRuleStart),
            groupRules: arena.freeze(groups.flatMap(\.candidates)),
            deadRules: arena.freeze(deadRules),
            dominance: arena.freeze(dominance.chainCount > 0 ? dominance.ofPosition : []),
            chainCount: dominance.chainCount)
    }

    /// The Glushkov automaton of all the patterns, factored on their common leading nodes
    /// (`users/*/settings/` is built once for hundreds of `users/*/settings/NAME`), so a DFA
    /// state holds a few positions where it would otherwise hold one per pattern. Returns the
    /// builder and, per pattern, the positions at which it may end (0: the start, when the
    /// pattern matches the empty text), and each position's `dominance`. Factoring is sound:
    /// `AB|AC` is `A(B|C)`.
    private static func factoredAutomaton(_ patterns: [[PatternNode]], budget: CompileBudget?)
        -> (
            GlushkovBuilder, ends: [[Int32]], stoppedAt: Int?,
            dominance: (ofPosition: [Int32], chainCount: Int)
        )
    {
        struct Edge: Hashable {
            var parent: Int
            var label: PatternNode
        }
        var child: [Edge: Int] = [:]
        var parent: [Int] = [0]
        var label: [PatternNode] = [.never]
        /// The pattern that made each node, to name it when the budget runs out there.
        var madeBy: [Int] = [0]
        var endNode: [Int] = []
        for (pattern, nodes) in patterns.enumerated() {
            var at = 0
            for node in nodes {
                let edge = Edge(parent: at, label: node)
                if let next = child[edge] {
                    at = next
                } else {
                    child[edge] = label.count
                    parent.append(at)
                    label.append(node)
                    madeBy.append(pattern)
                    at = label.count - 1
                }
            }
            endNode.append(at)
        }
        // Trie nodes are numbered after their parent, so one pass in order links them all, as
        // the sequence construction does: the positions that may come last before a node lead
        // to the node's first positions.
        let chain = Self.chains(parent: parent, endNodes: endNode)
        var builder = GlushkovBuilder(budget: budget)
        var lastBefore: [[Int32]] = [[0]]
        var dominance: [Int32] = [-1]
        var anyStar = false
        for node in 1..<label.count {
            let fragment = builder.add(label[node])
            let previous = lastBefore[parent[node]]
            builder.link(previous, to: fragment.first)
            if builder.exhausted { return (builder, [], madeBy[node], ([], 0)) }
            lastBefore.append(fragment.nullable ? fragment.last + previous : fragment.last)
            let isStar = label[node] == .anyRun
            anyStar = anyStar || isStar
            while dominance.count < builder.predicates.count {
                dominance.append(chain.ofNode[node] * 2 + (isStar ? 1 : 0))
            }
        }
        return (
            builder, endNode.map { lastBefore[$0] }, nil, (dominance, anyStar ? chain.count : 0)
        )
    }

    /// The chain of each node of the pattern trie (`dominance`): a node continues its parent's
    /// chain when it is the parent's only child and no pattern ends at the parent. Node 0, the
    /// root, is on no chain.
    private static func chains(parent: [Int], endNodes: [Int]) -> (ofNode: [Int32], count: Int) {
        var children = [Int](repeating: 0, count: parent.count)
        for node in 1..<parent.count { children[parent[node]] += 1 }
        var endsHere = [Bool](repeating: false, count: parent.count)
        for node in endNodes { endsHere[node] = true }
        var chain = [Int32](repeating: -1, count: parent.count)
        var count: Int32 = 0
        for node in 1..<parent.count {
            let up = parent[node]
            if up != 0 && children[up] == 1 && !endsHere[up] {
                chain[node] = chain[up]
            } else {
                chain[node] = count
                count += 1
            }
        }
        return (chain, Int(count))
    }

    /// Per position, the patterns that match when the text ends there, and the patterns that
    /// match the empty text; a `/` that may vanish at the end of the path (SEMANTICS.md S5.4)
    /// passes on the patterns of the position it leads to.
    private static func groupsEndingAt(_ builder: GlushkovBuilder, _ ends: [[Int32]]) -> (
        start: [Int32], positions: [[Int32]]
    ) {
        var groups = [[Int32]](repeating: [], count: builder.predicates.count)
        for (group, positions) in ends.enumerated() {
            for position in positions where !groups[Int(position)].contains(Int32(group)) {
                groups[Int(position)].append(Int32(group))
            }
        }
        // Backwards from each `/` that ends some pattern to the positions that lead to it;
        // a position is visited again only when it gained a group.
        let predecessors = builder.predecessors
        var pending = groups.indices.filter { builder.isSlash(Int32($0)) && !groups[$0].isEmpty }
        while let slash = pending.popLast() {
            for position in predecessors[slash] {
                var gained = false
                for group in groups[slash] where !groups[Int(position)].contains(group) {
                    groups[Int(position)].append(group)
                    gained = true
                }
                if gained && builder.isSlash(position) { pending.append(Int(position)) }
            }
        }
        let start = groups[Int(GlushkovBuilder.start)].sorted()
        groups[Int(GlushkovBuilder.start)] = []
        return (start, groups.map { $0.sorted() })
    }
}

/// The partition of characters into classes that the positions of a union cannot tell apart.
private struct CharacterClasses {
    var ascii: [UInt8]
    var otherScalar: Int
    var named: [UInt32]
    var namedIndex: [UInt32: Int] = [:]
    var count: Int { otherScalar + 1 + named.count }
    var words: Int { (count + 63) / 64 }

    init(_ predicates: [GlobProgram.Predicate]) {
        var asciiSets = Set<ASCIISet>()
        var namedSet = Set<UInt32>()
        for predicate in predicates {
            switch predicate {
            case .scalar(let scalar) where scalar < 128:
                var set = ASCIISet(low: 0, high: 0)
                set.insert(scalar)
                asciiSets.insert(set)
            case .scalar(let scalar): namedSet.insert(scalar)
            case .oneOf(let set): asciiSets.insert(set)
            case .any: break
            }
        }
        // Refine one partition of ASCII by each set: two characters share a class when every
        // set holds both or neither.
        var ascii = [UInt8](repeating: 0, count: 128)
        var classCount = 1
        for set in asciiSets {
            var renamed: [Int: UInt8] = [:]
            for scalar in 0..<128 {
                let key = Int(ascii[scalar]) * 2 + (set.contains(UInt32(scalar)) ? 1 : 0)
                if let known = renamed[key] {
                    ascii[scalar] = known
                } else {
                    let fresh = UInt8(renamed.count)
                    renamed[key] = fresh
                    ascii[scalar] = fresh
                }
            }
            classCount = renamed.count
        }
        self.ascii = ascii
        self.otherScalar = classCount
        self.named = namedSet.sorted()
        for (index, scalar) in named.enumerated() { namedIndex[scalar] = index }
    }

    /// The classes whose characters `predicate` accepts.
    func accepted(by predicate: GlobProgram.Predicate) -> [Int] {
        switch predicate {
        case .any:
            return Array(0..<count)
        case .scalar(let scalar) where scalar < 128:
            return [Int(ascii[Int(scalar)])]
        case .scalar(let scalar):
            return namedIndex[scalar].map { [otherScalar + 1 + $0] } ?? []
        case .oneOf(let set):
            var classes = Set<Int>()
            for scalar in 0..<128 where set.contains(UInt32(scalar)) {
                classes.insert(Int(ascii[scalar]))
            }
            return classes.sorted()
        }
    }
}
