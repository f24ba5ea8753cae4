import AASAModel

/// One rule with its defaults applied (SEMANTICS.md S4.4): what the matcher compiles.
public struct ResolvedRule: Sendable, Equatable {
    /// `details[0].components[3]` or `details[1].paths[0]`.
    public var ref: String
    /// Index of the `details` entry the rule belongs to.
    public var entryIndex: Int
    /// App IDs of that entry; empty when the entry names none (the rule never decides).
    public var appIDs: [String]
    /// True for an `exclude` or `NOT ` rule.
    public var exclude: Bool
    /// False when the rule matches letters of either case (SEMANTICS.md S8).
    public var caseSensitive: Bool
    /// False when the rule matches the percent-decoded URL (SEMANTICS.md S7).
    public var percentEncoded: Bool
    /// The path pattern; `*` when unspecified.
    public var path: String
    /// The query pattern; `.whole("*")` when unspecified.
    public var query: QueryPattern
    /// The fragment pattern; `*` when unspecified.
    public var fragment: String
    /// True for a legacy `paths` string: only the path is compared and `$(...)` is literal.
    public var isLegacyPath: Bool

    /// True when the fragment takes part in the rule's decision (a `#` pattern other than
    /// `*`): a URL without its fragment, as every server log has it, cannot show it.
    public var decidesByFragment: Bool { !isLegacyPath && fragment != "*" }

    /// The rule as one line of JSON-like text, for reports: only what differs from the
    /// built-in defaults, or the legacy string as written.
    public var patternDescription: String {
        if isLegacyPath { return exclude ? "NOT \(path)" : path }
        // Written as bytes, then made a string once: a 5,000-rule report describes every rule.
        var text: [UInt8] = []
        text.reserveCapacity(path.utf8.count + 24)
        text.append(contentsOf: #"{"/": "#.utf8)
        Self.appendQuoted(path, to: &text)
        switch query {
        case .whole(let pattern) where pattern == "*": break
        case .whole(let pattern):
            text.append(contentsOf: #", "?": "#.utf8)
            Self.appendQuoted(pattern, to: &text)
        case .items(let items):
            text.append(contentsOf: #", "?": {"#.utf8)
            for (index, item) in items.enumerated() {
                if index > 0 { text.append(contentsOf: ", ".utf8) }
                Self.appendQuoted(item.name, to: &text)
                text.append(contentsOf: ": ".utf8)
                Self.appendQuoted(item.pattern, to: &text)
            }
            text.append(UInt8(ascii: "}"))
        }
        if fragment != "*" {
            text.append(contentsOf: ##", "#": "##.utf8)
            Self.appendQuoted(fragment, to: &text)
        }
        if exclude { text.append(contentsOf: #", "exclude": true"#.utf8) }
        if !caseSensitive { text.append(contentsOf: #", "caseSensitive": false"#.utf8) }
        if !percentEncoded { text.append(contentsOf: #", "percentEncoded": false"#.utf8) }
        text.append(UInt8(ascii: "}"))
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendQuoted(_ value: String, to text: inout [UInt8]) {
        let plain = value.utf8.allSatisfy {
            $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if plain {
            text.append(UInt8(ascii: "\""))
            text.append(contentsOf: value.utf8)
            text.append(UInt8(ascii: "\""))
        } else {
            text.append(contentsOf: quoted(value).utf8)
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension ResolvedRule {
    /// Every rule of the document in evaluation order: `details` order, then component or
    /// path order. `components` hides `paths` (S2.4); defaults do not apply to `paths` (S11 Q8).
    public static func resolve(_ document: AASADocument) -> [ResolvedRule] {
        guard let applinks = document.applinks else { return [] }
        var rules: [ResolvedRule] = []
        for (entryIndex, entry) in applinks.details.enumerated() {
            if let components = entry.components {
                // The first layer that sets a key wins: the component, its entry's defaults,
                // the file's defaults (S4.4).
                let entryDefaults = entry.defaults ?? Component()
                let fileDefaults = applinks.defaults ?? Component()
                for (index, component) in components.enumerated() {
                    let exclude = component.exclude ?? entryDefaults.exclude ?? fileDefaults.exclude
                    let caseSensitive =
                        component.caseSensitive ?? entryDefaults.caseSensitive
                        ?? fileDefaults.caseSensitive
                    let percentEncoded =
                        component.percentEncoded ?? entryDefaults.percentEncoded
                        ?? fileDefaults.percentEncoded
                    let path = component.path ?? entryDefaults.path ?? fileDefaults.path
                    let query = component.query ?? entryDefaults.query ?? fileDefaults.query
                    let fragment =
                        component.fragment ?? entryDefaults.fragment ?? fileDefaults.fragment
                    rules.append(
                        ResolvedRule(
                            ref: ref(
                                entry.ref, ".components[",
                                entry.componentPositions?[index] ?? index),
                            entryIndex: entryIndex, appIDs: entry.appIDs,
                            exclude: exclude ?? false, caseSensitive: caseSensitive ?? true,
                            percentEncoded: percentEncoded ?? true, path: path ?? "*",
                            query: query ?? .whole("*"), fragment: fragment ?? "*",
                            isLegacyPath: false))
                }
            } else if let paths = entry.paths {
                for (index, text) in paths.enumerated() {
                    let excluded = text.hasPrefix("NOT ")
                    rules.append(
                        ResolvedRule(
                            ref: ref(entry.ref, ".paths[", entry.pathPositions?[index] ?? index),
                            entryIndex: entryIndex,
                            appIDs: entry.appIDs, exclude: excluded, caseSensitive: true,
                            percentEncoded: true, path: excluded ? String(text.dropFirst(4)) : text,
                            query: .whole("*"), fragment: "*", isLegacyPath: true))
                }
            }
        }
        return rules
    }

    /// `details[0].components[3]`, built by appending (cheaper than interpolating, and a large
    /// file makes one per rule).
    private static func ref(_ entry: String, _ list: String, _ index: Int) -> String {
        var ref = entry
        ref.reserveCapacity(entry.utf8.count + list.utf8.count + 8)
        ref += list
        ref += String(index)
        ref += "]"
        return ref
    }
}
