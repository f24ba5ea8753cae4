/// How much automaton one rule set may compile to, in units of one position or one edge.
///
/// A file of a few kilobytes can ask for billions of either: `$(v)` written 30,000 times with
/// a value list `["", "a"]` links every position to every later one, and a variable of 10,000
/// words named by 1,000 rules is expanded 1,000 times. The builders spend from one budget per
/// rule set and stop adding when it is spent; the rule set then says so
/// (`CompiledRuleSet.budgetExceeded`) and must not be used.
final class CompileBudget {
    let units: Int
    private(set) var remaining: Int
    /// The rule being compiled when the budget ran out, or -1 when it is not known.
    var exhaustedBy: Int32 = -1

    init(units: Int = CompiledRuleSet.budgetUnits) {
        self.units = units
        remaining = units
    }

    var isExhausted: Bool { remaining < 0 }

    /// Takes `amount` units; false once the budget is spent.
    func spend(_ amount: Int) -> Bool {
        remaining -= amount
        return remaining >= 0
    }
}

/// A rule set that compiles to more automaton than its budget: it does not decide as its file
/// says, so the file is refused.
public struct CompileBudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule being compiled when the budget ran out (`details[0].components[3]`), if known.
    public let ref: String?
    /// The budget, in positions plus edges.
    public let units: Int

    public var description: String {
        (ref.map { "rule \($0) and those before it" } ?? "the rules")
            + " compile to more than \(units) automaton positions and edges, the most "
            + "aasa-scan builds for one file (a pattern that repeats a wildcard or a variable "
            + "thousands of times, or a long variable named by many rules)"
    }
}
