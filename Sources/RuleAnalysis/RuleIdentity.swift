import LinkMatcher

/// What makes a rule of one file the same rule as a rule of another, for a diff: its apps and
/// its effective pattern (defaults applied), not its position. Two spellings that decide alike
/// are one identity: a leading `/` of the path is optional (SEMANTICS.md S5.3), and a legacy
/// `paths` string is the component `{"/": path}` (with `exclude` for `NOT `) unless it holds
/// `$(`, which is literal text there and a variable in a component (S6.1).
struct RuleIdentity: Hashable, Sendable {
    let apps: [String]
    /// The normalised rule as `ResolvedRule.patternDescription` writes it.
    let pattern: String
    /// The normalised path pattern alone: rules edited in place often keep it.
    let path: String

    init(_ rule: ResolvedRule) {
        var normalized = rule
        normalized.path = "/" + rule.path.drop { $0 == "/" }
        if rule.isLegacyPath && !rule.path.contains("$(") { normalized.isLegacyPath = false }
        apps = rule.appIDs
        pattern = normalized.patternDescription
        path = (normalized.isLegacyPath ? "legacy " : "") + normalized.path
    }
}
