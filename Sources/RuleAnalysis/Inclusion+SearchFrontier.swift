extension Inclusion {
    /// The states a search of a product automaton has met, visited breadth first, within a
    /// budget of states: the bookkeeping every `LanguageCheck` shares.
    struct SearchFrontier<State: Hashable> {
        private var seen: Set<State>
        private var queue: [State]
        private var head = 0
        private let budget: Int

        init(_ start: State, budget: Int) {
            seen = [start]
            queue = [start]
            self.budget = budget
        }

        /// The states met so far: the search's work.
        var count: Int { seen.count }

        /// The next state to visit, nil when none is left.
        mutating func next() -> State? {
            guard head < queue.count else { return nil }
            head += 1
            return queue[head - 1]
        }

        /// Queues `state` unless it was met before; false once more states than the budget
        /// have been met (the search then gives up).
        mutating func add(_ state: State) -> Bool {
            guard seen.insert(state).inserted else { return true }
            queue.append(state)
            return seen.count <= budget
        }
    }
}
