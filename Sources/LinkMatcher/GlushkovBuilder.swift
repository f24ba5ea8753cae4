/// The Glushkov construction behind every glob: one position per character a pattern consumes,
/// with follow edges between positions and no epsilon moves. Position 0 is the start ("nothing
/// consumed yet"). A single glob (`GlobProgram`) and the union of every path glob of a view
/// (`GlobUnion`) are both built with it; in a union the patterns share position 0 only.
package struct GlushkovBuilder {
    /// The start position: nothing consumed yet.
    package static let start: Int32 = 0

    package struct Fragment {
        package var nullable: Bool
        package var first: [Int32]
        package var last: [Int32]
    }

    package var predicates: [GlobProgram.Predicate] = [.any]
    package var edges: [[Int32]] = [[]]
    /// What positions and edges are taken from; nil for no limit. Once it is spent, `add`
    /// adds nothing more and the automaton is incomplete (`exhausted`).
    let budget: CompileBudget?

    init(budget: CompileBudget?) {
        self.budget = budget
    }

    package init() { self.init(budget: nil) }

    var exhausted: Bool { budget?.isExhausted ?? false }

    mutating func position(_ predicate: GlobProgram.Predicate) -> Int32 {
        _ = budget?.spend(positions: 1)
        predicates.append(predicate)
        edges.append([])
        return Int32(predicates.count - 1)
    }

    /// Adds an edge from each of `sources` to each of `targets`, within the budget.
    mutating func link(_ sources: [Int32], to targets: [Int32]) {
        guard !targets.isEmpty, budget?.spend(edges: sources.count * targets.count) ?? true else {
            return
        }
        for source in sources { edges[Int(source)] += targets }
    }

    /// Adds the positions of `node`; the caller links the fragment's first positions to
    /// whatever precedes it.
    package mutating func add(_ node: PatternNode) -> Fragment {
        if exhausted { return Fragment(nullable: false, first: [], last: []) }
        switch node {
        case .literal(let scalar):
            let p = position(.scalar(scalar))
            return Fragment(nullable: false, first: [p], last: [p])
        case .anyOne:
            let p = position(.any)
            return Fragment(nullable: false, first: [p], last: [p])
        case .oneOf(let set):
            let p = position(.oneOf(set))
            return Fragment(nullable: false, first: [p], last: [p])
        case .anyRun:
            let p = position(.any)
            link([p], to: [p])
            return Fragment(nullable: true, first: [p], last: [p])
        case .never:
            return Fragment(nullable: false, first: [], last: [])
        case .choice(let alternatives):
            var result = Fragment(nullable: false, first: [], last: [])
            for alternative in alternatives {
                let part = add(alternative)
                result.nullable = result.nullable || part.nullable
                result.first += part.first
                result.last += part.last
            }
            return result
        case .sequence(let nodes):
            var result = Fragment(nullable: true, first: [], last: [])
            for child in nodes {
                let part = add(child)
                if exhausted { break }
                link(result.last, to: part.first)
                if result.nullable { result.first += part.first }
                result.last = part.nullable ? result.last + part.last : part.last
                result.nullable = result.nullable && part.nullable
            }
            return result
        }
    }

    /// The positions (never the start) at which the end of the text ends a match: the last
    /// positions of the patterns, and in a path pattern every position from which a `/` that
    /// may vanish at the end (SEMANTICS.md S5.4) leads on to such a position.
    package func acceptingPositions(lasts: [Int32], slashesVanish: Bool) -> [Bool] {
        var accepts = [Bool](repeating: false, count: predicates.count)
        for last in lasts { accepts[Int(last)] = true }
        guard slashesVanish else { return accepts }
        // Backwards from each accepting `/` to the positions that lead to it, each position
        // once: a chain of 30,000 slashes took one pass over every position per slash.
        let predecessors = self.predecessors
        var pending = lasts.filter { isSlash($0) }
        while let slash = pending.popLast() {
            for state in predecessors[Int(slash)] where state != 0 && !accepts[Int(state)] {
                accepts[Int(state)] = true
                if isSlash(state) { pending.append(state) }
            }
        }
        return accepts
    }

    /// The positions with an edge to each position.
    var predecessors: [[Int32]] {
        var result = [[Int32]](repeating: [], count: predicates.count)
        for (state, successors) in edges.enumerated() {
            for next in successors { result[Int(next)].append(Int32(state)) }
        }
        return result
    }

    /// Whether the pattern of `fragment` matches the empty text, given `accepting` from
    /// `acceptingPositions`: it is nullable, or it starts with a `/` that may vanish.
    package func acceptsEmptyText(_ fragment: Fragment, accepting: [Bool], slashesVanish: Bool)
        -> Bool
    {
        fragment.nullable
            || (slashesVanish && fragment.first.contains { accepting[Int($0)] && isSlash($0) })
    }

    func isSlash(_ position: Int32) -> Bool {
        predicates[Int(position)] == .scalar(UInt32(UInt8(ascii: "/")))
    }
}
