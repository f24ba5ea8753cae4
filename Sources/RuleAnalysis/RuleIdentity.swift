import AASAModel
import LinkMatcher

/// What makes a rule of one file the same rule as a rule of another, for a diff: its apps and
/// its effective pattern (defaults applied), not its position. Two spellings that decide alike
/// are one identity: a leading `/` of the path is optional (SEMANTICS.md S5.3), and a legacy
/// `paths` string is the component `{"/": path}` (with `exclude` for `NOT `) unless it holds
/// `$(`, which is literal text there and a variable in a component (S6.1). The values of the
/// custom variables a pattern names are part of it: the same text with other values is
/// another rule.
struct RuleIdentity: Hashable, Sendable {
    let apps: [String]
    /// The normalised rule as `ResolvedRule.patternDescription` writes it, then the values
    /// of the custom variables it names.
    let pattern: String
    /// The normalised path pattern alone: rules edited in place often keep it.
    let path: String
    /// The path's first segment when it is literal text (`buy` of `/buy/*`), else nil.
    let segment: String?

    init(_ rule: ResolvedRule, variables: [String: [String]] = [:]) {
        var normalized = rule
        normalized.path = "/" + rule.path.drop { $0 == "/" }
        if rule.isLegacyPath && !rule.path.contains("$(") { normalized.isLegacyPath = false }
        apps = rule.appIDs
        var pattern = normalized.patternDescription
        if !normalized.isLegacyPath {
            for name in Self.variableNames(in: rule) {
                if let values = variables[name] {
                    pattern += "\n$(\(name)) = " + values.joined(separator: "\u{1F}")
                }
            }
        }
        self.pattern = pattern
        path = (normalized.isLegacyPath ? "legacy " : "") + normalized.path
        let first = normalized.path.dropFirst().prefix { $0 != "/" }
        segment =
            first.isEmpty || first.contains(where: { "*?".contains($0) }) || first.contains("$(")
            ? nil : String(first)
    }

    /// The names of the `$(name)` a rule's patterns hold, sorted, each once.
    static func variableNames(in rule: ResolvedRule) -> [String] {
        var texts = [rule.path, rule.fragment]
        switch rule.query {
        case .whole(let text): texts.append(text)
        case .items(let items): texts += items.map(\.pattern)
        }
        var names = Set<String>()
        for text in texts {
            var rest = Substring(text)
            while let start = rest.firstRange(of: "$(") {
                rest = rest[start.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                names.insert(String(rest[..<close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return names.sorted()
    }

    /// The custom substitution variables of a file, the first definition of a name winning
    /// as in `CompiledRuleSet`.
    static func variables(of document: AASADocument?) -> [String: [String]] {
        var variables: [String: [String]] = [:]
        for variable in document?.applinks?.substitutionVariables ?? []
        where variables[variable.name] == nil {
            variables[variable.name] = variable.values
        }
        return variables
    }
}
