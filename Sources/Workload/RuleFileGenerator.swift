/// The spelling of a generated AASA file.
public enum RuleFileForm: Sendable, CaseIterable {
    /// iOS 13+ `components` dictionaries (with one legacy `paths` entry, as sites migrate).
    case components
    /// Every entry in the legacy `paths` form.
    case paths
}

/// AASA files for the workload's site with an exact number of rules that really decide its
/// traffic: early excludes, many literal and prefix rules for specific products and sections
/// (as large sites list them), then section-wide rules with wildcards, `?` patterns,
/// substitution variables, a query dictionary and a fragment rule.
///
/// The files depend on the site catalogue only, not on the traffic's seed.
public enum RuleFileGenerator {
    /// Rule counts of the standard files.
    public static let standardRuleCounts = [20, 300, 5_000]
    /// Rules every file has; smaller counts are raised to this.
    public static let baseRuleCount = 20

    /// The standard file name: `rules-300.json`, `rules-300-paths.json`.
    public static func fileName(ruleCount: Int, form: RuleFileForm) -> String {
        form == .components ? "rules-\(ruleCount).json" : "rules-\(ruleCount)-paths.json"
    }

    /// The file's JSON text, UTF-8.
    public static func json(ruleCount: Int, form: RuleFileForm = .components) -> [UInt8] {
        var shop = SiteRules.shopHead
        var news = [SiteRules.newsHead]
        for index in 0..<max(0, ruleCount - baseRuleCount) {
            let (rule, isNews) = SiteRules.specific(index)
            if isNews { news.append(rule) } else { shop.append(rule) }
        }
        shop += SiteRules.shopTail
        news += SiteRules.newsTail
        let entries: [(apps: [String], rules: [RuleSpec], legacyOnly: Bool)] = [
            (SiteRules.shopApps, shop, false),
            ([SiteRules.newsApp], news, false),
            ([SiteRules.legacyApp], SiteRules.legacyEntry, true),
        ]
        var text = "{\n  \"applinks\": {\n"
        if form == .components {
            text += "    \"substitutionVariables\": {\n"
            let variables = SiteRules.variables.map { name, values in
                "      \(RuleSpec.quoted(name)): ["
                    + values.map(RuleSpec.quoted).joined(separator: ", ") + "]"
            }
            text += variables.joined(separator: ",\n") + "\n    },\n"
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
