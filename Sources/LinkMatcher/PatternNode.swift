import ASCIIBytes

/// A pattern after tokenizing and expanding its substitution variables: the input of the
/// glob compiler. Literals hold Unicode scalar values, already case-folded when the rule is
/// case-insensitive.
package enum PatternNode: Sendable, Equatable, Hashable {
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

    /// A shallow hash: compound nodes hash their kind and size only. Rule sets name the same
    /// variable (a choice of hundreds of words) in many patterns; hashing it whole at every
    /// dictionary lookup would dominate compilation, while equal nodes still hash alike.
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .literal(let scalar):
            hasher.combine(0)
            hasher.combine(scalar)
        case .anyOne: hasher.combine(1)
        case .anyRun: hasher.combine(2)
        case .oneOf(let set):
            hasher.combine(3)
            hasher.combine(set)
        case .sequence(let nodes):
            hasher.combine(4)
            hasher.combine(nodes.count)
        case .choice(let nodes):
            hasher.combine(5)
            hasher.combine(nodes.count)
        case .never: hasher.combine(6)
        }
    }

    /// The node of a lower-cased pattern made to read unfolded ASCII text: every letter accepts
    /// its upper case too.
    var eitherCase: PatternNode {
        switch self {
        case .literal(let scalar) where scalar >= 0x61 && scalar <= 0x7A:
            var set = ASCIISet(low: 0, high: 0)
            set.insert(scalar)
            set.insert(scalar - 0x20)
            return .oneOf(set)
        case .oneOf(let set):
            var both = set
            for scalar in UInt32(0x61)...0x7A where set.contains(scalar) {
                both.insert(scalar - 0x20)
            }
            return .oneOf(both)
        case .sequence(let nodes): return .sequence(nodes.map(\.eitherCase))
        case .choice(let nodes): return .choice(nodes.map(\.eitherCase))
        case .literal, .anyOne, .anyRun, .never: return self
        }
    }

    /// The positions the Glushkov construction gives the node (`GlushkovBuilder.add`): one
    /// per character it reads.
    var positionCount: Int {
        switch self {
        case .literal, .anyOne, .anyRun, .oneOf: 1
        case .never: 0
        case .sequence(let nodes), .choice(let nodes): nodes.reduce(0) { $0 + $1.positionCount }
        }
    }

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
