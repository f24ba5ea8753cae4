/// Checks pattern strings: whitespace, `NOT ` prefixes and substitution variables.
struct PatternChecker {
    var findings: [Diagnostic] = []
    let variables: [SubstitutionVariable]
    let customNames: Set<String>

    init(variables: [SubstitutionVariable]) {
        self.variables = variables
        self.customNames = Set(variables.map(\.name))
    }

    /// Shadowing and malformed names/values in `applinks.substitutionVariables`.
    mutating func checkVariables() {
        for variable in variables {
            let path = JSONPath.key("applinks.substitutionVariables", variable.name)
            if AASALint.predefinedVariables.contains(variable.name) {
                add(
                    .shadowedVariable, path,
                    "custom variable \"\(variable.name)\" has the name of a predefined one; "
                        + "this tool lets the custom values win, devices may not",
                    "rename the variable")
            }
            if variable.name.isEmpty || variable.name.contains(where: { "$()".contains($0) }) {
                add(
                    .invalidVariable, path,
                    "variable name \"\(variable.name)\" is empty or contains $, ( or )",
                    "use a name without $, ( and )")
            }
            for (index, value) in variable.values.enumerated() where value.contains("$(") {
                add(
                    .invalidVariable, JSONPath.index(path, index),
                    "variable values cannot contain other variables: \"\(value)\"",
                    "write the values out in full")
            }
        }
    }

    /// Every pattern of a component or defaults object.
    mutating func check(_ component: Component, path: String) {
        if let pattern = component.path { checkPattern(pattern, path: JSONPath.key(path, "/")) }
        if let pattern = component.fragment {
            checkPattern(pattern, path: JSONPath.key(path, "#"))
        }
        switch component.query {
        case .whole(let pattern):
            checkPattern(pattern, path: JSONPath.key(path, "?"))
        case .items(let items):
            for item in items {
                checkPattern(item.pattern, path: JSONPath.key(JSONPath.key(path, "?"), item.name))
            }
        case nil:
            break
        }
    }

    /// A legacy `paths` string: only an exact `NOT ` prefix excludes (SEMANTICS.md S4.6).
    mutating func checkLegacyPath(_ pattern: String, path: String) {
        let scalars = Array(pattern.unicodeScalars)
        let looksNegated =
            scalars.count > 3
            && String(String.UnicodeScalarView(scalars[0..<3])).uppercased() == "NOT"
            && scalars[3].properties.isWhitespace
        if looksNegated {
            let exact =
                pattern.hasPrefix("NOT ")
                && !(scalars.count > 4
                    && scalars[4].properties.isWhitespace)
            if !exact {
                add(
                    .malformedNOT, path,
                    "\"\(pattern)\" looks like an exclusion but only an upper-case NOT and "
                        + "exactly one space exclude; this is "
                        + (pattern.hasPrefix("NOT ")
                            ? "an exclusion of a pattern starting "
                                + "with whitespace" : "a literal path pattern"),
                    "write \"NOT /path\"")
                checkVariables(in: pattern, path: path)
                return
            }
            checkPattern(String(pattern.dropFirst(4)), path: path)
            checkLegacyReach(String(pattern.dropFirst(4)), path: path)
            return
        }
        checkPattern(pattern, path: path)
        checkLegacyReach(pattern, path: path)
    }

    private mutating func checkPattern(_ pattern: String, path: String) {
        let scalars = pattern.unicodeScalars
        if let first = scalars.first, let last = scalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            add(
                .patternWhitespace, path,
                "pattern \"\(pattern)\" has leading or trailing whitespace, which is matched "
                    + "literally",
                "remove the whitespace")
        }
        checkVariables(in: pattern, path: path)
    }

    /// `$(name)` references: undefined names never match, `$(` without `)` is literal text.
    private mutating func checkVariables(in pattern: String, path: String) {
        var rest = Substring(pattern)
        while let open = rest.firstRange(of: "$(") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstIndex(of: ")") else {
                add(
                    .unterminatedVariable, path,
                    "\"$(\" without a closing \")\" in \"\(pattern)\" is matched as literal text",
                    "close the variable reference: $(name)")
                return
            }
            let name = String(afterOpen[..<close])
            if !customNames.contains(name), !AASALint.predefinedVariables.contains(name) {
                add(
                    .undefinedVariable, path,
                    "undefined substitution variable $(\(name)): the pattern never matches",
                    "define \"\(name)\" in applinks.substitutionVariables or fix the name")
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
    }

    mutating func add(
        _ code: DiagnosticCode, _ path: String, _ message: String, _ hint: String
    ) {
        findings.append(
            Diagnostic(code, path: path, message: message, hint: hint))
    }
}
