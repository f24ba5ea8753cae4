import AASAModel
import TextFormat

extension ShadowAnalysis {
    /// The findings of a document as lint diagnostics (AASA601-604), each on the rule's JSON
    /// path, with the covering rule's path as `related`.
    public static func diagnostics(for document: AASADocument) -> [Diagnostic] {
        findings(for: document).map(diagnostic)
    }

    /// One finding as a lint diagnostic.
    public static func diagnostic(_ finding: ShadowFinding) -> Diagnostic {
        let covering = finding.covering.map { "applinks." + $0 }
        let message: String
        let hint: String
        switch finding.kind {
        case .shadowed where covering.count == 1:
            message =
                "this rule never decides: every URL it matches is decided first by \(covering[0])"
            hint = "remove it, or move it before \(covering[0])"
        case .shadowed:
            message =
                "this rule never decides: every URL it matches is decided first by one of "
                + covering.joined(separator: ", ")
            hint = "remove it, or move it before \(covering.first ?? "them")"
        case .afterCatchAll:
            message =
                "this rule never decides: it comes after \(covering.first ?? "a rule"), which "
                + "matches every URL"
            hint = "move the catch-all rule to the end of its entry, or remove this rule"
        case .duplicate:
            message =
                "this rule repeats \(covering.first ?? "an earlier rule") (the same pattern once "
                + "defaults apply), so it never decides"
            hint = "remove the duplicate"
        case .exclusionWithoutEffect:
            message =
                "this exclusion changes nothing: no later rule of its entry (nor of a later entry "
                + "for the same app) matches a URL it matches"
            hint = "remove it, or keep it only as documentation"
        case .notProven:
            message =
                "whether this rule can ever decide is not proven: comparing it with the earlier "
                + "rules of its entry takes more than the \(Format.count(ShadowAnalysis.workPerRule)) "
                + "work units a rule's proof may take"
            hint = "nothing to fix; AASA601-604 do not cover this rule"
        }
        return Diagnostic(
            finding.kind.diagnosticCode, path: "applinks." + finding.ref, message: message,
            hint: hint,
            related: finding.coveredBy.map { "applinks." + $0 })
    }
}
