import LinkMatcher

/// The cells of one part of a URL (its path, its query, a query item's value or its fragment)
/// under a list of patterns: every text of the part lies in exactly one cell, and the texts of
/// a cell are accepted by the same patterns. Found by the subset construction of the union of
/// the patterns' automata, read over the characters a URL holds there as written, one
/// shortest text kept per cell. Exact when `complete`; a construction that outgrows its
/// budget keeps the cells it found and says so.
struct PartCells {
    /// One cell: the patterns (indices into the automata given) that accept its texts, in
    /// order, and its shortest text (ASCII, as a URL holds it).
    struct Cell: Sendable, Equatable {
        var patterns: [Int32]
        var text: [UInt8]
    }

    /// Which part of the URL the texts are.
    enum Part: Sendable {
        case path, query, queryValue, fragment

        /// The characters a URL holds raw in this part, as the matcher compares it: printable
        /// ASCII less the bytes it carries percent-encoded (SEMANTICS.md S3.2) and the
        /// separators that end the part.
        func admits(_ byte: UInt8) -> Bool {
            guard byte > 0x20, byte < 0x7F, !"\"#<>[\\]^`{|}".utf8.contains(byte) else {
                return false
            }
            switch self {
            case .path: return byte != UInt8(ascii: "?")
            case .query, .fragment: return true
            case .queryValue: return byte != UInt8(ascii: "&")
            }
        }
    }

    let cells: [Cell]
    /// False when the construction stopped at its budget: other cells may exist.
    let complete: Bool
    /// States the construction visited: its cost.
    let states: Int

    /// States the construction may visit.
    static let defaultBudget = 20_000

    /// The cells of `part` under `automata`, each reading the text as written (a rule that
    /// folds case or decodes is rewritten to read it so; see `URLCells`). `withoutPercent`
    /// leaves out texts holding `%`, where a decoding rule reads other text than the URL's.
    init(
        _ automata: [Inclusion.PartAutomaton], part: Part, withoutPercent: Bool = false,
        budget: Int = defaultBudget
    ) {
        var explorer = Explorer(automata, part: part, withoutPercent: withoutPercent)
        (cells, complete, states) = explorer.run(budget: budget)
    }
}

extension PartCells {
    /// The union of the automata with global position numbers, and the walk over its subsets.
    fileprivate struct Explorer {
        private var follow: [[Int32]] = []
        private var accepting: [Bool] = []
        private var owner: [Int32] = []
        private var sets: [Inclusion.ScalarSet] = []
        private var starts: [Int32] = []
        /// The first byte of each class of characters the patterns cannot tell apart.
        private var representatives: [UInt8] = []
        private var useful: [Bool] = []
        private var masks: [[UInt64]] = []
        /// The live positions after one character of each class, from the state last stepped:
        /// class `c`'s are `successors[successorStart[c]..<successorEnd[c]]`, sorted.
        private var successors: [Int32] = []
        private var successorStart: [Int] = []
        private var successorEnd: [Int] = []
        private let domain: Inclusion.TextDomain
        /// The class of each representative byte, -1 for other bytes.
        private var symbolOf: [Int] = []

        init(_ automata: [Inclusion.PartAutomaton], part: Part, withoutPercent: Bool) {
            domain = Inclusion.TextDomain(isPath: part == .path, folded: false, decoded: false)
            var cuts = Set<UInt32>([0, 0x2F, 0x30, 0x80])
            for (index, automaton) in automata.enumerated() {
                let offset = Int32(sets.count)
                starts.append(offset)
                for position in 0..<automaton.count {
                    follow.append(automaton.follow[position].map { $0 + offset })
                    accepting.append(automaton.accepting[position])
                    owner.append(Int32(index))
                    useful.append(automaton.useful[position])
                    sets.append(automaton.sets[position])
                    for range in automaton.sets[position].ranges where range.lowerBound < 0x80 {
                        cuts.insert(range.lowerBound)
                        if range.upperBound < 0x80 { cuts.insert(range.upperBound + 1) }
                    }
                }
            }
            // Every byte between two cuts is in the same sets: one of them stands for all, the
            // most readable in a URL.
            let bounds = cuts.sorted()
            for (index, low) in bounds.enumerated() where low < 0x80 {
                let high = index + 1 < bounds.count ? bounds[index + 1] : 0x80
                let admitted = (low..<high).map { UInt8($0) }.filter { byte in
                    part.admits(byte) && !(withoutPercent && byte == UInt8(ascii: "%"))
                }
                let best = admitted.min { Self.readability($0) < Self.readability($1) }
                if let best { representatives.append(best) }
            }
            // The walk tries the most readable first, so the shortest texts read best too.
            representatives.sort { Self.readability($0) < Self.readability($1) }
            successorStart = Array(repeating: 0, count: representatives.count + 1)
            successorEnd = Array(repeating: 0, count: representatives.count)
            // Each position's classes, as a bit mask; positions that lead to no accepting one
            // read nothing, so that the subsets keep only what matters.
            let words = (representatives.count + 63) / 64
            symbolOf = [Int](repeating: -1, count: 128)
            for (index, byte) in representatives.enumerated() { symbolOf[Int(byte)] = index }
            var known: [Inclusion.ScalarSet: [UInt64]] = [:]
            masks = sets.indices.map { position in
                guard useful[position] else { return [UInt64](repeating: 0, count: words) }
                if let mask = known[sets[position]] { return mask }
                var mask = [UInt64](repeating: 0, count: words)
                for range in sets[position].ranges where range.lowerBound < 0x80 {
                    for scalar in range.lowerBound...min(range.upperBound, 0x7F) {
                        let symbol = symbolOf[Int(scalar)]
                        if symbol >= 0 { mask[symbol >> 6] |= 1 << UInt64(symbol & 63) }
                    }
                }
                known[sets[position]] = mask
                return mask
            }
        }

        /// The text with each empty path segment (`a//b`, shortest but odd in a URL) given a
        /// letter, when the cell stays the same.
        private func readable(_ text: [UInt8], _ patterns: [Int32]) -> [UInt8] {
            let slash = UInt8(ascii: "/")
            let letter = UInt8(ascii: "a")
            guard domain.isPath, symbolOf[Int(letter)] >= 0,
                zip(text, text.dropFirst()).contains(where: { $0 == slash && $1 == slash })
            else { return text }
            var filled: [UInt8] = []
            for byte in text {
                if byte == slash, filled.last == slash { filled.append(letter) }
                filled.append(byte)
            }
            return signature(of: filled) == patterns ? filled : text
        }

        /// The patterns that accept `text` (made of representative bytes).
        private func signature(of text: [UInt8]) -> [Int32]? {
            var live = starts.filter { useful[Int($0)] }
            for byte in text {
                let symbol = symbolOf[Int(byte)]
                guard symbol >= 0 else { return nil }
                let word = symbol >> 6
                let bit = UInt64(1) << UInt64(symbol & 63)
                var next: [Int32] = []
                for position in live {
                    for successor in follow[Int(position)]
                    where masks[Int(successor)][word] & bit != 0 {
                        next.append(successor)
                    }
                }
                if next.count > 1 { Self.sortUnique(&next) }
                live = next
            }
            return signature(live)
        }

        /// Rank of a byte as a witness character: letters, then digits, then the rest.
        private static func readability(_ byte: UInt8) -> Int {
            let order = Array(
                "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~".utf8)
            return order.firstIndex(of: byte) ?? (order.count + Int(byte))
        }

        /// A subset of positions and the state of the text's domain.
        private struct State {
            let live: [Int32]
            let domainState: UInt8
        }

        /// The hash of a state's positions and domain state.
        private static func hash(_ live: ArraySlice<Int32>, _ domainState: UInt8) -> Int {
            live.withUnsafeBufferPointer { PositionSetHash.hash($0, seed: domainState) }
        }

        /// The states met so far, found by their hash (open addressing, linear probing, as
        /// `LazyDFA` finds its sets). The walk looks up every successor of every state: a
        /// `Dictionary` of states made an array and hashed it with `Hasher` at each, most of
        /// the walk's time.
        private struct StateIndex {
            private(set) var states: [State] = []
            private var hashes: [Int] = []
            /// Per slot, an index into `states`, or -1.
            private var slots = [Int32](repeating: -1, count: 1024)

            /// The slot of the state, or of the empty slot where it would go.
            private func slot(of live: ArraySlice<Int32>, _ domainState: UInt8, hash: Int) -> Int {
                var slot = hash & (slots.count - 1)
                while slots[slot] >= 0 {
                    let index = Int(slots[slot])
                    if hashes[index] == hash, states[index].domainState == domainState,
                        states[index].live[...] == live
                    {
                        return slot
                    }
                    slot = (slot + 1) & (slots.count - 1)
                }
                return slot
            }

            func contains(_ live: ArraySlice<Int32>, _ domainState: UInt8) -> Bool {
                slots[slot(of: live, domainState, hash: Explorer.hash(live, domainState))] >= 0
            }

            /// Adds the state unless it is there already; true when it was added.
            mutating func insert(_ live: ArraySlice<Int32>, _ domainState: UInt8) -> Bool {
                let hash = Explorer.hash(live, domainState)
                let slot = slot(of: live, domainState, hash: hash)
                guard slots[slot] < 0 else { return false }
                slots[slot] = Int32(states.count)
                states.append(State(live: Array(live), domainState: domainState))
                hashes.append(hash)
                if 2 * states.count > slots.count { grow() }
                return true
            }

            private mutating func grow() {
                slots = [Int32](repeating: -1, count: 2 * slots.count)
                for index in states.indices {
                    var slot = hashes[index] & (slots.count - 1)
                    while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
                    slots[slot] = Int32(index)
                }
            }
        }

        mutating func run(budget: Int) -> (cells: [Cell], complete: Bool, states: Int) {
            var index = StateIndex()
            _ = index.insert(starts.filter { useful[Int($0)] }[...], Inclusion.TextDomain.start)
            var parent: [Int32] = [-1]
            var byte: [UInt8] = [0]
            var found: [[Int32]: Int32] = [:]
            var order: [[Int32]] = []
            var head = 0
            var complete = true
            while head < index.states.count {
                let state = index.states[head]
                let here = Int32(head)
                head += 1
                if domain.accepts(state.domainState) {
                    let patterns = signature(state.live)
                    if found[patterns] == nil {
                        found[patterns] = here
                        order.append(patterns)
                    }
                }
                step(state.live)
                for (symbol, representative) in representatives.enumerated() {
                    guard
                        let domainState = domain.step(
                            state.domainState, readingSlash: representative == UInt8(ascii: "/"))
                    else { continue }
                    let next = successors[successorStart[symbol]..<successorEnd[symbol]]
                    guard index.states.count < budget else {
                        if !index.contains(next, domainState) { complete = false }
                        continue
                    }
                    guard index.insert(next, domainState) else { continue }
                    parent.append(here)
                    byte.append(representative)
                }
            }
            let cells = order.map { patterns -> Cell in
                var text: [UInt8] = []
                var at = found[patterns] ?? 0
                while at > 0 {
                    text.append(byte[Int(at)])
                    at = parent[Int(at)]
                }
                return Cell(patterns: patterns, text: readable(text.reversed(), patterns))
            }
            return (cells, complete, index.states.count)
        }

        /// The automata with an accepting position live, each once, in order.
        private func signature(_ live: [Int32]) -> [Int32] {
            var patterns: [Int32] = []
            for position in live where accepting[Int(position)] {
                let automaton = owner[Int(position)]
                if patterns.last != automaton { patterns.append(automaton) }
            }
            return patterns
        }

        /// The positions in increasing order, each once: often already so.
        private static func sortUnique(_ positions: inout [Int32]) {
            let kept = positions.withUnsafeMutableBufferPointer { sortUnique($0) }
            positions.removeLast(positions.count - kept)
        }

        /// `sortUnique` in place: the count of positions kept at the front.
        private static func sortUnique(_ positions: UnsafeMutableBufferPointer<Int32>) -> Int {
            var positions = positions
            guard positions.count > 1 else { return positions.count }
            var increasing = true
            for at in 1..<positions.count where positions[at - 1] >= positions[at] {
                increasing = false
                break
            }
            if increasing { return positions.count }
            positions.sort()
            var kept = 1
            for at in 1..<positions.count where positions[at] != positions[kept - 1] {
                positions[kept] = positions[at]
                kept += 1
            }
            return kept
        }

        /// The live positions after one character of each class, each list sorted (so each
        /// automaton's positions stay together, in automaton order), into `successors`:
        /// counted per class first, then placed, in one buffer kept from state to state.
        /// Walked position by position: a literal position reads one class, so this costs far
        /// less than a walk per class.
        private mutating func step(_ live: [Int32]) {
            let classes = successorEnd.count
            var start = successorStart
            var end = successorEnd
            var placed = successors
            successors = []
            // Each successor of each class: without `placed`, counted one place after its
            // class (`cursor[c + 1]`); with it, placed at `cursor[c]`, which moves on.
            func visit(
                _ cursor: UnsafeMutableBufferPointer<Int>, _ placed: UnsafeMutablePointer<Int32>?
            ) {
                for position in live {
                    for successor in follow[Int(position)] {
                        masks[Int(successor)].withUnsafeBufferPointer { mask in
                            for word in 0..<mask.count {
                                var bits = mask[word]
                                while bits != 0 {
                                    let symbol = word << 6 | bits.trailingZeroBitCount
                                    if let placed {
                                        placed[cursor[symbol]] = successor
                                        cursor[symbol] += 1
                                    } else {
                                        cursor[symbol + 1] += 1
                                    }
                                    bits &= bits - 1
                                }
                            }
                        }
                    }
                }
            }
            start.withUnsafeMutableBufferPointer { start in
                start.update(repeating: 0)
                visit(start, nil)
                for symbol in 0..<classes { start[symbol + 1] += start[symbol] }
            }
            if placed.count < start[classes] {
                placed = Array(repeating: 0, count: max(start[classes], 2 * placed.count))
            }
            end.withUnsafeMutableBufferPointer { end in
                for symbol in 0..<classes { end[symbol] = start[symbol] }
                placed.withUnsafeMutableBufferPointer { buffer in
                    visit(end, buffer.baseAddress)
                    for symbol in 0..<classes where end[symbol] - start[symbol] > 1 {
                        let list = buffer[start[symbol]..<end[symbol]]
                        end[symbol] = start[symbol] + Self.sortUnique(.init(rebasing: list))
                    }
                }
            }
            successorStart = start
            successorEnd = end
            successors = placed
        }
    }
}
