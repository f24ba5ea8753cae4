import ASCIIBytes

/// A DFA over a `GlobUnion`, built lazily, one per thread and view. A DFA state is the set of
/// union positions live after some text; it is made the first time a path leads to it, and its
/// transitions are filled in as paths take them. After warm-up a path costs one table lookup
/// per character, whatever the number of globs: URLs that differ only in an ID walk states
/// already built.
///
/// A state leaves out the positions that a later `*` of their pattern makes redundant
/// (`GlobUnion.dominance`): once `*` number k of `*a*b*c...` is live, what the positions before
/// it could still match, it matches too. So the states of star-heavy patterns stay small (a
/// few positions per pattern in progress, not one per `*` already passed), and texts that
/// differ only in how far they got before the last `*` share states.
///
/// Memory is bounded by `budget` bytes. When a new state would not fit, the cache is emptied
/// and building goes on from the state in hand, as RE2's DFA does. While the cache serves, a
/// path of n characters costs, per character:
///
/// - a known transition: one table read (or, through a state that skips, one byte compare);
/// - an unknown one: one state built. That is one step over the follow edges of the current
///   state's P positions (E edges), the redundant positions left out and the rest sorted,
///   O(E + P log P), one hash lookup O(P), and, when the state is new, its row and group list
///   stored, O(C + P + G) for C classes and G groups;
/// - an emptying of the cache, when the state does not fit: O(states built since the last
///   one), paid for by building them (`statistics.cacheClears` counts them);
/// - at most once per state, `analyseLoops`: a step per class, within `analysisBudget`
///   follow edges per emptying.
///
/// P and E are at most the union's positions and edges, which `CompileBudget` bounds; with the
/// redundant positions left out they are a few per pattern still in progress, however many
/// `*`s it has passed: 12 patterns of 2,500 `*`s read about one follow edge per character of a
/// 50 KB path (`statistics.edgesRead` counts them, for tests to bound).
///
/// When emptying keeps recurring while few characters are read per state built (a rule set
/// whose DFA is far larger than the budget, such as hundreds of `*a*b*c*` patterns against
/// varied paths), every character is a state built, and the union's live positions (hundreds,
/// one or more per pattern in progress) cost more per character than the patterns run one by
/// one: the cache gives up and answers nil, and the caller runs each group's own automaton in
/// rule order, only as far as the first rule that decides (`GlobFallback`). That costs per
/// character, per group run, one 64-bit step for a pattern of up to 64 positions, else the
/// follow edges of its live positions, which leave out those before its last live `*` in the
/// same way (`GlobProgram`). (300 patterns `*a*b*c*d*e*f*` against 20,000 random paths: 0.28 s
/// so, 3.5 to 7 s building or stepping the union's states at every character.)
///
/// A pattern whose last `*` is live has matched, whatever follows (`GlobUnion.sinks`): that
/// `*` stays in a state for the one step that reaches it, and the walk keeps its groups aside.
/// Without this, a state would carry every such pattern matched so far, and a few hundred
/// `*42*` among other globs would make nearly every path with digits a new set of them: a
/// state built at most characters until the cache gave up (100 to 400 times slower). The
/// transitions into a state that holds a sink are marked (`emitsFlag`): the walk tests for
/// them, the transitions not built yet and the dead state in one test per character.
///
/// A state that every character but a few ASCII bytes leads back to (those that the `*`s of
/// `*/terms/*` keep, which only a `/` leads out of; an ID in `/orgs/*/repos/*/issues`) is
/// walked by skipping to the next of those bytes instead of reading the table at each
/// character: see `analyseLoops`.
///
/// Layout: state `s` owns the transition row `table[s << rowShift ..< (s + 1) << rowShift]`
/// (rows padded to a power of two, so that finding a row on the walk is a shift; 0 =
/// not built yet), its positions `positions[positionStart[s] ..< positionStart[s + 1]]`
/// (sorted) and the groups that match when the path ends there,
/// `groups[groupStart[s] ..< groupStart[s + 1]]`. Id 0 is a placeholder, 1 the dead state
/// (no live position), 2 the start.
struct LazyDFA {
    static let unknown: Int32 = 0
    static let dead: Int32 = 1
    static let start: Int32 = 2
    /// Set in a transition whose target holds a sink (`sinkGroups`); the id is the rest. Ids
    /// stay below it, so a cache holds fewer than 32,768 states.
    private static let emitsFlag: UInt16 = 0x8000
    /// A free slot of the set-to-state hash table holds the placeholder's id: no set maps to it.
    private static let freeSlot = unknown
    /// After this many emptyings, a cache that reads fewer than `minimumCharactersPerState`
    /// characters per state it builds gives up.
    static let clearsBeforeGivingUp = 3
    static let minimumCharactersPerState = 10
    /// Follow edges `analyseLoops` may read per emptying of the cache.
    static let analysisBudget = 1 << 20

    let budget: Int
    /// Row length, `1 << rowShift`: the union's class count rounded up to a power of two.
    private var rowShift = 0
    private var width: Int { 1 << rowShift }
    /// Transitions as 16-bit state ids: half the memory of the hot table, which a path reads at
    /// every character. A cache holds fewer than 65,536 states.
    private var table = ScratchBuffer<UInt16>(capacity: 1)
    private var positionStart = ScratchBuffer<Int32>(capacity: 1)
    private var positions = ScratchBuffer<Int32>(capacity: 1)
    private var groupStart = ScratchBuffer<Int32>(capacity: 1)
    private var groups = ScratchBuffer<Int32>(capacity: 1)
    /// Per position of the union, 1 for a sink (`GlobUnion.sinks`): a step does not go on
    /// from it.
    private var sinks = ScratchBuffer<UInt8>(capacity: 1)
    /// The groups of the sinks of each state, sorted and unique (empty for most):
    /// `sinkGroups[sinkGroupStart[s] ..< sinkGroupStart[s + 1]]`.
    private var sinkGroupStart = ScratchBuffer<Int32>(capacity: 1)
    private var sinkGroups = ScratchBuffer<Int32>(capacity: 1)
    /// The groups of the sinks a walk went through, each once (then with those of the state it
    /// ended in): the answer of a walk that met a sink. A group is in it when its mark in
    /// `metMarks` is the walk's `metGeneration`.
    private var met = ScratchBuffer<Int32>(capacity: 16)
    private var metMarks = ScratchBuffer<UInt32>(capacity: 1)
    private var metGeneration: UInt32 = 0
    /// Per state, the ASCII bytes that lead out of it when every other character leads back
    /// to it (at most `SkipBytes.capacity`: with more, a skip stops too soon to beat a table
    /// lookup per character); `SkipBytes.none` for any other state.
    private var exits = ScratchBuffer<SkipBytes>(capacity: 1)
    /// Follow edges that `analyseLoops` may still read before the next emptying: the analysis
    /// steps on every class, so its time is bounded apart from the memory budget.
    private var analysisLeft = 0
    /// Open-addressing hash table of state ids by position set; 0 marks a free slot.
    private var slots = ScratchBuffer<Int32>(capacity: 1)
    /// The positions of a step's target, and the step's "seen" marks per position.
    private var next = ScratchBuffer<Int32>(capacity: 16)
    private var seen = ScratchBuffer<UInt32>(capacity: 1)
    private var generation: UInt32 = 0
    /// Per chain of the union (`GlobUnion.dominance`), the last live `*` found in a step, valid
    /// where `chainMarks` holds the step's generation.
    private var deepestStar = ScratchBuffer<Int32>(capacity: 1)
    private var chainMarks = ScratchBuffer<UInt32>(capacity: 1)
    private var charactersSinceClear = 0
    private var statesSinceClear = 0
    /// Emptyings since the cache was readied for its union (`statistics` counts them all).
    private var clearsForUnion = 0
    /// True once the cache has given up on its union.
    private var givenUp = false
    private(set) var statistics = GlobCacheStatistics()

    init(budget: Int) { self.budget = budget }

    var stateCount: Int { positionStart.count - 1 }

    func free() {
        table.free()
        sinks.free()
        metMarks.free()
        for buffer in [
            positionStart, positions, groupStart, groups, slots, next, deepestStar,
            sinkGroupStart, sinkGroups, met,
        ] {
            buffer.free()
        }
        seen.free()
        chainMarks.free()
        exits.free()
    }

    /// Readies the cache for `union`, forgetting any other union it served.
    mutating func prepare(for union: UnsafePointer<GlobUnion>) {
        rowShift = Int.bitWidth - (max(union.pointee.classCount, 1) - 1).leadingZeroBitCount
        seen.removeAll()
        seen.reserve(union.pointee.positionCount)
        for _ in 0..<union.pointee.positionCount { seen.append(0) }
        sinks.removeAll()
        sinks.reserve(union.pointee.positionCount)
        for isSink in union.pointee.sinks() { sinks.append(isSink ? 1 : 0) }
        metMarks.removeAll()
        metMarks.reserve(union.pointee.groupCount)
        for _ in 0..<union.pointee.groupCount { metMarks.append(0) }
        metGeneration = 0
        // A step writes up to one entry per position without checking for room.
        next.removeAll()
        next.reserve(union.pointee.positionCount)
        deepestStar.removeAll()
        chainMarks.removeAll()
        deepestStar.reserve(union.pointee.chainCount)
        chainMarks.reserve(union.pointee.chainCount)
        for _ in 0..<union.pointee.chainCount {
            deepestStar.append(0)
            chainMarks.append(0)
        }
        generation = 0
        givenUp = false
        clearsForUnion = 0
        clear(union)
    }

    /// The groups of `union` whose pattern matches all of `text`, ascending, valid until the
    /// next call; nil once the cache has given up.
    @inline(__always)
    mutating func matchingGroups(
        _ union: UnsafePointer<GlobUnion>, _ text: UnsafeBufferPointer<UInt8>
    )
        -> UnsafeBufferPointer<Int32>?
    {
        if givenUp { return nil }
        charactersSinceClear &+= text.count
        met.removeAll()
        var state = Self.start
        var index = 0
        while index < text.count {
            let (characterClass, length) = union.pointee.characterClass(text, at: index)
            index += length
            var entry = table[Int(state) &<< rowShift | characterClass]
            // One test for the rare entries: not built yet (0), the dead state (1), or into a
            // state that drops sinks (`emitsFlag` set).
            if entry &- 2 >= Self.emitsFlag &- 2 {
                if entry == UInt16(Self.unknown) {
                    entry = build(union, from: state, characterClass)
                    if entry == UInt16(Self.unknown) { return nil }
                }
                if entry & Self.emitsFlag != 0 {
                    entry &= ~Self.emitsFlag
                    meet(Int32(entry))
                }
                if entry == UInt16(Self.dead) { return answer(endingIn: nil) }
            }
            let target = Int32(entry)
            if target == state {
                let stateExits = exits.base + Int(state)
                if stateExits.pointee.skips {
                    index = stateExits.pointee.firstIn(text, from: index)
                }
            }
            state = target
        }
        return answer(endingIn: state)
    }

    /// Keeps aside the groups of the sinks of `state`, which a walk has just entered, those
    /// not met yet (a pattern may be met again at each segment of a path).
    @inline(never)
    private mutating func meet(_ state: Int32) {
        if met.count == 0 {
            // The walk's first: a new generation of marks.
            metGeneration &+= 1
            if metGeneration == 0 {
                for index in 0..<metMarks.count { metMarks[index] = 0 }
                metGeneration = 1
            }
        }
        for group in slice(sinkGroups, sinkGroupStart, state)
        where metMarks[Int(group)] != metGeneration {
            metMarks[Int(group)] = metGeneration
            met.append(group)
        }
    }

    /// The groups of a walk that ended in `state` (nil: the dead state), with those of the
    /// sinks it went through.
    @inline(__always)
    private mutating func answer(endingIn state: Int32?) -> UnsafeBufferPointer<Int32> {
        let ending =
            state.map { slice(groups, groupStart, $0) } ?? UnsafeBufferPointer(start: nil, count: 0)
        if met.count == 0 { return ending }
        return mergeMet(with: ending)
    }

    /// `met` with `ending` added, sorted and unique.
    @inline(never)
    private mutating func mergeMet(with ending: UnsafeBufferPointer<Int32>)
        -> UnsafeBufferPointer<Int32>
    {
        // The usual walk met one sink and ended in the dead state.
        if met.count == 1 && ending.isEmpty { return met.buffer }
        met.append(contentsOf: ending)
        met.count = Self.sortedUnique(UnsafeMutableBufferPointer(start: met.base, count: met.count))
        return met.buffer
    }

    /// Sorts `groups` and moves each group's first copy to the front; returns how many.
    private static func sortedUnique(_ groups: UnsafeMutableBufferPointer<Int32>) -> Int {
        guard groups.count > 1 else { return groups.count }
        var groups = groups
        if groups.count <= 16 {
            // Insertion sort: a walk meets a few sinks, which the general sort pays a call for.
            for index in 1..<groups.count {
                let group = groups[index]
                var slot = index
                while slot > 0 && groups[slot - 1] > group {
                    groups[slot] = groups[slot - 1]
                    slot -= 1
                }
                groups[slot] = group
            }
        } else {
            groups.sort()
        }
        var kept = 1
        for index in 1..<groups.count where groups[index] != groups[kept - 1] {
            groups[kept] = groups[index]
            kept += 1
        }
        return kept
    }

    /// Makes the transition of `state` on `characterClass` and returns it as the table holds
    /// it (the target, with `emitsFlag` when it holds a sink), emptying the cache first when
    /// the target is new and does not fit (the target is then the only state built besides
    /// the fixed ones, and `state` is gone); `unknown` when the cache gave up.
    @inline(never)
    private mutating func build(
        _ union: UnsafePointer<GlobUnion>, from state: Int32, _ characterClass: Int
    )
        -> UInt16
    {
        step(union, slice(positions, positionStart, state), characterClass)
        if let known = lookUp(next.buffer) {
            let entry = transition(to: known)
            table[Int(state) &<< rowShift | characterClass] = entry
            if known == state { analyseLoops(union, state) }
            return entry
        }
        if memoryInUse + bytes(forStateOf: next.count) > budget
            || stateCount >= Int(Self.emitsFlag)
        {
            if clearsForUnion >= Self.clearsBeforeGivingUp
                && charactersSinceClear < Self.minimumCharactersPerState * statesSinceClear
            {
                giveUp()
                return UInt16(Self.unknown)
            }
            clear(union)
            statistics.cacheClears += 1
            clearsForUnion += 1
            // Added first: a call's receiver is read before its argument, and `add` grows
            // the buffers `transition(to:)` reads.
            let target = add(union, next.buffer)
            return transition(to: target)
        }
        let target = add(union, next.buffer)
        let entry = transition(to: target)
        table[Int(state) &<< rowShift | characterClass] = entry
        return entry
    }

    /// A transition to `state` as the table holds it.
    @inline(__always)
    private func transition(to state: Int32) -> UInt16 {
        let holdsSink = sinkGroupStart[Int(state) + 1] > sinkGroupStart[Int(state)]
        return UInt16(state) | (holdsSink ? Self.emitsFlag : 0)
    }

    /// Run when a transition of `state` back to itself is first built: steps on every class
    /// and fills in each one that leads back to `state`, so this runs once per state. When
    /// every scalar outside ASCII leads back and at most `SkipBytes.capacity` ASCII bytes lead out,
    /// records those bytes: walks then skip to the next of them. Nothing is built, so the
    /// state in hand stays valid.
    @inline(never)
    private mutating func analyseLoops(_ union: UnsafePointer<GlobUnion>, _ state: Int32) {
        let own = slice(positions, positionStart, state)
        let classCount = union.pointee.classCount
        var edges = 1
        for position in own {
            edges +=
                Int(union.pointee.followStart[Int(position) + 1])
                - Int(union.pointee.followStart[Int(position)])
        }
        let cost = edges * classCount
        guard cost <= analysisLeft else { return }
        analysisLeft -= cost
        let firstOutsideASCII = Int(union.pointee.otherScalarClass)
        // Class ids of ASCII characters are below 128: an `ASCIISet` holds the leaving ones.
        var leaving = ASCIISet(low: 0, high: 0)
        var loopsOutsideASCII = true
        for characterClass in 0..<classCount {
            step(union, own, characterClass)
            if Self.same(next.buffer, own) {
                table[Int(state) &<< rowShift | characterClass] = transition(to: state)
            } else if characterClass >= firstOutsideASCII {
                loopsOutsideASCII = false
            } else {
                leaving.insert(UInt32(characterClass))
            }
        }
        guard loopsOutsideASCII else { return }
        var exitBytes: [UInt8] = []
        for byte in 0..<128 where leaving.contains(UInt32(union.pointee.asciiClass[byte])) {
            exitBytes.append(UInt8(byte))
        }
        guard exitBytes.count <= SkipBytes.capacity else { return }
        exits[Int(state)] = SkipBytes(exitBytes)
        statistics.statesSkippedThrough += 1
    }

    /// The positions reached from `from` by one character of `characterClass`, without those
    /// a later `*` makes redundant, sorted, into `next`.
    private mutating func step(
        _ union: UnsafePointer<GlobUnion>, _ from: UnsafeBufferPointer<Int32>, _ characterClass: Int
    ) {
        generation &+= 1
        if generation == 0 {
            for index in 0..<seen.count { seen[index] = 0 }
            for index in 0..<chainMarks.count { chainMarks[index] = 0 }
            generation = 1
        }
        // Read through local copies: the loops then keep them in registers.
        let followStart = union.pointee.followStart
        let follow = union.pointee.follow
        let classes = union.pointee.positionClasses
        let classWords = union.pointee.classWords
        let word = characterClass >> 6
        let bit = UInt64(1) &<< UInt64(characterClass & 63)
        let marks = seen.base
        let mark = generation
        // `prepare` made room for every position, each entered once.
        let out = next.base
        var count = 0
        var edgesRead = 0
        let sinks = self.sinks.base
        for position in from where sinks[Int(position)] == 0 {
            let first = Int(followStart[Int(position)])
            let end = Int(followStart[Int(position) + 1])
            edgesRead &+= end - first
            for edge in first..<end {
                let successor = Int(follow[edge])
                guard marks[successor] != mark,
                    classes[successor &* classWords &+ word] & bit != 0
                else { continue }
                marks[successor] = mark
                out[count] = Int32(successor)
                count &+= 1
            }
        }
        next.count = count
        statistics.edgesRead &+= edgesRead
        if union.pointee.chainCount > 0 { dropRedundant(union) }
        var positions = UnsafeMutableBufferPointer(start: next.base, count: next.count)
        positions.sort()
    }

    /// Leaves out of `next` every position of a chain that comes before the chain's last live
    /// `*` (`GlobUnion.dominance`): the state then says what the text can still lead to with
    /// fewer positions. Two passes over `next`, in step order.
    private mutating func dropRedundant(_ union: UnsafePointer<GlobUnion>) {
        let dominance = union.pointee.dominance
        let positions = next.base
        let count = next.count
        let marks = chainMarks.base
        let deepest = deepestStar.base
        let mark = generation
        var anyStar = false
        for index in 0..<count {
            let position = positions[index]
            let kind = dominance[Int(position)]
            guard kind >= 0, kind & 1 == 1 else { continue }
            let chain = Int(kind >> 1)
            if marks[chain] != mark || deepest[chain] < position {
                marks[chain] = mark
                deepest[chain] = position
                anyStar = true
            }
        }
        guard anyStar else { return }
        var kept = 0
        for index in 0..<count {
            let position = positions[index]
            let kind = dominance[Int(position)]
            if kind >= 0 {
                let chain = Int(kind >> 1)
                if marks[chain] == mark && position < deepest[chain] { continue }
            }
            positions[kept] = position
            kept += 1
        }
        next.count = kept
    }

    /// Appends the groups that match when the text ends at `set`, sorted and unique.
    private static func appendGroups(
        of set: UnsafeBufferPointer<Int32>, _ union: UnsafePointer<GlobUnion>,
        to output: inout ScratchBuffer<Int32>
    ) {
        let first = output.count
        for position in set {
            if position == GlushkovBuilder.start {
                for group in union.pointee.startGroups.buffer { output.append(group) }
            } else {
                let first = Int(union.pointee.endGroupStart[Int(position)])
                let end = Int(union.pointee.endGroupStart[Int(position) + 1])
                for index in first..<end { output.append(union.pointee.endGroups[index]) }
            }
        }
        output.count =
            first
            + sortedUnique(
                UnsafeMutableBufferPointer(start: output.base + first, count: output.count - first))
    }

    // MARK: States

    private mutating func add(_ union: UnsafePointer<GlobUnion>, _ set: UnsafeBufferPointer<Int32>)
        -> Int32
    {
        let id = Int32(stateCount)
        positions.reserve(set.count)
        for position in set { positions.append(position) }
        positionStart.append(Int32(positions.count))
        Self.appendGroups(of: set, union, to: &groups)
        groupStart.append(Int32(groups.count))
        appendSinkGroups(of: set, union)
        sinkGroupStart.append(Int32(sinkGroups.count))
        exits.append(.none)
        table.reserve(width)
        for _ in 0..<width { table.append(0) }
        if stateCount * 2 > slots.count {
            rehash(capacity: max(64, slots.count * 2))
        } else {
            insert(id)
        }
        statistics.statesBuilt += 1
        statesSinceClear += 1
        return id
    }

    /// Appends the groups of the sinks of `set`, sorted and unique.
    private mutating func appendSinkGroups(
        of set: UnsafeBufferPointer<Int32>, _ union: UnsafePointer<GlobUnion>
    ) {
        let first = sinkGroups.count
        for position in set where sinks[Int(position)] != 0 {
            let start = Int(union.pointee.endGroupStart[Int(position)])
            let end = Int(union.pointee.endGroupStart[Int(position) + 1])
            for index in start..<end { sinkGroups.append(union.pointee.endGroups[index]) }
        }
        sinkGroups.count =
            first
            + Self.sortedUnique(
                UnsafeMutableBufferPointer(
                    start: sinkGroups.base + first, count: sinkGroups.count - first))
    }

    /// Empties the cache and adds the placeholder, dead and start states.
    private mutating func clear(_ union: UnsafePointer<GlobUnion>) {
        table.removeAll()
        positions.removeAll()
        groups.removeAll()
        positionStart.removeAll()
        groupStart.removeAll()
        exits.removeAll()
        sinkGroups.removeAll()
        sinkGroupStart.removeAll()
        positionStart.append(0)
        groupStart.append(0)
        sinkGroupStart.append(0)
        for slot in 0..<slots.count { slots[slot] = Self.freeSlot }
        // The placeholder: a row and an empty set that no lookup finds.
        positionStart.append(0)
        groupStart.append(0)
        sinkGroupStart.append(0)
        exits.append(.none)
        for _ in 0..<width { table.append(0) }
        _ = add(union, UnsafeBufferPointer(start: nil, count: 0))
        _ = withUnsafePointer(to: GlushkovBuilder.start) {
            add(union, UnsafeBufferPointer(start: $0, count: 1))
        }
        analysisLeft = Self.analysisBudget
        charactersSinceClear = 0
        statesSinceClear = 0
    }

    private mutating func giveUp() {
        givenUp = true
        statistics.fallbacks += 1
        table.removeAll()
        positions.removeAll()
        groups.removeAll()
        slots.removeAll()
        exits.removeAll()
        sinkGroups.removeAll()
        sinkGroupStart.removeAll()
    }

    private var memoryInUse: Int {
        2 * table.count + MemoryLayout<SkipBytes>.stride * exits.count
            + 4
            * (positions.count + groups.count + positionStart.count + groupStart.count
                + slots.count + sinkGroups.count + sinkGroupStart.count)
    }

    private func bytes(forStateOf setCount: Int) -> Int {
        2 * width + MemoryLayout<ASCIISet>.stride + 4 * (setCount + 5)
    }

    @inline(__always)
    private func slice(
        _ pool: ScratchBuffer<Int32>, _ starts: ScratchBuffer<Int32>, _ state: Int32
    ) -> UnsafeBufferPointer<Int32> {
        let start = Int(starts[Int(state)])
        return UnsafeBufferPointer(
            start: pool.base + start, count: Int(starts[Int(state) + 1]) - start)
    }

    // MARK: The set-to-state table

    @inline(__always)
    private static func hash(_ set: UnsafeBufferPointer<Int32>) -> Int {
        PositionSetHash.hash(set)
    }

    private func lookUp(_ set: UnsafeBufferPointer<Int32>) -> Int32? {
        guard slots.count > 0 else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(set) & mask
        while true {
            let id = slots[slot]
            if id == Self.freeSlot { return nil }
            if Self.same(slice(positions, positionStart, id), set) { return id }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private static func same(_ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>)
        -> Bool
    {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    private mutating func insert(_ id: Int32) {
        let mask = slots.count - 1
        var slot = Self.hash(slice(positions, positionStart, id)) & mask
        while slots[slot] != Self.freeSlot { slot = (slot + 1) & mask }
        slots[slot] = id
    }

    private mutating func rehash(capacity: Int) {
        slots.removeAll()
        slots.reserve(capacity)
        for _ in 0..<capacity { slots.append(Self.freeSlot) }
        for id in 1..<Int32(stateCount) { insert(id) }
    }
}

/// What the lazy DFAs of a scratch did: for `--debug` and benchmarks.
public struct GlobCacheStatistics: Sendable, Equatable, BitwiseCopyable {
    /// DFA states built, over all views and emptyings.
    public var statesBuilt = 0
    /// Times a cache was emptied because it reached its budget.
    public var cacheClears = 0
    /// Caches that gave up and run each glob on its own (`GlobFallback`).
    public var fallbacks = 0
    /// Times the globs run on their own were dropped and compiled again as needed, to stay
    /// within their budget.
    public var fallbackRecompilations = 0
    /// States that walks skip through to the next of a few bytes (`LazyDFA.analyseLoops`).
    public var statesSkippedThrough = 0
    /// Follow edges read to build states: the work of the lazy DFAs beside their table reads,
    /// which `LazyDFA` bounds per character of a path.
    public var edgesRead = 0
    /// Follow edges read by the globs run on their own (query, fragment and item patterns, and
    /// paths once a cache gave up) too large for the bit-parallel form, for tests to bound
    /// likewise.
    public var singleGlobEdgesRead = 0
    /// Bytes read by those globs in the bit-parallel form: at most one 64-bit step each.
    public var singleGlobBytes = 0

    /// No work counted yet.
    public init() {}

    /// The counts of both, added.
    public static func + (a: Self, b: Self) -> Self {
        var sum = a
        sum.statesBuilt += b.statesBuilt
        sum.cacheClears += b.cacheClears
        sum.fallbacks += b.fallbacks
        sum.fallbackRecompilations += b.fallbackRecompilations
        sum.statesSkippedThrough += b.statesSkippedThrough
        sum.edgesRead += b.edgesRead
        sum.singleGlobEdgesRead += b.singleGlobEdgesRead
        sum.singleGlobBytes += b.singleGlobBytes
        return sum
    }
}
