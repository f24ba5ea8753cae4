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

    /// The same automaton reading other sets, one per position (a change of view). Each
    /// distinct set is transformed once: a word list repeats the same few letters.
    func mapped(_ transform: (ScalarSet) -> ScalarSet) -> PartAutomaton {
        var done: [ScalarSet: ScalarSet] = [:]
        let newSets = sets.dropFirst().map { set in
            if let known = done[set] { return known }
            let result = transform(set)
            done[set] = result
            return result
        }
        return PartAutomaton(sets: [.empty] + newSets, follow: follow, accepting: accepting)
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

extension PartAutomaton {
    /// A shortest text of the domain the automaton accepts, each character the set's `~` when
    /// it has one (a character patterns rarely name, so the text tends to miss other
    /// patterns), else its first admitted member. Nil when there is none.
    func sampleText(_ domain: TextDomain) -> [UInt32]? {
        struct Node: Hashable {
            var position: Int32
            var domainState: UInt8
        }
        let start = Node(position: 0, domainState: TextDomain.start)
        var previous: [Node: (Node, UInt32)] = [:]
        var queue = [start]
        var seen: Set<Node> = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            if accepting[Int(node.position)], domain.accepts(node.domainState) {
                var text: [UInt32] = []
                var current = node
                while let (before, scalar) = previous[current] {
                    text.append(scalar)
                    current = before
                }
                return text.reversed()
            }
            for next in follow[Int(node.position)] where useful[Int(next)] {
                guard let scalar = Self.sampleMember(sets[Int(next)], domain),
                    let state = domain.step(node.domainState, readingSlash: scalar == 0x2F)
                else { continue }
                let successor = Node(position: next, domainState: state)
                if seen.insert(successor).inserted {
                    previous[successor] = (node, scalar)
                    queue.append(successor)
                }
            }
        }
        return nil
    }

    private static func sampleMember(_ set: ScalarSet, _ domain: TextDomain) -> UInt32? {
        if set.contains(0x7E) { return 0x7E }
        for range in set.ranges {
            var scalar = range.lowerBound
            while scalar <= range.upperBound {
                if domain.admits(scalar) { return scalar }
                if scalar >= 0x80 && domain.asciiOnly { return nil }
                scalar = scalar == 0xD7FF ? 0xE000 : scalar + 1
                if scalar > range.lowerBound + 256 { break }
            }
        }
        return nil
    }

    /// Whether the automaton accepts `text` (a simulation of its live positions).
    func accepts(_ text: [UInt32]) -> Bool {
        var live: Set<Int32> = [0]
        for scalar in text {
            var next = Set<Int32>()
            for position in live {
                for successor in follow[Int(position)] where sets[Int(successor)].contains(scalar) {
                    next.insert(successor)
                }
            }
            if next.isEmpty { return false }
            live = next
        }
        return live.contains { accepting[Int($0)] }
    }
}
