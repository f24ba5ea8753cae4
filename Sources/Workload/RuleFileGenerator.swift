/// The spelling of a generated AASA file.
public enum RuleFileForm: Sendable, CaseIterable {
    /// iOS 13+ `components` dictionaries (with one legacy `paths` entry, as sites migrate).
    case components
    /// Every entry in the legacy `paths` form.
    case paths
}

/// AASA files for the workload's site with an exact number of rules that really decide its
/// traffic, in the shape of a `RuleProfile`. The standard profile: early excludes, many
/// literal and prefix rules for specific products and sections (as large sites list them),
/// then section-wide rules with wildcards, `?` patterns, substitution variables, a query
/// dictionary and a fragment rule. The glob-heavy profile: see `RuleProfile.globHeavy`.
///
/// The files depend on the site catalogue only, not on the traffic's seed.
public enum RuleFileGenerator {
    /// Rule counts of the standard files.
    public static let standardRuleCounts = [20, 300, 5_000]
    /// Rule counts that also get a file in legacy `paths` form.
    public static let pathsFormRuleCounts = [300]
    /// Rules every file has; smaller counts are raised to this.
    public static let baseRuleCount = 20

    /// Every file `generate` writes, in order: each profile at each standard count, then the
    /// `paths` forms.
    public static var standardFiles: [(ruleCount: Int, form: RuleFileForm, profile: RuleProfile)] {
        RuleProfile.allCases.flatMap { profile in
            standardRuleCounts.map { ($0, RuleFileForm.components, profile) }
                + pathsFormRuleCounts.map { ($0, RuleFileForm.paths, profile) }
        }
    }

    /// The standard file name: `rules-300.json`, `rules-300-paths.json`,
    /// `rules-glob-300.json`, `rules-glob-300-paths.json`.
    public static func fileName(
        ruleCount: Int, form: RuleFileForm, profile: RuleProfile = .standard
    ) -> String {
        let stem = "rules-\(profile.fileTag)\(ruleCount)"
        return form == .components ? stem + ".json" : stem + "-paths.json"
    }

    /// The file's JSON text, UTF-8.
    public static func json(
        ruleCount: Int, form: RuleFileForm = .components, profile: RuleProfile = .standard
    ) -> [UInt8] {
        let specificCount = max(0, ruleCount - baseRuleCount)
        let entries: [RuleEntry]
        let variables: [(String, [String])]
        switch profile {
        case .standard:
            entries = SiteRules.entries(specificCount: specificCount)
            variables = SiteRules.variables
        case .globHeavy:
            entries = GlobHeavyRules.entries(specificCount: specificCount)
            variables = GlobHeavyRules.variables
        }
        var text = "{\n  \"applinks\": {\n"
        if form == .components {
            text += "    \"substitutionVariables\": {\n"
            let lines = variables.map { name, values in
                "      \(RuleSpec.quoted(name)): ["
                    + values.map(RuleSpec.quoted).joined(separator: ", ") + "]"
            }
            text += lines.joined(separator: ",\n") + "\n    },\n"
        }
        text += "    \"details\": [\n"
        let renderedEntries = entries.map { entry in
            var body = "      {\n        \"appIDs\": ["
            body += entry.apps.map(RuleSpec.quoted).joined(separator: ", ") + "],\n"
            let lines: [String]
            if form == .paths || entry.legacyOnly {
                body += "        \"paths\": [\n"
                lines = entry.rules.map { "          " + RuleSpec.quoted($0.legacy) }
            } else {
                body += "        \"components\": [\n"
                lines = entry.rules.map { "          " + $0.componentJSON }
            }
            return body + lines.joined(separator: ",\n") + "\n        ]\n      }"
        }
        text += renderedEntries.joined(separator: ",\n")
        text +=
            "\n    ]\n  },\n  \"webcredentials\": {\"apps\": [\"ABCDE12345.com.example.shop\"]}\n}\n"
        return Array(text.utf8)
    }
}
