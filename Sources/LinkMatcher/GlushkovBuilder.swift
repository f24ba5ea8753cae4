/// The Glushkov construction behind every glob: one position per character a pattern consumes,
/// with follow edges between positions and no epsilon moves. Position 0 is the start ("nothing
/// consumed yet"). A single glob (`GlobProgram`) and the union of every path glob of a view
/// (`GlobUnion`) are both built with it; in a union the patterns share position 0 only.
package struct GlushkovBuilder {
    package struct Fragment {
        package var nullable: Bool
        package var first: [Int32]
        package var last: [Int32]
    }

    package var predicates: [GlobProgram.Predicate] = [.any]
    package var edges: [[Int32]] = [[]]

    package init() {}

    mutating func position(_ predicate: GlobProgram.Predicate) -> Int32 {
        predicates.append(predicate)
        edges.append([])
        return Int32(predicates.count - 1)
    }

    /// Adds the positions of `node`; the caller links the fragment's first positions to
    /// whatever precedes it.
    package mutating func add(_ node: PatternNode) -> Fragment {
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
            edges[Int(p)].append(p)
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
                for last in result.last { edges[Int(last)] += part.first }
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
        var changed = true
        while changed {
            changed = false
            for state in 1..<max(1, accepts.count) where !accepts[state] {
                if edges[state].contains(where: { accepts[Int($0)] && isSlash($0) }) {
                    accepts[state] = true
                    changed = true
                }
            }
        }
        return accepts
    }

    /// Whether the pattern of `fragment` matches the empty text, given `accepting` from
    /// `acceptingPositions`: it is nullable, or it starts with a `/` that may vanish.
    package func acceptsEmptyText(_ fragment: Fragment, accepting: [Bool], slashesVanish: Bool)
        -> Bool
    {
        fragment.nullable
            || (slashesVanish && fragment.first.contains { accepting[Int($0)] && isSlash($0) })
    }

    private func isSlash(_ position: Int32) -> Bool {
        predicates[Int(position)] == .scalar(UInt32(UInt8(ascii: "/")))
    }
}
