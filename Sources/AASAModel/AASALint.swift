/// Checks an AASA document for mistakes and returns diagnostics with stable codes.
public enum AASALint {
    /// One documented diagnostic code.
    public struct Rule: Sendable, Equatable {
        /// The stable diagnostic code, such as `AASA201`.
        public var code: String
        /// How serious its findings are.
        public var severity: Diagnostic.Severity
        /// What it finds, in one line.
        public var summary: String
    }

    /// Every code this module emits, for the README and `aasa-scan lint --explain`.
    /// Numbering: AASA1xx parsing and structure, AASA2xx app IDs, AASA3xx patterns,
    /// AASA4xx substitution variables, AASA5xx size and signing.
    public static let catalogue: [Rule] = [
        Rule(code: "AASA100", severity: .error, summary: "not valid JSON (or not a JSON object)"),
        Rule(code: "AASA101", severity: .warning, summary: "duplicate key; the last one is used"),
        Rule(code: "AASA102", severity: .warning, summary: "value of the wrong type; ignored"),
        Rule(code: "AASA103", severity: .info, summary: "unknown key; ignored"),
        Rule(
            code: "AASA104", severity: .warning,
            summary: "no applinks section: no universal links"),
        Rule(code: "AASA105", severity: .warning, summary: "legacy applinks.apps is not empty"),
        Rule(code: "AASA106", severity: .info, summary: "legacy dictionary form of details"),
        Rule(code: "AASA107", severity: .warning, summary: "applinks has no details"),
        Rule(
            code: "AASA201", severity: .warning,
            summary: "appID and appIDs together: appID ignored"),
        Rule(code: "AASA202", severity: .warning, summary: "empty appIDs: the entry names no app"),
        Rule(code: "AASA203", severity: .warning, summary: "app ID is not TEAMID.bundle.id"),
        Rule(code: "AASA204", severity: .warning, summary: "appIDs is not a list; ignored"),
        Rule(code: "AASA205", severity: .warning, summary: "entry has neither appID nor appIDs"),
        Rule(
            code: "AASA301", severity: .warning,
            summary: "paths and components together: paths ignored on iOS 13+"),
        Rule(
            code: "AASA302", severity: .warning,
            summary: "non-string value in a \"?\" dictionary: whole dictionary ignored"),
        Rule(
            code: "AASA303", severity: .warning,
            summary: "leading or trailing whitespace in a pattern"),
        Rule(code: "AASA304", severity: .warning, summary: "malformed NOT prefix in paths"),
        Rule(
            code: "AASA305", severity: .warning,
            summary: "empty components: the entry matches nothing"),
        Rule(
            code: "AASA401", severity: .warning,
            summary: "undefined substitution variable: the pattern never matches"),
        Rule(
            code: "AASA402", severity: .warning,
            summary: "custom variable shadows a predefined one"),
        Rule(code: "AASA403", severity: .warning, summary: "unterminated $( is literal text"),
        Rule(
            code: "AASA404", severity: .warning,
            summary: "invalid substitution variable name or value"),
        Rule(
            code: "AASA501", severity: .warning,
            summary: "file over 128 KB: devices may ignore it"),
        Rule(
            code: "AASA502", severity: .warning,
            summary: "signed PKCS#7 file: signature not verified"),
        Rule(
            code: "AASA503", severity: .error,
            summary: "beyond what aasa-scan analyses: over 16 MiB or over 200,000 rules"),
        Rule(
            code: "AASA504", severity: .warning,
            summary: "over 10,000 diagnostics: the rest are left out"),
    ]

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
                    code: DiagnosticCode.noAppLinks, severity: .warning, path: JSONPath.root,
                    message: "the file has no \"applinks\" section, so no URL opens an app",
                    hint: "add \"applinks\": {\"details\": [...]} for universal links"))
            return findings
        }
        var checker = PatternChecker(variables: applinks.substitutionVariables)
        checker.checkVariables()
        if let defaults = applinks.defaults {
            checker.check(defaults, path: "applinks.defaults")
        }
        for entry in applinks.details {
            let base = "applinks." + entry.ref
            if let defaults = entry.defaults {
                checker.check(defaults, path: JSONPath.key(base, "defaults"))
            }
            if let components = entry.components {
                if components.isEmpty {
                    checker.findings.append(
                        Diagnostic(
                            code: DiagnosticCode.emptyComponents, severity: .warning,
                            path: JSONPath.key(base, "components"),
                            message: "\"components\" is empty, so this entry matches no URL"
                                + (entry.paths == nil ? "" : " (and its \"paths\" are ignored)"),
                            hint: "add components, or remove the key"))
                }
                for (index, component) in components.enumerated() {
                    let path = JSONPath.index(JSONPath.key(base, "components"), index)
                    checker.check(component, path: path)
                }
            }
            for (index, pattern) in (entry.paths ?? []).enumerated() {
                checker.checkLegacyPath(
                    pattern, path: JSONPath.index(JSONPath.key(base, "paths"), index))
            }
        }
        return findings + checker.findings
    }
}
