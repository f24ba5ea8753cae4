extension Inclusion {
    /// The outcome of a bounded exploration: a proof, a counterexample, or neither within budget.
    enum Proof: Sendable, Equatable {
        case proven
        case refuted
        case unknown
    }

    /// Inclusion and intersection of pattern languages over the texts of one domain, decided by
    /// exploring products of automata over an alphabet of character classes. Every answer other
    /// than `unknown` is exact for the automata given; the budget bounds the states explored.
    enum LanguageCheck {
        /// States a product may visit before the check gives up and says `unknown`.
        static let defaultBudget = 20_000
        /// What a check adds to `visited` beside its states: building its alphabet and masks
        /// costs about as much as visiting that many states.
        static let setupCost = 8

        /// Whether every text of the domain that `subject` accepts is accepted by some automaton
        /// of `covers`. Explores `subject` (as it is) against the subset construction of the
        /// covers' union: a reachable state where the subject accepts and no cover position does
        /// is a counterexample.
        static func isIncluded(
            _ subject: PartAutomaton, in covers: [PartAutomaton], domain: TextDomain,
            budget: Int = defaultBudget
        ) -> Proof {
            var visited = 0
            return isIncluded(
                subject, in: covers, domain: domain, budget: budget, visited: &visited)
        }

        /// `isIncluded`, adding the product states it visited to `visited`: its work.
        static func isIncluded(
            _ subject: PartAutomaton, in covers: [PartAutomaton], domain: TextDomain,
            budget: Int = defaultBudget, visited: inout Int
        ) -> Proof {
            if subject.acceptsNothing { return .proven }
            let alphabet = Alphabet(
                [subject.sets, covers.flatMap(\.sets)].joined(), domain: domain)
            var union = CoverUnion(covers, alphabet: alphabet)
            var subjectMasks = MaskCache(subject.sets, alphabet: alphabet)
            struct State: Hashable {
                var position: Int32
                var domainState: UInt8
                var covers: [Int32]
            }
            var frontier = SearchFrontier(
                State(position: 0, domainState: TextDomain.start, covers: union.starts),
                budget: budget)
            defer { visited += frontier.count + setupCost }
            while let state = frontier.next() {
                if union.acceptsEverything(state.covers) { continue }
                if subject.accepting[Int(state.position)], domain.accepts(state.domainState),
                    !union.accepts(state.covers)
                {
                    return .refuted
                }
                var successors: [Int: [Int32]] = [:]
                for next in subject.follow[Int(state.position)] where subject.useful[Int(next)] {
                    let mask = subjectMasks.mask(Int(next))
                    for symbol in MaskCache.members(mask) {
                        guard
                            let domainState = domain.step(
                                state.domainState, readingSlash: symbol == alphabet.slashClass)
                        else { continue }
                        let covers: [Int32]
                        if let known = successors[symbol] {
                            covers = known
                        } else {
                            covers = union.step(state.covers, symbol)
                            successors[symbol] = covers
                        }
                        let successor = State(
                            position: next, domainState: domainState, covers: covers)
                        guard frontier.add(successor) else { return .unknown }
                    }
                }
            }
            return .proven
        }

        /// Whether some text of the domain is accepted by both automata (`proven`), by at most
        /// one of them (`refuted`), or the budget ran out.
        static func intersects(
            _ first: PartAutomaton, _ second: PartAutomaton, domain: TextDomain,
            budget: Int = defaultBudget
        ) -> Proof {
            var visited = 0
            return intersects(first, second, domain: domain, budget: budget, visited: &visited)
        }

        /// `intersects`, adding the product states it visited to `visited`: its work.
        static func intersects(
            _ first: PartAutomaton, _ second: PartAutomaton, domain: TextDomain,
            budget: Int = defaultBudget, visited: inout Int
        ) -> Proof {
            if first.acceptsNothing || second.acceptsNothing { return .refuted }
            let alphabet = Alphabet([first.sets, second.sets].joined(), domain: domain)
            var firstMasks = MaskCache(first.sets, alphabet: alphabet)
            var secondMasks = MaskCache(second.sets, alphabet: alphabet)
            struct State: Hashable {
                var first: Int32
                var domainState: UInt8
                var second: Int32
            }
            var frontier = SearchFrontier(
                State(first: 0, domainState: TextDomain.start, second: 0), budget: budget)
            defer { visited += frontier.count + setupCost }
            while let state = frontier.next() {
                if first.accepting[Int(state.first)], second.accepting[Int(state.second)],
                    domain.accepts(state.domainState)
                {
                    return .proven
                }
                for one in first.follow[Int(state.first)] where first.useful[Int(one)] {
                    let oneMask = firstMasks.mask(Int(one))
                    for other in second.follow[Int(state.second)] where second.useful[Int(other)] {
                        let both = zip(oneMask, secondMasks.mask(Int(other))).map { $0 & $1 }
                        for symbol in MaskCache.members(both) {
                            guard
                                let domainState = domain.step(
                                    state.domainState, readingSlash: symbol == alphabet.slashClass)
                            else { continue }
                            let successor = State(
                                first: one, domainState: domainState, second: other)
                            guard frontier.add(successor) else { return .unknown }
                        }
                    }
                }
            }
            return .refuted
        }

        /// Whether the automaton accepts some text of the domain.
        static func acceptsSomething(_ automaton: PartAutomaton, domain: TextDomain) -> Proof {
            intersects(automaton, .everything, domain: domain)
        }

        /// Whether the automaton accepts every text of the domain.
        static func acceptsEverything(_ automaton: PartAutomaton, domain: TextDomain) -> Proof {
            isIncluded(.everything, in: [automaton], domain: domain)
        }
    }

    /// The class masks of an automaton's positions, computed when first asked for: a product
    /// visits few of the positions of a large pattern such as one naming `$(lang)`.
    struct MaskCache {
        private let sets: [ScalarSet]
        private let alphabet: Alphabet
        private var masks: [[UInt64]?]

        init(_ sets: [ScalarSet], alphabet: Alphabet) {
            self.sets = sets
            self.alphabet = alphabet
            masks = Array(repeating: nil, count: sets.count)
        }

        mutating func mask(_ position: Int) -> [UInt64] {
            if let known = masks[position] { return known }
            let mask = alphabet.mask(sets[position])
            masks[position] = mask
            return mask
        }

        /// The classes in a mask, in order.
        static func members(_ mask: [UInt64]) -> [Int] {
            var result: [Int] = []
            for (word, bits) in mask.enumerated() {
                var rest = bits
                while rest != 0 {
                    result.append(word * 64 + rest.trailingZeroBitCount)
                    rest &= rest - 1
                }
            }
            return result
        }
    }

    /// Several automata numbered as one, for the subset construction of their union: a subset
    /// holds the live positions of every automaton, in global numbers, sorted.
    private struct CoverUnion {
        private var follow: [[Int32]] = []
        private var accepting: [Bool] = []
        private var everythingAfter: [Bool] = []
        private var useful: [Bool] = []
        private var masks: MaskCache
        private var marks: [UInt32]
        private var generation: UInt32 = 0
        let starts: [Int32]

        init(_ automata: [PartAutomaton], alphabet: Alphabet) {
            var sets: [ScalarSet] = []
            var starts: [Int32] = []
            for automaton in automata {
                let offset = Int32(sets.count)
                if automaton.useful[0] { starts.append(offset) }
                sets += automaton.sets
                follow += automaton.follow.map { $0.map { $0 + offset } }
                accepting += automaton.accepting
                everythingAfter += automaton.acceptsEverythingAfter
                useful += automaton.useful
            }
            self.starts = starts
            masks = MaskCache(sets, alphabet: alphabet)
            marks = Array(repeating: 0, count: sets.count)
        }

        func accepts(_ subset: [Int32]) -> Bool { subset.contains { accepting[Int($0)] } }

        func acceptsEverything(_ subset: [Int32]) -> Bool {
            subset.contains { everythingAfter[Int($0)] }
        }

        /// The live positions after reading one character of class `symbol`.
        mutating func step(_ subset: [Int32], _ symbol: Int) -> [Int32] {
            generation &+= 1
            if generation == 0 {
                marks = Array(repeating: 0, count: marks.count)
                generation = 1
            }
            var next: [Int32] = []
            let word = symbol >> 6
            let bit = UInt64(1) << UInt64(symbol & 63)
            for position in subset {
                for successor in follow[Int(position)] where useful[Int(successor)] {
                    guard marks[Int(successor)] != generation else { continue }
                    if masks.mask(Int(successor))[word] & bit != 0 {
                        marks[Int(successor)] = generation
                        next.append(successor)
                    }
                }
            }
            return next.sorted()
        }
    }
}
