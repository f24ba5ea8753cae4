import AASAModel

/// A rule that can never decide a URL, or an exclusion that changes nothing, with the earlier
/// rules that make it so. Found by `ShadowAnalysis` and reported by `lint` (AASA601-604),
/// `scan` (`shadowed_by`) and `diff`.
public struct ShadowFinding: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable, DiagnosticKind {
        /// AASA601: earlier rules of its entry decide every URL it matches.
        case shadowed
        /// AASA602: it comes after a rule of its entry that matches every URL.
        case afterCatchAll
        /// AASA603: it repeats an earlier rule of its entry (same pattern after defaults,
        /// same `exclude`).
        case duplicate
        /// AASA604: an exclusion that no later rule of its entry (or of a later entry for the
        /// same app) could have decided otherwise.
        case exclusionWithoutEffect
        /// AASA605: not a finding but its absence: the rule's proof needed more work than
        /// `ShadowAnalysis.workPerRule`, so whether it can decide is not proven either way.
        case notProven

        /// Its row in the diagnostic code table.
        public var diagnosticCode: DiagnosticCode {
            switch self {
            case .shadowed: .shadowed
            case .afterCatchAll: .afterCatchAll
            case .duplicate: .duplicateRule
            case .exclusionWithoutEffect: .exclusionWithoutEffect
            case .notProven: .proofNotFinished
            }
        }
    }

    public var kind: Kind
    /// Index of the rule in evaluation order (`CompiledRuleSet.rules`).
    public var rule: Int
    /// `details[0].components[3]`.
    public var ref: String
    /// Indices of the earlier rules that decide every URL of this one, in rule order: the one
    /// covering rule, several that cover it together, the catch-all or the rule it repeats.
    /// Empty for an exclusion without effect and for a rule not proven.
    public var coveringRules: [Int]
    /// References of `coveringRules`.
    public var covering: [String]

    /// The covering rule to name in one field: the one rule, or of several the last (after
    /// which the rule can no longer decide); nil for an exclusion without effect and for a rule
    /// not proven.
    public var coveredBy: String? { covering.last }

    public init(kind: Kind, rule: Int, ref: String, coveringRules: [Int], covering: [String]) {
        self.kind = kind
        self.rule = rule
        self.ref = ref
        self.coveringRules = coveringRules
        self.covering = covering
    }
}
