import AndroidLinks
import CLISupport

/// The lines `explain` prints for Android: the URL as Android reads it, each filter and how far
/// it got, the verification, the dynamic rules tried, and the decision (docs/android.md).
struct AndroidExplainText {
    let matcher: AndroidLinkMatcher
    let explanation: AndroidExplanation

    var lines: [String] {
        let answer = AndroidAnswerText(matcher: matcher)
        var lines = [
            "Android  \(TerminalText.escaped(matcher.packageName ?? "-")) on API "
                + "\(matcher.setup.apiLevel)"
        ]
        guard let parts = explanation.parts else {
            return lines + ["not an absolute URL: never an App Link", "", decisionLine(answer)]
        }
        lines += [
            "scheme   \(Self.quoted(parts.scheme))",
            "host     \(parts.host.map(Self.quoted) ?? "(none)")",
            "port     \(parts.port.map(String.init) ?? "(none)")",
            "path     \(Self.quoted(parts.path))",
            "query    \(parts.query.map(Self.quoted) ?? "(none)")",
            "fragment \(parts.fragment.map(Self.quoted) ?? "(none)")",
            "",
        ]
        if matcher.filters.isEmpty {
            lines.append("(no filter of an enabled, exported activity takes tapped web links)")
        }
        for (index, outcome) in explanation.filters.enumerated() {
            lines.append(
                "  \(answer.filterReference(index))  \(describe(outcome, of: index, parts))")
        }
        lines.append("")
        let verified = matcher.verifiedDomains.map { TerminalText.escaped($0.domain) }
        lines.append(
            "verified hosts: " + (verified.isEmpty ? "(none)" : verified.joined(separator: ", ")))
        if let approved = explanation.approved {
            // Before Android 12 the app, not a host, is approved (A6.5).
            let whole = matcher.setup.apiLevel < 31 && !verified.isEmpty
            lines.append(
                "host \(parts.host.map(Self.quoted) ?? "(none)"): "
                    + (approved
                        ? "approved"
                            + (whole
                                ? " (API \(matcher.setup.apiLevel): the app's hosts all "
                                    + "verified, so every host its filters take)" : "")
                        : "not verified: no App Link"))
        }
        if let source = explanation.ruleSource {
            let domain = matcher.verifiedDomains[source]
            lines.append(
                "dynamic rules of \(TerminalText.escaped(domain.domain)) (statement "
                    + "[\(domain.statement.index)] of \(TerminalText.escaped(domain.site))'s "
                    + "assetlinks.json), first match decides:")
            for step in explanation.rules {
                let verdict =
                    !step.matched ? "no" : step.rule.exclude ? "MATCH, exclude" : "MATCH"
                lines.append("  [\(step.rule.index)] \(Self.describe(step.rule))  \(verdict)")
            }
        } else if explanation.approved == true {
            lines.append(
                matcher.setup.apiLevel >= 35
                    ? "no dynamic rules for the host: the manifest decides"
                    : "API \(matcher.setup.apiLevel) reads no dynamic rules (Android 15 and later)")
        }
        return lines + ["", decisionLine(answer)]
    }

    private func decisionLine(_ answer: AndroidAnswerText) -> String {
        "android decision: " + answer.columns(explanation.decision)
    }

    private func describe(
        _ outcome: AndroidExplanation.FilterOutcome, of index: Int,
        _ parts: AndroidExplanation.Parts
    ) -> String {
        let filter = matcher.filters[index].filter
        let text: String
        switch outcome {
        case .scheme:
            text =
                "no: scheme \(Self.quoted(parts.scheme)) is not one of "
                + Self.list(filter.schemes)
        case .host:
            text =
                "no: host \(parts.host.map(Self.quoted) ?? "(none)") is not one of "
                + Self.list(filter.authorities.map(\.host))
        case .port:
            text =
                "no: its host is declared with another port than "
                + (parts.port.map(String.init) ?? "none")
        case .path where filter.paths.isEmpty:
            text = "no: none of its groups matches the URL"
        case .path:
            text =
                "no: path \(Self.quoted(parts.path)) matches none of "
                + filter.paths.map { Self.describe($0) }.joined(separator: ", ")
                + (filter.groups.isEmpty ? "" : ", and no group decides")
        case .schemeSpecificPart:
            text =
                "no: its scheme-specific part matches none of "
                + filter.schemeSpecificParts.map { Self.describe($0, part: "ssp") }
                .joined(separator: ", ")
        case .schemeSpecificRule(let rule):
            text = "MATCH: \(Self.describe(rule, part: "ssp")), whatever the host and path"
        case .everyURLOfScheme:
            text = "MATCH: it names no host, so it takes every URL of its schemes"
        case .everyPath:
            text = "MATCH: it has no path rule, so it takes every path of its hosts"
        case .pathRule(let rule):
            text = "MATCH: \(Self.describe(rule))"
        case .group(let group, let allow):
            let line = filter.groups[group].line
            text =
                allow
                ? "MATCH: the allow group at line \(line)"
                : "blocked: the block group at line \(line) decides"
        }
        return explanation.chosenFilter == index ? text + " (chosen)" : text
    }

    static func describe(_ pattern: AndroidPattern, part: String = "path") -> String {
        "\(part)\(pattern.kind.attributeSuffix)=\(quoted(pattern.text))"
    }

    /// `{"/": "...", "?": {"name": "..."}, "#": "...", "exclude": true}` as written.
    static func describe(_ rule: DynamicAppLinkComponent) -> String {
        rule.written(quoted: quoted)
    }

    static func quoted(_ text: String) -> String { "\"" + TerminalText.escaped(text) + "\"" }

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "(none)" : items.map(quoted).joined(separator: ", ")
    }
}
