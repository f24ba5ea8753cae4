/// The answer for one URL (SEMANTICS.md S1, S4.5).
public struct Decision: Sendable, Equatable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// The URL opens an app.
        case handled
        /// An `exclude` / `NOT ` rule decided it.
        case excluded
        /// No rule decided it.
        case unmatched

        public var name: String {
            switch self {
            case .handled: "handled"
            case .excluded: "excluded"
            case .unmatched: "unmatched"
            }
        }
    }

    public var kind: Kind
    /// Index into `CompiledRuleSet.rules` of the deciding rule, or -1.
    public var rule: Int32
    /// Index into `CompiledRuleSet.apps` of the app that opens the URL, or -1.
    public var app: Int32

    public init(kind: Kind, rule: Int32 = -1, app: Int32 = -1) {
        self.kind = kind
        self.rule = rule
        self.app = app
    }

    public static var unmatched: Decision { Decision(kind: .unmatched) }
}

/// One app's own decision: its first decisive rule, `match` or `exclude`, or none.
public struct AppDecision: Sendable, Equatable {
    public var app: Int32
    public var kind: Decision.Kind
    public var rule: Int32

    public init(app: Int32, kind: Decision.Kind, rule: Int32) {
        self.app = app
        self.kind = kind
        self.rule = rule
    }
}
