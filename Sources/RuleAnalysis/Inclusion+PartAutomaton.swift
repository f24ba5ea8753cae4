import LinkMatcher

extension Inclusion {
    /// The position automaton of one pattern (a path, a query, a query value or a fragment), built
    /// with the matcher's own Glushkov construction so that it accepts exactly the texts the
    /// matcher accepts, vanishing slashes of paths (SEMANTICS.md S5.4) included. Position 0 is
    /// the start; every other position reads one Unicode scalar of its set.
    final class PartAutomaton: Sendable {
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
        convenience init(_ nodes: [PatternNode], isPath: Bool) {
            var builder = GlushkovBuilder()
            let root = builder.add(.sequence(nodes))
            builder.edges[0] = root.first
            var accepts = builder.acceptingPositions(lasts: root.last, slashesVanish: isPath)
            accepts[0] = builder.acceptsEmptyText(root, accepting: accepts, slashesVanish: isPath)
            var sets = builder.predicates.map(ScalarSet.init)
            sets[0] = .empty
            let follow = builder.edges.map { edges -> [Int32] in
                edges.count < 2 ? edges : Array(Set(edges)).sorted()
            }
            self.init(sets: sets, follow: follow, accepting: accepts)
        }

        init(sets: [ScalarSet], follow: [[Int32]], accepting: [Bool]) {
            self.sets = sets
            self.follow = follow
            self.accepting = accepting
            var predecessors = [[Int32]](repeating: [], count: follow.count)
            for (position, nexts) in follow.enumerated() {
                for next in nexts { predecessors[Int(next)].append(Int32(position)) }
            }
            let reachable = Self.closure(from: [0], follow)
            let productive = Self.closure(
                from: accepting.indices.filter { accepting[$0] }, predecessors)
            useful = (0..<sets.count).map { reachable[$0] && productive[$0] }
            self.predecessors = predecessors
            acceptsEverythingAfter = (0..<sets.count).map { position in
                position > 0 && accepting[position] && sets[position].isAll
                    && follow[position].contains(Int32(position))
            }
        }

        /// Predecessors of each position.
        private let predecessors: [[Int32]]

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
            walk(from: [0], along: follow, stopAt: { $0.contains { accepting[Int($0)] } })
        }

        /// The longest text found to end every accepted text, walked back from the accepting
        /// positions the same way (reversed: the last character first).
        var forcedSuffix: [UInt32] {
            let ends = (0..<count).filter { useful[$0] && accepting[$0] }.map(Int32.init)
            return walk(from: ends, along: predecessors, stopAt: { $0.contains(0) }, reading: true)
                .reversed()
        }

        /// The characters read while every live position holds the same single character.
        /// Forward (`reading == false`) a step reads the successors' character; backward each
        /// live position reads its own before moving to its predecessors.
        private func walk(
            from start: [Int32], along edges: [[Int32]], stopAt: ([Int32]) -> Bool,
            reading: Bool = false
        ) -> [UInt32] {
            var text: [UInt32] = []
            var current = start
            while text.count < 512, !current.isEmpty, !stopAt(current) {
                var next: [Int32] = []
                for position in current {
                    for other in edges[Int(position)]
                    where useful[Int(other)] && !next.contains(other) {
                        next.append(other)
                    }
                }
                let readers = reading ? current : next
                guard let first = readers.first, let scalar = sets[Int(first)].single,
                    readers.allSatisfy({ sets[Int($0)].single == scalar })
                else { break }
                text.append(scalar)
                current = next
            }
            return text
        }

        /// Positions reachable from `start` along `edges`.
        private static func closure(from start: [Int], _ edges: [[Int32]]) -> [Bool] {
            var seen = [Bool](repeating: false, count: edges.count)
            var stack: [Int32] = []
            for position in start where position < edges.count && !seen[position] {
                seen[position] = true
                stack.append(Int32(position))
            }
            while let position = stack.popLast() {
                for next in edges[Int(position)] where !seen[Int(next)] {
                    seen[Int(next)] = true
                    stack.append(next)
                }
            }
            return seen
        }

        /// Every text: the subject of "does this pattern match everything?".
        static let everything = PartAutomaton(
            sets: [.empty, .all], follow: [[1], [1]], accepting: [true, true])

        /// A shortest text of the domain the automaton accepts, each character the set's `~` when
        /// it has one (a character patterns rarely name, so the text tends to miss other
        /// patterns), else its first admitted member. Nil when there is none.
        func sampleText(_ domain: TextDomain) -> [UInt32]? {
            // Nodes are (position, domain state) pairs, numbered position * 3 + state.
            let nodeCount = count * 3
            var previous = [Int32](repeating: -1, count: nodeCount)
            var readScalar = [UInt32](repeating: 0, count: nodeCount)
            let start = Int32(TextDomain.start)
            previous[Int(start)] = start
            var queue: [Int32] = [start]
            var head = 0
            while head < queue.count {
                let node = Int(queue[head])
                head += 1
                let (position, state) = (node / 3, UInt8(node % 3))
                if accepting[position], domain.accepts(state) {
                    var text: [UInt32] = []
                    var current = node
                    while current != Int(start) {
                        text.append(readScalar[current])
                        current = Int(previous[current])
                    }
                    return text.reversed()
                }
                for next in follow[position] where useful[Int(next)] {
                    guard let scalar = Self.sampleMember(sets[Int(next)], domain),
                        let nextState = domain.step(state, readingSlash: scalar == 0x2F)
                    else { continue }
                    let successor = Int(next) * 3 + Int(nextState)
                    if previous[successor] < 0 {
                        previous[successor] = Int32(node)
                        readScalar[successor] = scalar
                        queue.append(Int32(successor))
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
            var live: [Int32] = [0]
            var next: [Int32] = []
            live.reserveCapacity(8)
            next.reserveCapacity(8)
            for scalar in text {
                next.removeAll(keepingCapacity: true)
                for position in live {
                    for successor in follow[Int(position)]
                    where !next.contains(successor) && sets[Int(successor)].contains(scalar) {
                        next.append(successor)
                    }
                }
                if next.isEmpty { return false }
                swap(&live, &next)
            }
            return live.contains { accepting[Int($0)] }
        }
    }
}
