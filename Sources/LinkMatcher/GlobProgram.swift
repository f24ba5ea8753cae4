import ASCIIBytes

/// A compiled glob: a position automaton (Glushkov construction) run as a set of live
/// states, so a match costs O(text length x live states) whatever the pattern -- never the
/// exponential backtracking of `*a*a*a*b` against a long path.
///
/// The live states leave out those before the last live `*` that stands on its own in the
/// pattern: whatever they could still match, that `*` matches too (it reads whatever came
/// between). So `*a*b*c...` with thousands of `*` keeps a few live states, not one per `*`
/// passed: a character costs the follow edges of the states after that `*` (`GlobScratch`
/// counts them), bounded by the pattern's size and in practice by its longest run between
/// two `*`.
///
/// State 0 is "nothing consumed yet"; state `p > 0` is "position `p` consumed the last
/// character". A transition into position `p` consumes one character that its predicate
/// accepts; `*` is a position with a self-loop.
package struct GlobProgram: Sendable, BitwiseCopyable {
    package enum Predicate: Sendable, Equatable, BitwiseCopyable {
        case scalar(UInt32)
        case any
        case oneOf(ASCIISet)
    }

    /// Predicate of each position; index 0 is unused.
    let predicates: FrozenArray<Predicate>
    /// The automaton as a list of states (`StateList`): one element, kept in the arena so that
    /// a program stays small enough to copy without a call to `memcpy`.
    private let stateList: FrozenArray<StateList>
    /// The same automaton as bit masks, when it has at most 64 states (almost every pattern):
    /// then a step is a few word operations instead of a walk over a state list.
    let small: SmallAutomaton?

    var stateCount: Int { predicates.count }

    /// Successor positions of each state, flattened: `follow[followStart[s]..<followStart[s+1]]`.
    /// Each state's successors that expect one given character come first, sorted by that
    /// character, up to `literalEnd[s]`; the others (`?`, `*`, classes) follow.
    struct StateList: BitwiseCopyable {
        let followStart: FrozenArray<Int32>
        let follow: FrozenArray<Int32>
        let literalEnd: FrozenArray<Int32>
        /// The character each literal successor expects, in `follow` order: a step finds the
        /// successors taking its character by binary search instead of testing every edge (the
        /// start of a `$(lang)` fans out to hundreds of positions).
        let edgeScalar: FrozenArray<UInt32>
        /// States from which the end of the text is an acceptable end of the match.
        let acceptsAtEnd: FrozenArray<Bool>
        /// The states of the pattern's own `*`s (not those inside a variable's alternatives);
        /// empty when there are none.
        let topLevelStar: FrozenArray<Bool>
    }

    var followStart: FrozenArray<Int32> { stateList.pointer(at: 0).pointee.followStart }
    var follow: FrozenArray<Int32> { stateList.pointer(at: 0).pointee.follow }
    var literalEnd: FrozenArray<Int32> { stateList.pointer(at: 0).pointee.literalEnd }
    var edgeScalar: FrozenArray<UInt32> { stateList.pointer(at: 0).pointee.edgeScalar }
    var acceptsAtEnd: FrozenArray<Bool> { stateList.pointer(at: 0).pointee.acceptsAtEnd }
    var topLevelStar: FrozenArray<Bool> { stateList.pointer(at: 0).pointee.topLevelStar }

    /// Bit-parallel form: bit `s` stands for state `s`.
    struct SmallAutomaton: Sendable, BitwiseCopyable {
        /// Successors of each state.
        let follow: FrozenArray<UInt64>
        /// For each ASCII character, the states whose predicate accepts it.
        let asciiAccepting: FrozenArray<UInt64>
        /// States at which the end of the text is acceptable.
        let accepting: UInt64
    }

    /// Compiles a sequence of nodes. In a path pattern a literal `/` may also match nothing
    /// once the whole path has been consumed (SEMANTICS.md S5.4), hence `slashesVanishAtEnd`.
    /// A `budget` that runs out leaves the program incomplete: the caller checks
    /// `budget.isExhausted`.
    init(
        _ nodes: [PatternNode], slashesVanishAtEnd: Bool, arena: Arena, budget: CompileBudget? = nil
    ) {
        var builder = GlushkovBuilder(budget: budget)
        let root = builder.add(.sequence(nodes))
        builder.edges[Int(GlushkovBuilder.start)] = root.first
        var followStart: [Int32] = [0]
        var follow: [Int32] = []
        var literalEnd: [Int32] = []
        var edgeScalar: [UInt32] = []
        for state in 0..<builder.predicates.count {
            var seen = Set<Int32>()
            var literals: [(scalar: UInt32, target: Int32)] = []
            var others: [Int32] = []
            for next in builder.edges[state] where seen.insert(next).inserted {
                if case .scalar(let scalar) = builder.predicates[Int(next)] {
                    literals.append((scalar, next))
                } else {
                    others.append(next)
                }
            }
            literals.sort { ($0.scalar, $0.target) < ($1.scalar, $1.target) }
            follow += literals.map(\.target)
            edgeScalar += literals.map(\.scalar)
            literalEnd.append(Int32(follow.count))
            follow += others
            edgeScalar += others.map { _ in UInt32.max }
            followStart.append(Int32(follow.count))
        }
        self.predicates = arena.freeze(builder.predicates)
        var accepts = builder.acceptingPositions(
            lasts: root.last, slashesVanish: slashesVanishAtEnd)
        accepts[Int(GlushkovBuilder.start)] = builder.acceptsEmptyText(
            root, accepting: accepts, slashesVanish: slashesVanishAtEnd)
        // The builder numbers the positions of `nodes` in order, each node's together.
        var topLevelStar = [Bool](repeating: false, count: builder.predicates.count)
        var position = 1
        for node in nodes {
            if node == .anyRun, position < topLevelStar.count,
                builder.predicates[position] == .any
            {
                topLevelStar[position] = true
            }
            position += node.positionCount
        }
        self.stateList = arena.freeze([
            StateList(
                followStart: arena.freeze(followStart), follow: arena.freeze(follow),
                literalEnd: arena.freeze(literalEnd), edgeScalar: arena.freeze(edgeScalar),
                acceptsAtEnd: arena.freeze(accepts),
                topLevelStar: arena.freeze(topLevelStar.contains(true) ? topLevelStar : []))
        ])
        self.small = Self.smallAutomaton(
            builder.predicates, followStart, follow, accepts, arena: arena)
    }

    private static func smallAutomaton(
        _ predicates: [Predicate], _ followStart: [Int32], _ follow: [Int32], _ accepts: [Bool],
        arena: Arena
    ) -> SmallAutomaton? {
        guard predicates.count <= 64 else { return nil }
        var followMasks: [UInt64] = []
        for state in predicates.indices {
            var mask: UInt64 = 0
            for edge in Int(followStart[state])..<Int(followStart[state + 1]) {
                mask |= 1 << UInt64(follow[edge])
            }
            followMasks.append(mask)
        }
        let ascii = (0..<128).map { scalar in
            var mask: UInt64 = 0
            for state in 1..<predicates.count
            where Self.accepts(predicates[state], UInt32(scalar)) {
                mask |= 1 << UInt64(state)
            }
            return mask
        }
        var accepting: UInt64 = 0
        for state in accepts.indices where accepts[state] { accepting |= 1 << UInt64(state) }
        return SmallAutomaton(
            follow: arena.freeze(followMasks), asciiAccepting: arena.freeze(ascii),
            accepting: accepting)
    }
}

extension GlobProgram {
    /// Whether the pattern matches the whole of `text` (UTF-8, one character = one scalar).
    func matches(_ text: UnsafeBufferPointer<UInt8>, scratch: inout GlobScratch) -> Bool {
        if let small {
            scratch.bitParallelBytes &+= text.count
            return matchesSmall(small, text)
        }
        scratch.prepare(stateCount: stateCount)
        scratch.current.append(GlushkovBuilder.start)
        var index = 0
        while index < text.count {
            let (scalar, width) = UTF8Scalars.decode(text, at: index)
            index += width
            scratch.advanceGeneration()
            scratch.next.removeAll()
            for slot in 0..<scratch.current.count {
                let state = Int(scratch.current[slot])
                scratch.edgesRead &+= Int(followStart[state + 1]) - Int(followStart[state])
                let literalsEnd = Int(literalEnd[state])
                var edge = firstLiteral(scalar, from: Int(followStart[state]), to: literalsEnd)
                while edge < literalsEnd && edgeScalar[edge] == scalar {
                    scratch.enter(follow[edge])
                    edge += 1
                }
                for edge in literalsEnd..<Int(followStart[state + 1])
                where Self.accepts(predicates[Int(follow[edge])], scalar) {
                    scratch.enter(follow[edge])
                }
            }
            if scratch.next.count == 0 { return false }
            if !topLevelStar.isEmpty { dropBeforeLastStar(&scratch.next) }
            swap(&scratch.current, &scratch.next)
        }
        for slot in 0..<scratch.current.count where acceptsAtEnd[Int(scratch.current[slot])] {
            return true
        }
        return false
    }

    /// Leaves out the states before the last of the pattern's own `*`s among `states`: what
    /// they could still match, that `*` matches too.
    private func dropBeforeLastStar(_ states: inout ScratchBuffer<Int32>) {
        var lastStar: Int32 = 0
        for slot in 0..<states.count where topLevelStar[Int(states[slot])] {
            lastStar = max(lastStar, states[slot])
        }
        guard lastStar > 0 else { return }
        var kept = 0
        for slot in 0..<states.count where states[slot] >= lastStar {
            states[kept] = states[slot]
            kept += 1
        }
        states.count = kept
    }

    /// The first literal edge in `lower..<upper` expecting `scalar` or a larger one.
    @inline(__always)
    private func firstLiteral(_ scalar: UInt32, from lower: Int, to upper: Int) -> Int {
        var low = lower
        var high = upper
        while low < high {
            let middle = (low + high) >> 1
            if edgeScalar[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bit-parallel run: the successors of the live states, kept where the character fits.
    private func matchesSmall(_ automaton: SmallAutomaton, _ text: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var live: UInt64 = 1 << UInt64(GlushkovBuilder.start)
        var index = 0
        while index < text.count {
            let (scalar, width) = UTF8Scalars.decode(text, at: index)
            index += width
            var successors: UInt64 = 0
            var remaining = live
            while remaining != 0 {
                let state = remaining.trailingZeroBitCount
                successors |= automaton.follow[state]
                remaining &= remaining &- 1
            }
            live = successors & characterMask(automaton, scalar)
            if live == 0 { return false }
        }
        return live & automaton.accepting != 0
    }

    @inline(__always)
    private func characterMask(_ automaton: SmallAutomaton, _ scalar: UInt32) -> UInt64 {
        if scalar < 128 { return automaton.asciiAccepting[Int(scalar)] }
        var mask: UInt64 = 0
        for state in 1..<stateCount where Self.accepts(predicates[state], scalar) {
            mask |= 1 << UInt64(state)
        }
        return mask
    }

    @inline(__always)
    static func accepts(_ predicate: Predicate, _ scalar: UInt32) -> Bool {
        switch predicate {
        case .scalar(let expected): expected == scalar
        case .any: true
        case .oneOf(let set): set.contains(scalar)
        }
    }
}

/// Per-thread working memory of `GlobProgram.matches`, reused from call to call; freed by
/// its owner (`MatchScratch`).
struct GlobScratch {
    var current = ScratchBuffer<Int32>()
    var next = ScratchBuffer<Int32>()
    var seen = ScratchBuffer<UInt32>()
    var generation: UInt32 = 0
    /// The work of the runs: follow edges read by programs too large for the bit-parallel
    /// form, and bytes given to the others (at most one 64-bit step each).
    var edgesRead = 0
    var bitParallelBytes = 0

    func free() {
        current.free()
        next.free()
        seen.free()
    }

    mutating func prepare(stateCount: Int) {
        if seen.count < stateCount {
            seen.reserve(stateCount - seen.count)
            while seen.count < stateCount { seen.append(0) }
        }
        current.reserve(stateCount)
        next.reserve(stateCount)
        current.removeAll()
        next.removeAll()
        advanceGeneration()
    }

    /// Adds `state` to the next step's live states, once.
    @inline(__always)
    mutating func enter(_ state: Int32) {
        guard seen[Int(state)] != generation else { return }
        seen[Int(state)] = generation
        next.append(state)
    }

    /// A new mark for "seen in this step"; on wrap-around the old marks are wiped.
    @inline(__always)
    mutating func advanceGeneration() {
        generation &+= 1
        if generation == 0 {
            for index in 0..<seen.count { seen[index] = 0 }
            generation = 1
        }
    }
}
