import LinkMatcher

/// Numbers for decisions, each distinct one numbered once: `diff` keeps the new files'
/// decision of a target in the decision cache's slot, beside the old one, as a number
/// (`DecisionCache.store(answers:)`). A scan of a log meets few distinct decisions (at most
/// one per rule and app, and one unmatched), so the table stays small, and the number rides in
/// the slot's line, which every lookup reads, where an array of decisions by slot cost a
/// cache miss at most tallies.
struct DecisionNumbers {
    private var decisions: [Decision] = []
    private var numbers: [Decision: Int32] = [:]

    /// The number of `decision`, given it now when it has none.
    mutating func number(of decision: Decision) -> Int32 {
        if let known = numbers[decision] { return known }
        let number = Int32(decisions.count)
        decisions.append(decision)
        numbers[decision] = number
        return number
    }

    /// The decision numbered `number` (by `number(of:)`).
    func decision(_ number: Int32) -> Decision { decisions[Int(number)] }
}
