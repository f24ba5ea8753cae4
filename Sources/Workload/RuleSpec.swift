/// One rule of a generated AASA file, in both of its spellings.
struct RuleSpec {
    enum Query {
        case whole(String)
        case items([(name: String, pattern: String)])
    }

    var path: String?
    var query: Query?
    var fragment: String?
    var exclude = false
    var caseSensitive: Bool?
    var percentEncoded: Bool?
    var comment: String?
    /// The `paths` spelling; nil when it is the path itself (with `NOT ` for an exclude).
    var legacyOverride: String?

    /// The rule as a legacy `paths` string. Legacy paths have no query, fragment, flags or
    /// variables, so rules that need them carry a path-only stand-in.
    var legacy: String {
        if let legacyOverride { return legacyOverride }
        let text = path ?? "*"
        return exclude ? "NOT " + text : text
    }

    /// The rule as a one-line `components` object.
    var componentJSON: String {
        var fields: [String] = []
        if let path { fields.append("\"/\": \(Self.quoted(path))") }
        switch query {
        case .whole(let text):
            fields.append("\"?\": \(Self.quoted(text))")
        case .items(let items):
            let body = items.map { "\(Self.quoted($0.name)): \(Self.quoted($0.pattern))" }
            fields.append("\"?\": {\(body.joined(separator: ", "))}")
        case nil:
            break
        }
        if let fragment { fields.append("\"#\": \(Self.quoted(fragment))") }
        if exclude { fields.append("\"exclude\": true") }
        if let caseSensitive { fields.append("\"caseSensitive\": \(caseSensitive)") }
        if let percentEncoded { fields.append("\"percentEncoded\": \(percentEncoded)") }
        if let comment { fields.append("\"comment\": \(Self.quoted(comment))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A JSON string literal; generated patterns never hold control characters.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

/// One `details` entry of a generated AASA file: its apps and its rules in order.
struct RuleEntry {
    var apps: [String]
    var rules: [RuleSpec]
    /// Written in legacy `paths` form whatever the file's form, as sites keep one such entry.
    var legacyOnly = false
}
