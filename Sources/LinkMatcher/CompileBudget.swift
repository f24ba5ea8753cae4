/// A size of glob automaton: positions (each costs a few hundred bytes while it is built) and
/// edges (a few bytes each).
public struct AutomatonSize: Sendable, Equatable, CustomStringConvertible {
    /// Positions of the glob automata.
    public var positions: Int
    /// Edges of the glob automata.
    public var edges: Int

    /// A size of `positions` positions and `edges` edges.
    public init(positions: Int, edges: Int) {
        self.positions = positions
        self.edges = edges
    }

    /// The most one rule set may compile to: about 2.5 and 14 times what 100,000 generated glob
    /// rules need, and a few hundred megabytes while it is built.
    public static let limit = AutomatonSize(positions: 1_000_000, edges: 16_000_000)

    /// `N positions and M edges`.
    public var description: String { "\(positions) positions and \(edges) edges" }
}

/// The automaton one rule set may still build.
///
/// A file of a few kilobytes can ask for billions of positions or edges: `$(v)` written 30,000
/// times with a value list `["", "a"]` links every position to every later one, and a variable
/// of 10,000 words named by 1,000 rules is expanded 1,000 times. The builders spend from one
/// budget per rule set and stop adding when it is spent; the rule set then says so
/// (`CompiledRuleSet.budgetExceeded`) and must not be used.
final class CompileBudget {
    let limit: AutomatonSize
    private(set) var used = AutomatonSize(positions: 0, edges: 0)
    /// The rule being compiled when the budget ran out, or -1 when it is not known.
    var exhaustedBy: Int32 = -1

    init(limit: AutomatonSize = .limit) {
        self.limit = limit
    }

    var isExhausted: Bool { used.positions > limit.positions || used.edges > limit.edges }

    /// Takes `count` positions; false once the budget is spent.
    func spend(positions count: Int) -> Bool {
        used.positions += count
        return !isExhausted
    }

    /// Takes `count` edges (or other per-position words); false once the budget is spent.
    func spend(edges count: Int) -> Bool {
        used.edges += count
        return !isExhausted
    }
}

/// A rule set that compiles to more automaton than `AutomatonSize.limit`: it does not decide
/// as its file says, so the file is refused.
public struct CompileBudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule being compiled when the budget ran out (`details[0].components[3]`), if known.
    public let ref: String?
    /// The limit that was passed.
    public let limit: AutomatonSize

    /// What went over `budget`, when it is spent; nil while it is not. `rules` are those the
    /// budget was spent on.
    init?(_ budget: CompileBudget, rules: [ResolvedRule]) {
        guard budget.isExhausted else { return nil }
        ref = budget.exhaustedBy >= 0 ? rules[Int(budget.exhaustedBy)].ref : nil
        limit = budget.limit
    }

    /// Which rule went over the budget, and the budget.
    public var description: String {
        (ref.map { "rule \($0) and those before it" } ?? "the rules")
            + " compile to more than \(limit.positions) automaton positions or \(limit.edges) "
            + "edges, the most aasa-scan builds for one file (a pattern that repeats a wildcard "
            + "or a variable thousands of times, or a long variable named by many rules)"
    }
}
