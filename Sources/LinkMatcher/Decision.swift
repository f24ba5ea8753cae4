/// The answer for one URL (SEMANTICS.md S1, S4.5).
public struct Decision: Sendable, Equatable, Hashable {
    /// The three answers for a URL.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable, BitwiseCopyable {
        /// The URL opens an app.
        case handled
        /// An `exclude` / `NOT ` rule decided it.
        case excluded
        /// No rule decided it.
        case unmatched

        /// `handled`, `excluded` or `unmatched`, as the reports write it.
        public var name: String {
            switch self {
            case .handled: "handled"
            case .excluded: "excluded"
            case .unmatched: "unmatched"
            }
        }
    }

    /// Which of the three answers.
    public var kind: Kind
    /// Index into `CompiledRuleSet.rules` of the deciding rule, or -1.
    public var rule: Int32
    /// Index into `CompiledRuleSet.apps` of the app that opens the URL, or -1.
    public var app: Int32

    /// A decision with the rule and app indices given (-1 for none).
    public init(kind: Kind, rule: Int32 = -1, app: Int32 = -1) {
        self.kind = kind
        self.rule = rule
        self.app = app
    }

    /// No rule decided the URL.
    public static var unmatched: Decision { Decision(kind: .unmatched) }
}

/// One app's own decision: its first decisive rule, `match` or `exclude`, or none.
public struct AppDecision: Sendable, Equatable, BitwiseCopyable {
    /// Index into `CompiledRuleSet.apps` of the app.
    public var app: Int32
    /// `handled` for a `match` rule, `excluded` for an exclude rule.
    public var kind: Decision.Kind
    /// Index into `CompiledRuleSet.rules` of the deciding rule.
    public var rule: Int32

    /// A per-app decision with every field given.
    public init(app: Int32, kind: Decision.Kind, rule: Int32) {
        self.app = app
        self.kind = kind
        self.rule = rule
    }
}
