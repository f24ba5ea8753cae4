/// Checks an AASA document for mistakes and returns diagnostics with stable codes.
public enum AASALint {
    /// One documented diagnostic code: a row of the `DiagnosticCode` table.
    public typealias Rule = DiagnosticCode

    /// Every code this module emits, for the README and `aasa-scan lint --explain`.
    /// Numbering: AASA1xx parsing and structure, AASA2xx app IDs, AASA3xx patterns,
    /// AASA4xx substitution variables, AASA5xx size and signing.
    public static let catalogue: [Rule] = DiagnosticCode.ofDocument

    /// Predefined substitution variables (SEMANTICS.md S6.2).
    public static let predefinedVariables: Set<String> = [
        "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
    ]

    /// The document's own diagnostics followed by the checks on its patterns and variables.
    public static func lint(_ document: AASADocument) -> [Diagnostic] {
        var findings = document.diagnostics
        guard let applinks = document.applinks else {
            findings.append(
                Diagnostic(
                    .noAppLinks, path: JSONPath.root,
                    message: "the file has no \"applinks\" section, so no URL opens an app",
                    hint: "add \"applinks\": {\"details\": [...]} for universal links"))
            return findings
        }
        var checker = PatternChecker(variables: applinks.substitutionVariables)
        checker.checkVariables()
        let fileEncoded = applinks.defaults?.percentEncoded
        if let defaults = applinks.defaults {
            checker.check(defaults, path: "applinks.defaults")
            checker.checkReach(
                defaults, percentEncoded: fileEncoded ?? true, path: "applinks.defaults")
        }
        for entry in applinks.details {
            let base = "applinks." + entry.ref
            let entryEncoded = entry.defaults?.percentEncoded ?? fileEncoded
            if let defaults = entry.defaults {
                let path = JSONPath.key(base, "defaults")
                checker.check(defaults, path: path)
                checker.checkReach(defaults, percentEncoded: entryEncoded ?? true, path: path)
            }
            if let components = entry.components {
                if components.isEmpty {
                    checker.findings.append(
                        Diagnostic(
                            .emptyComponents, path: JSONPath.key(base, "components"),
                            message: "\"components\" is empty, so this entry matches no URL"
                                + (entry.paths == nil ? "" : " (and its \"paths\" are ignored)"),
                            hint: "add components, or remove the key"))
                }
                for (index, component) in components.enumerated() {
                    let position = entry.componentPositions?[index] ?? index
                    let path = JSONPath.index(JSONPath.key(base, "components"), position)
                    checker.check(component, path: path)
                    checker.checkReach(
                        component, percentEncoded: component.percentEncoded ?? entryEncoded ?? true,
                        path: path)
                }
            }
            for (index, pattern) in (entry.paths ?? []).enumerated() {
                let position = entry.pathPositions?[index] ?? index
                checker.checkLegacyPath(
                    pattern, path: JSONPath.index(JSONPath.key(base, "paths"), position))
            }
        }
        return findings + checker.findings
    }
}
