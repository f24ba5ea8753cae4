/// Dead-rule proofs of some of a scan's rules, by global rule index, as the report marks
/// them (`ScanReport.mark(with:)`): which rules were proven, and for each the rule that makes
/// it never decide, if any, and whether its proof stopped at its work budget.
public struct RuleProofs: Sendable, Equatable {
    public private(set) var proven: [Bool]
    public private(set) var coveredBy: [String?]
    public private(set) var notProven: [Bool]

    /// None of `ruleCount` rules proven yet.
    public init(ruleCount: Int) {
        proven = Array(repeating: false, count: ruleCount)
        coveredBy = Array(repeating: nil, count: ruleCount)
        notProven = Array(repeating: false, count: ruleCount)
    }

    /// Records the outcome of rule `rule`.
    public mutating func record(_ rule: Int, coveredBy: String?, notProven: Bool) {
        proven[rule] = true
        self.coveredBy[rule] = coveredBy
        self.notProven[rule] = notProven
    }
}

extension ScanReport {
    /// The rules that decided no request: those the report marks from proofs (one that
    /// decided a request is not dead, whatever a proof of it says).
    public var undecidedRules: [Int] { rules.indices.filter { rules[$0].hits == 0 } }

    /// Marks each rule that decided no request and that `proofs` proved, as its proof says;
    /// returns the rules that decided no request and that `proofs` did not prove.
    @discardableResult
    public mutating func mark(with proofs: RuleProofs) -> [Int] {
        var left: [Int] = []
        for rule in undecidedRules {
            guard rule < proofs.proven.count, proofs.proven[rule] else {
                left.append(rule)
                continue
            }
            rules[rule].shadowedBy = proofs.coveredBy[rule]
            rules[rule].proofNotFinished = proofs.notProven[rule]
        }
        return left
    }
}
