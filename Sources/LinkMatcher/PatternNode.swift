/// A pattern after tokenizing and expanding its substitution variables: the input of the
/// glob compiler. Literals hold Unicode scalar values, already case-folded when the rule is
/// case-insensitive.
enum PatternNode: Sendable, Equatable, Hashable {
    /// Exactly this character.
    case literal(UInt32)
    /// `?`: any one character.
    case anyOne
    /// `*`: any run of characters, empty included.
    case anyRun
    /// One character of a predefined class such as `$(digit)`.
    case oneOf(ASCIISet)
    /// These nodes one after another.
    case sequence([PatternNode])
    /// Any one of these alternatives (a substitution variable).
    case choice([PatternNode])
    /// Matches nothing at all (an undefined variable, a variable with no values).
    case never

    /// True when the node is `*` or a sequence of nothing but `*`.
    var isAnyRun: Bool {
        switch self {
        case .anyRun: true
        case .sequence(let nodes): !nodes.isEmpty && nodes.allSatisfy(\.isAnyRun)
        default: false
        }
    }
}

extension PatternNode {
    /// A choice between alternatives, factored on their common leading literals so that a
    /// word list such as `$(lang)` becomes a small trie instead of hundreds of branches.
    static func factoredChoice(_ alternatives: [[PatternNode]]) -> PatternNode {
        var seen = Set<[PatternNode]>()
        let unique = alternatives.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return .never }
        var groupOrder: [UInt32] = []
        var groups: [UInt32: [[PatternNode]]] = [:]
        var others: [PatternNode] = []
        for alternative in unique {
            if case .literal(let first)? = alternative.first {
                if groups[first] == nil { groupOrder.append(first) }
                groups[first, default: []].append(Array(alternative.dropFirst()))
            } else {
                others.append(.sequence(alternative))
            }
        }
        var branches: [PatternNode] = []
        for first in groupOrder {
            let rests = groups[first] ?? []
            if rests.count == 1, let only = rests.first {
                branches.append(.sequence([.literal(first)] + only))
            } else {
                branches.append(.sequence([.literal(first), factoredChoice(rests)]))
            }
        }
        branches += others
        return branches.count == 1 ? branches[0] : .choice(branches)
    }
}
