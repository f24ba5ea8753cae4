import AndroidLinks
import CLISupport

/// How `match` writes an Android decision: a JSON object beside the iOS fields, or a row of
/// tab-separated columns (docs/android.md).
struct AndroidAnswerText {
    let matcher: AndroidLinkMatcher

    /// `{"decision":..., "package":..., "filter":..., "group":..., "rule":..., "reason":...}`,
    /// every key always there, null where it does not apply.
    func json(_ decision: AndroidDecision) -> String {
        var filter: Int?
        var group: Int?
        var rule: AndroidRuleReference?
        var reason: AndroidUnmatchedReason?
        switch decision {
        case .handled(let handling, let allowing): (filter, rule) = (handling, allowing)
        case .excluded(.dynamicRule(let excluding)): rule = excluding
        case .excluded(.group(let owner, let index)): (filter, group) = (owner, index)
        case .unmatched(let why): reason = why
        }
        let fields = [
            "\"decision\":\"\(Self.name(decision))\"",
            "\"package\":\(matcher.packageName.map(JSONText.quoted) ?? "null")",
            "\"filter\":\(filter.map(filterJSON) ?? "null")",
            "\"group\":\(group.map { "{\"line\":\(groupLine(filter ?? 0, $0))}" } ?? "null")",
            "\"rule\":\(rule.map(ruleJSON) ?? "null")",
            "\"reason\":\(reason.map { "\"\($0.rawValue)\"" } ?? "null")",
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `decision<TAB>package<TAB>what decided or why not`, the columns after `android`.
    func columns(_ decision: AndroidDecision) -> String {
        let what: String
        switch decision {
        case .handled(let filter, let rule):
            what = filterReference(filter) + (rule.map { " " + ruleReference($0) } ?? "")
        case .excluded(.dynamicRule(let rule)): what = ruleReference(rule)
        case .excluded(.group(let filter, let group)): what = groupReference(filter, group)
        case .unmatched(let reason): what = reason.rawValue
        }
        return "\(Self.name(decision))\t\(matcher.packageName.map(TerminalText.escaped) ?? "-")\t"
            + what
    }

    static func name(_ decision: AndroidDecision) -> String {
        switch decision {
        case .handled: "handled"
        case .excluded: "excluded"
        case .unmatched: "unmatched"
        }
    }

    // MARK: - References

    /// `.ProductActivity:19`: the component and the line of `<intent-filter>`.
    func filterReference(_ filter: Int) -> String {
        let link = matcher.filters[filter]
        return "\(TerminalText.escaped(link.componentName ?? "(unnamed)")):\(link.filter.line)"
    }

    /// `.HelpActivity:37`: the component and the line of `<uri-relative-filter-group>`.
    func groupReference(_ filter: Int, _ group: Int) -> String {
        let link = matcher.filters[filter]
        return
            "\(TerminalText.escaped(link.componentName ?? "(unnamed)")):\(groupLine(filter, group))"
    }

    /// `example.com[0].dynamic_app_link_components[2]`: the verified host, then the rule's
    /// place in the site's file.
    func ruleReference(_ rule: AndroidRuleReference) -> String {
        "\(TerminalText.escaped(matcher.verifiedDomains[rule.domain].domain))[\(rule.statement)]"
            + ".dynamic_app_link_components[\(rule.rule)]"
    }

    private func groupLine(_ filter: Int, _ group: Int) -> Int {
        matcher.filters[filter].filter.groups[group].line
    }

    private func filterJSON(_ filter: Int) -> String {
        let link = matcher.filters[filter]
        return "{\"activity\":\(link.componentName.map(JSONText.quoted) ?? "null"),"
            + "\"line\":\(link.filter.line)}"
    }

    private func ruleJSON(_ rule: AndroidRuleReference) -> String {
        let domain = matcher.verifiedDomains[rule.domain]
        return
            "{\"domain\":\(JSONText.quoted(domain.domain)),\"site\":\(JSONText.quoted(domain.site)),"
            + "\"statement\":\(rule.statement),\"index\":\(rule.rule)}"
    }
}
