/// The answer for one URL, with the app and the rule named as the file names them
/// (SEMANTICS.md S4.5).
public struct LinkDecision: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// `handled`, `excluded` or `unmatched`.
    public var kind: Decision.Kind
    /// The app that opens the URL (`TEAMID.bundle.id`); nil unless `kind` is `handled`.
    public var appID: String?
    /// Where the deciding rule sits in the file, such as `details[0].components[3]` or
    /// `details[1].paths[0]`; nil when `kind` is `unmatched`.
    public var ruleRef: String?
    /// The deciding rule's index in `AppLinkRules.rules` (evaluation order); nil when
    /// `kind` is `unmatched`.
    public var ruleIndex: Int?

    /// A decision with every field given.
    public init(kind: Decision.Kind, appID: String?, ruleRef: String?, ruleIndex: Int?) {
        self.kind = kind
        self.appID = appID
        self.ruleRef = ruleRef
        self.ruleIndex = ruleIndex
    }

    /// True when the URL opens an app.
    public var opensApp: Bool { kind == .handled }

    /// `kind`, app and rule separated by tabs, `-` for an absent one (as `aasa-scan match`).
    public var description: String {
        "\(kind.name)\t\(appID ?? "-")\t\(ruleRef ?? "-")"
    }
}

/// One app's own decision for a URL: its first decisive rule (SEMANTICS.md S4.5).
public struct AppLinkDecision: Sendable, Equatable, Hashable {
    /// The app (`TEAMID.bundle.id`).
    public var appID: String
    /// `handled` when a `match` rule decided for this app, `excluded` for an exclude rule.
    public var kind: Decision.Kind
    /// Where the deciding rule sits in the file, such as `details[0].components[3]`.
    public var ruleRef: String
    /// The deciding rule's index in `AppLinkRules.rules`.
    public var ruleIndex: Int

    /// A per-app decision with every field given.
    public init(appID: String, kind: Decision.Kind, ruleRef: String, ruleIndex: Int) {
        self.appID = appID
        self.kind = kind
        self.ruleRef = ruleRef
        self.ruleIndex = ruleIndex
    }
}
