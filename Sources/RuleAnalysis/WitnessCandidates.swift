import AASAModel
import LinkMatcher

/// Request targets (`/path?query#fragment`) that a rule's pattern matches, or nearly: each
/// `*` filled with some text, each `?` with one character, each variable with one of its
/// values, and a query and fragment that satisfy the rule's. Only candidates: the diff keeps
/// those that two rule sets really decide differently, so a guess that misses costs nothing.
struct WitnessCandidates {
    /// Custom substitution variables of the file the rule comes from.
    let variables: [String: [String]]

    static let variants = 6
    private static let runs = ["x", "a/b", "42", "", "x.y", "A"]
    private static let ones = ["a", "7", "Z", "-"]
    /// Values tried for predefined variables (SEMANTICS.md S6.2): members of each list.
    private static let predefined: [String: [String]] = [
        "alpha": ["a", "Q"], "upper": ["Q", "A"], "lower": ["q", "a"], "alnum": ["a", "7"],
        "digit": ["7", "0"], "xdigit": ["f", "7"], "region": ["US", "GB"], "lang": ["en", "fr"],
    ]

    init(variables: [String: [String]]) {
        self.variables = variables
    }

    init(_ document: AASADocument?) {
        self.init(variables: RuleIdentity.variables(of: document))
    }

    /// A few targets for `rule`, the simplest first, without repeats.
    func targets(for rule: ResolvedRule) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for variant in 0..<Self.variants {
            let target = self.target(for: rule, variant: variant)
            if seen.insert(target).inserted { result.append(target) }
        }
        return result
    }

    private func target(for rule: ResolvedRule, variant: Int) -> String {
        let decoded = !rule.percentEncoded
        var path = fill(rule.path, variant: variant, variables: !rule.isLegacyPath)
        path = "/" + path.drop { $0 == "/" }
        var target = Self.encoded(path, decoded: decoded, alsoEncoding: "?#")
        guard !rule.isLegacyPath else { return target }
        switch rule.query {
        case .whole(let pattern) where pattern == "*":
            if variant == 1 { target += "?x=1" }
        case .whole(let pattern):
            target +=
                "?"
                + Self.encoded(
                    fill(pattern, variant: variant, variables: true), decoded: decoded,
                    alsoEncoding: "#")
        case .items(let items):
            // One variant leaves the query out: absent items count as empty (S4.3.2).
            if variant != 2, !items.isEmpty {
                target +=
                    "?"
                    + items.map { item in
                        Self.encoded(item.name, decoded: decoded, alsoEncoding: "#&=") + "="
                            + Self.encoded(
                                fill(item.pattern, variant: variant, variables: true),
                                decoded: decoded, alsoEncoding: "#&")
                    }.joined(separator: "&")
            }
        }
        if rule.fragment != "*" {
            target +=
                "#"
                + Self.encoded(
                    fill(rule.fragment, variant: variant, variables: true), decoded: decoded,
                    alsoEncoding: "")
        }
        return target
    }

    /// The pattern with its wildcards and (when `variables`) its `$(name)` filled in.
    private func fill(_ pattern: String, variant: Int, variables expand: Bool) -> String {
        var text = ""
        var rest = Substring(pattern)
        var slot = variant
        while let first = rest.first {
            if expand, rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = String(rest.dropFirst(2)[..<close])
                if !name.contains("$"), !name.contains("(") {
                    let values = variables[name] ?? Self.predefined[name] ?? ["x"]
                    // A value may hold wildcards, never another variable (DOC-SUBST).
                    if !values.isEmpty {
                        text += fill(
                            values[slot % values.count], variant: variant, variables: false)
                    }
                    rest = rest[rest.index(after: close)...]
                    slot += 1
                    continue
                }
            }
            switch first {
            case "*": text += Self.runs[slot % Self.runs.count]
            case "?": text += Self.ones[slot % Self.ones.count]
            default: text.append(first)
            }
            rest = rest.dropFirst()
        }
        return text
    }

    /// Text as it goes into a URL: bytes a URL cannot hold raw as `%XX` (the matcher would
    /// encode them the same way, S3.2), plus `extra`; when the rule compares decoded text,
    /// `%` too, so that decoding gives the text back.
    static func encoded(_ text: String, decoded: Bool, alsoEncoding extra: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in text.utf8 {
            let raw =
                byte <= 0x20 || byte >= 0x7F || "\"<>\\^`{|}[]".utf8.contains(byte)
                || extra.utf8.contains(byte) || (decoded && byte == UInt8(ascii: "%"))
            if raw {
                out += ["%", hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                out.append(Unicode.Scalar(byte))
            }
        }
        return String(out)
    }
}
