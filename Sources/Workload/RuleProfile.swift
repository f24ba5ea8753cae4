/// The shape of a generated AASA file's rules: which kinds of pattern it holds and in what
/// proportion. Both profiles decide the same traffic (`AccessLogGenerator`).
public enum RuleProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Mostly literal pages and `prefix/*` rules (at 5,000 rules about 73% and 27%), with a
    /// few infix wildcards, `?` patterns, variables, query dictionaries and a fragment rule.
    case standard
    /// The usual mix of a large site (at 5,000 rules about 62% exact, 20% prefix, 18% glob):
    /// hundreds of rules that share a literal prefix and differ after a wildcard
    /// (`/users/*/settings/NAME`, `/orgs/*/repos/*/issues/NAME`, `/u/*/NAME/?*`), suffix and
    /// extension rules (`*.pdf`, `/docs/*.pdf`, `*/amp`, `*.json` excluded), `?` wildcards,
    /// substitution variables, case-insensitive and `percentEncoded: false` rules, several
    /// query dictionaries on `/search`, fragment rules and excludes before broader includes.
    case globHeavy = "glob-heavy"

    public var description: String { rawValue }

    /// What the profile adds to file names: `rules-300.json`, `rules-glob-300.json`.
    var fileTag: String {
        switch self {
        case .standard: ""
        case .globHeavy: "glob-"
        }
    }
}
