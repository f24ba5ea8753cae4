import LinkMatcher

/// The position automaton of one pattern (a path, a query, a query value or a fragment), built
/// with the matcher's own Glushkov construction so that it accepts exactly the texts the
/// matcher accepts, vanishing slashes of paths (SEMANTICS.md S5.4) included. Position 0 is
/// the start; every other position reads one Unicode scalar of its set.
struct PartAutomaton: Sendable {
    /// What each position reads; index 0 (the start) reads nothing and holds the empty set.
    let sets: [ScalarSet]
    /// Successors of each position, without repeats.
    let follow: [[Int32]]
    /// Positions at which the text may end, the start included when the empty text matches.
    let accepting: [Bool]
    /// Positions both reachable from the start and able to reach an accepting one.
    let useful: [Bool]
    /// Accepting positions that read anything and loop on themselves: once there, every
    /// continuation is accepted (the `*` ending `/buy/*`).
    let acceptsEverythingAfter: [Bool]

    var count: Int { sets.count }

    /// The automaton of `nodes`; `isPath` applies the vanishing-slash rule.
    init(_ nodes: [PatternNode], isPath: Bool) {
        var builder = GlushkovBuilder()
        let root = builder.add(.sequence(nodes))
        builder.edges[0] = root.first
        var accepts = builder.acceptingPositions(lasts: root.last, slashesVanish: isPath)
        accepts[0] = builder.acceptsEmptyText(root, accepting: accepts, slashesVanish: isPath)
        var sets = builder.predicates.map(ScalarSet.init)
        sets[0] = .empty
        let follow = builder.edges.map { edges -> [Int32] in
            var seen = Set<Int32>()
            return edges.filter { seen.insert($0).inserted }
        }
        self.init(sets: sets, follow: follow, accepting: accepts)
    }

    init(sets: [ScalarSet], follow: [[Int32]], accepting: [Bool]) {
        self.sets = sets
        self.follow = follow
        self.accepting = accepting
        let reachable = Self.reachable(follow)
        let productive = Self.productive(follow, accepting)
        useful = (0..<sets.count).map { reachable[$0] && productive[$0] }
        acceptsEverythingAfter = (0..<sets.count).map { position in
            position > 0 && accepting[position] && sets[position].isAll
                && follow[position].contains(Int32(position))
        }
    }

    /// The same automaton reading other sets, one per position (a change of view).
    func mapped(_ transform: (ScalarSet) -> ScalarSet) -> PartAutomaton {
        PartAutomaton(
            sets: [.empty] + sets.dropFirst().map(transform), follow: follow, accepting: accepting)
    }

    /// True when no text is accepted at all (`$(nope)`, a variable without values).
    var acceptsNothing: Bool { !useful[0] }

    /// True when some accepted text may contain `scalar`.
    func mayRead(_ scalar: UInt32) -> Bool {
        (1..<max(1, count)).contains { useful[$0] && sets[$0].contains(scalar) }
    }

    /// The longest text found to begin every accepted text: walked from the start while
    /// every way on reads the same single character and no text may end.
    var forcedPrefix: [UInt32] {
        var prefix: [UInt32] = []
        var current: [Int32] = [0]
        while prefix.count < 512, !current.contains(where: { accepting[Int($0)] }) {
            let next = Set(current.flatMap { follow[Int($0)] }.filter { useful[Int($0)] })
            guard let scalar = Self.sharedSingle(next.map { sets[Int($0)] }) else { break }
            prefix.append(scalar)
            current = Array(next)
        }
        return prefix
    }

    /// The longest text found to end every accepted text, walked back from the accepting
    /// positions the same way.
    var forcedSuffix: [UInt32] {
        var predecessors = [[Int32]](repeating: [], count: count)
        for position in 0..<count where useful[position] {
            for next in follow[position] where useful[Int(next)] {
                predecessors[Int(next)].append(Int32(position))
            }
        }
        var suffix: [UInt32] = []
        var current = Set((0..<count).filter { useful[$0] && accepting[$0] }.map(Int32.init))
        while suffix.count < 512, !current.contains(0) {
            guard let scalar = Self.sharedSingle(current.map { sets[Int($0)] }) else { break }
            suffix.append(scalar)
            current = Set(current.flatMap { predecessors[Int($0)] })
        }
        return suffix.reversed()
    }

    private static func sharedSingle(_ sets: [ScalarSet]) -> UInt32? {
        guard let first = sets.first?.single else { return nil }
        return sets.allSatisfy { $0.single == first } ? first : nil
    }

    private static func reachable(_ follow: [[Int32]]) -> [Bool] {
        var seen = [Bool](repeating: false, count: follow.count)
        guard !follow.isEmpty else { return seen }
        seen[0] = true
        var stack: [Int32] = [0]
        while let position = stack.popLast() {
            for next in follow[Int(position)] where !seen[Int(next)] {
                seen[Int(next)] = true
                stack.append(next)
            }
        }
        return seen
    }

    private static func productive(_ follow: [[Int32]], _ accepting: [Bool]) -> [Bool] {
        var predecessors = [[Int32]](repeating: [], count: follow.count)
        for (position, nexts) in follow.enumerated() {
            for next in nexts { predecessors[Int(next)].append(Int32(position)) }
        }
        var seen = accepting
        var stack = accepting.indices.filter { accepting[$0] }.map(Int32.init)
        while let position = stack.popLast() {
            for previous in predecessors[Int(position)] where !seen[Int(previous)] {
                seen[Int(previous)] = true
                stack.append(previous)
            }
        }
        return seen
    }

    /// Every text: the subject of "does this pattern match everything?".
    static let everything = PartAutomaton(
        sets: [.empty, .all], follow: [[1], [1]], accepting: [true, true])
}
