import AASAModel

/// The plain, obviously-correct matcher: it reads SEMANTICS.md literally, loops over every
/// rule in order and matches patterns by memoised recursion over Unicode scalars. It is slow
/// on purpose and shares nothing with `CompiledRuleSet` but the case-folding function and the
/// predefined variable lists (data, not logic); tests hold the automaton against it.
public struct ReferenceMatcher: Sendable {
    /// The overall answer (S4.5), with rule reference and app ID as text.
    public struct Answer: Sendable, Equatable, CustomStringConvertible {
        /// `handled`, `excluded` or `unmatched`.
        public var kind: Decision.Kind
        /// The deciding rule, such as `details[0].components[3]`; nil when unmatched.
        public var ruleRef: String?
        /// The app that opens the URL; nil unless handled.
        public var appID: String?

        /// An answer with every field given.
        public init(kind: Decision.Kind, ruleRef: String?, appID: String?) {
            self.kind = kind
            self.ruleRef = ruleRef
            self.appID = appID
        }

        /// `kind`, app and rule separated by tabs, `-` for an absent one.
        public var description: String {
            "\(kind.name)\t\(appID ?? "-")\t\(ruleRef ?? "-")"
        }
    }

    struct Rule: Sendable {
        var ref: String
        var exclude: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
        var path: String
        var query: QueryPattern
        var fragment: String
        var legacy: Bool
    }

    struct Entry: Sendable {
        var apps: [String]
        var rules: [Rule]
    }

    let entries: [Entry]
    let variables: [String: [String]]

    /// Reads the rules of a document as they are written, with their defaults.
    public init(_ document: AASADocument) {
        var variables: [String: [String]] = [:]
        for variable in document.applinks?.substitutionVariables ?? []
        where variables[variable.name] == nil {
            variables[variable.name] = variable.values
        }
        self.variables = variables
        guard let applinks = document.applinks else {
            entries = []
            return
        }
        entries = applinks.details.map { detail in
            var rules: [Rule] = []
            if let components = detail.components {
                for (index, component) in components.enumerated() {
                    // Component, then app-level, then domain-level defaults, then built-ins.
                    let app = detail.defaults ?? Component()
                    let domain = applinks.defaults ?? Component()
                    rules.append(
                        Rule(
                            ref: detail.ref
                                + ".components[\(detail.componentPositions?[index] ?? index)]",
                            exclude: component.exclude ?? app.exclude ?? domain.exclude ?? false,
                            caseSensitive: component.caseSensitive ?? app.caseSensitive
                                ?? domain.caseSensitive ?? true,
                            percentEncoded: component.percentEncoded ?? app.percentEncoded
                                ?? domain.percentEncoded ?? true,
                            path: component.path ?? app.path ?? domain.path ?? "*",
                            query: component.query ?? app.query ?? domain.query ?? .whole("*"),
                            fragment: component.fragment ?? app.fragment ?? domain.fragment ?? "*",
                            legacy: false))
                }
            } else {
                for (index, text) in (detail.paths ?? []).enumerated() {
                    let not = text.hasPrefix("NOT ")
                    rules.append(
                        Rule(
                            ref: detail.ref + ".paths[\(detail.pathPositions?[index] ?? index)]",
                            exclude: not, caseSensitive: true,
                            percentEncoded: true, path: not ? String(text.dropFirst(4)) : text,
                            query: .whole("*"), fragment: "*", legacy: true))
                }
            }
            return Entry(apps: detail.appIDs, rules: rules)
        }
    }

    /// The overall decision for a URL or request target.
    public func decide(_ url: String) -> Answer {
        let perEntry = firstMatches(url)
        var decidedApps = Set<String>()
        var firstExclude: Rule?
        for (entry, rule) in perEntry {
            let fresh = entry.apps.filter { !decidedApps.contains($0) }
            decidedApps.formUnion(entry.apps)
            guard let app = fresh.first else { continue }
            if !rule.exclude { return Answer(kind: .handled, ruleRef: rule.ref, appID: app) }
            if firstExclude == nil { firstExclude = rule }
        }
        if let rule = firstExclude { return Answer(kind: .excluded, ruleRef: rule.ref, appID: nil) }
        return Answer(kind: .unmatched, ruleRef: nil, appID: nil)
    }

    /// Each app's own first decisive rule, in order of first appearance of the app.
    public func decidePerApp(_ url: String) -> [(
        appID: String, kind: Decision.Kind, ruleRef: String
    )] {
        var result: [(appID: String, kind: Decision.Kind, ruleRef: String)] = []
        for (entry, rule) in firstMatches(url) {
            for app in entry.apps where !result.contains(where: { $0.appID == app }) {
                result.append((app, rule.exclude ? .excluded : .handled, rule.ref))
            }
        }
        return result
    }

    /// The first rule of details entry `entry` that matches the URL (S4.2); nil when none
    /// does.
    public func firstMatchingRule(ofEntry entry: Int, _ url: String) -> String? {
        let parsed = ReferenceURL(url)
        guard parsed.isWeb else { return nil }
        return entries[entry].rules.first { matches($0, parsed) }?.ref
    }

    /// For every entry that names apps, its first matching rule (S4.2).
    private func firstMatches(_ url: String) -> [(Entry, Rule)] {
        let parsed = ReferenceURL(url)
        guard parsed.isWeb else { return [] }
        var result: [(Entry, Rule)] = []
        for entry in entries where !entry.apps.isEmpty {
            if let rule = entry.rules.first(where: { matches($0, parsed) }) {
                result.append((entry, rule))
            }
        }
        return result
    }

    func matches(_ rule: Rule, _ url: ReferenceURL) -> Bool {
        let fold = !rule.caseSensitive
        let decode = !rule.percentEncoded
        var path = url.text(url.path, decode: decode, fold: fold)
        while path.first == "/" { path.removeFirst() }
        while path.last == "/" { path.removeLast() }
        var pattern = Substring(rule.path)
        while pattern.first == "/" { pattern.removeFirst() }
        guard
            globMatches(
                tokens(String(pattern), fold: fold, expand: !rule.legacy), path, pathRules: true)
        else { return false }
        guard
            globMatches(
                tokens(rule.fragment, fold: fold, expand: true),
                url.text(url.fragment ?? [], decode: decode, fold: fold), pathRules: false)
        else { return false }
        switch rule.query {
        case .whole(let text):
            return globMatches(
                tokens(text, fold: fold, expand: true),
                url.text(url.query ?? [], decode: decode, fold: fold), pathRules: false)
        case .items(let constraints):
            let items = url.queryItems(decode: decode, fold: fold)
            return constraints.allSatisfy { constraint in
                let values = items.filter { $0.name == Array(constraint.name.unicodeScalars) }
                    .map(\.value)
                let pattern = tokens(constraint.pattern, fold: fold, expand: true)
                return (values.isEmpty ? [[]] : values).allSatisfy {
                    globMatches(pattern, $0, pathRules: false)
                }
            }
        }
    }

    // MARK: Patterns

    indirect enum Token: Equatable {
        case char(Unicode.Scalar)
        case one
        case many
        case alternatives([[Token]])
    }

    func tokens(_ pattern: String, fold: Bool, expand: Bool) -> [Token] {
        let scalars = Array(pattern.unicodeScalars)
        var result: [Token] = []
        var index = 0
        while index < scalars.count {
            if expand, scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                if let close = scalars[(index + 2)...].firstIndex(of: ")"),
                    !scalars[(index + 2)..<close].contains(where: { $0 == "$" || $0 == "(" })
                {
                    let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                    result.append(
                        .alternatives(values(of: name).map { simpleTokens($0, fold: fold) }))
                    index = close + 1
                    continue
                }
            }
            result += simpleTokens(String(scalars[index]), fold: fold)
            index += 1
        }
        return result
    }

    private func values(of name: String) -> [String] {
        if let custom = variables[name] { return custom }
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        switch name {
        case "alpha": return (letters + letters.lowercased()).map(String.init)
        case "upper": return letters.map(String.init)
        case "lower": return letters.lowercased().map(String.init)
        case "alnum": return (letters + letters.lowercased() + "0123456789").map(String.init)
        case "digit": return "0123456789".map(String.init)
        case "xdigit": return "0123456789ABCDEFabcdef".map(String.init)
        case "region": return PredefinedVariable.regionCodes
        case "lang": return PredefinedVariable.languageCodes
        default: return []
        }
    }

    private func simpleTokens(_ text: String, fold: Bool) -> [Token] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "*": .many
            case "?": .one
            default: .char(fold ? Self.fold(scalar) : scalar)
            }
        }
    }

    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        Unicode.Scalar(CaseFolding.fold(scalar.value)) ?? scalar
    }

    /// Whole-text match by memoised recursion; in path mode a `/` may match nothing at the end.
    func globMatches(_ pattern: [Token], _ text: [Unicode.Scalar], pathRules: Bool) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (text.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if i == pattern.count {
                result = j == text.count
            } else {
                switch pattern[i] {
                case .char(let c):
                    result =
                        (j < text.count && text[j] == c && match(i + 1, j + 1))
                        || (pathRules && c == "/" && j == text.count && match(i + 1, j))
                case .one:
                    result = j < text.count && match(i + 1, j + 1)
                case .many:
                    result = match(i + 1, j) || (j < text.count && match(i, j + 1))
                case .alternatives(let options):
                    result = options.contains { option in
                        ends(option, from: j, text, pathRules).contains { match(i + 1, $0) }
                    }
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Every position where a flat token sequence starting at `start` can end.
    private func ends(
        _ sequence: [Token], from start: Int, _ text: [Unicode.Scalar], _ pathRules: Bool
    ) -> Set<Int> {
        var positions: Set<Int> = [start]
        for token in sequence {
            var next = Set<Int>()
            for j in positions {
                switch token {
                case .char(let c):
                    if j < text.count && text[j] == c { next.insert(j + 1) }
                    if pathRules && c == "/" && j == text.count { next.insert(j) }
                case .one:
                    if j < text.count { next.insert(j + 1) }
                case .many:
                    next.formUnion(j...text.count)
                case .alternatives:
                    break  // values hold no variables
                }
            }
            positions = next
        }
        return positions
    }
}

/// A URL taken apart the simple way (S3.1), with the text of each part as a rule sees it.
struct ReferenceURL {
    var isWeb = true
    var path: [UInt8] = []
    var query: [UInt8]?
    var fragment: [UInt8]?

    init(_ url: String) {
        var rest = Array(url.utf8)
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")),
            rest[colon...].starts(with: Array("://".utf8)),
            rest[..<colon].allSatisfy({
                $0 < 0x80
                    && (Character(Unicode.Scalar($0)).isLetter
                        || Character(Unicode.Scalar($0)).isNumber || "+-.".utf8.contains($0))
            }),
            let first = rest.first, Character(Unicode.Scalar(first)).isLetter
        {
            let scheme = String(decoding: rest[..<colon], as: UTF8.self).lowercased()
            isWeb = scheme == "http" || scheme == "https"
            rest = Array(rest[(colon + 3)...])
            let authorityEnd = rest.firstIndex(where: { "/?#".utf8.contains($0) }) ?? rest.count
            rest = Array(rest[authorityEnd...])
        }
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = Array(rest[(hash + 1)...])
            rest = Array(rest[..<hash])
        }
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = Array(rest[(mark + 1)...])
            rest = Array(rest[..<mark])
        }
        path = rest
    }

    /// Raw characters encoded (S3.2), then decoded and folded as the rule asks.
    func text(_ bytes: [UInt8], decode: Bool, fold: Bool) -> [Unicode.Scalar] {
        var encoded: [UInt8] = []
        for byte in bytes {
            if byte <= 0x20 || byte >= 0x7F || "\"<>\\^`{|}[]#".utf8.contains(byte) {
                encoded += Array(String(format2: byte).utf8)
            } else {
                encoded.append(byte)
            }
        }
        var scalars = decode ? Self.percentDecoded(encoded) : encoded.map { Unicode.Scalar($0) }
        if fold { scalars = scalars.map(ReferenceMatcher.fold) }
        return scalars
    }

    /// Escapes that form one valid UTF-8 scalar are decoded; anything else stays as written.
    static func percentDecoded(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        func escaped(_ at: Int) -> UInt8? {
            guard at + 2 < bytes.count, bytes[at] == UInt8(ascii: "%"),
                bytes[(at + 1)...(at + 2)].allSatisfy({
                    $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit
                })
            else { return nil }
            // Two hex digits, not a sign: `%+4` is no escape.
            return UInt8(String(decoding: bytes[(at + 1)...(at + 2)], as: UTF8.self), radix: 16)
        }
        var result: [Unicode.Scalar] = []
        var i = 0
        while i < bytes.count {
            guard let lead = escaped(i) else {
                result.append(Unicode.Scalar(bytes[i]))
                i += 1
                continue
            }
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            let sequence = (0..<length).compactMap { escaped(i + 3 * $0) }
            if sequence.count == length, let text = String(validating: sequence, as: UTF8.self),
                text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first
            {
                result.append(scalar)
                i += 3 * length
            } else {
                result += bytes[i..<(i + 3)].map { Unicode.Scalar($0) }
                i += 3
            }
        }
        return result
    }

    /// Query items: split on `&`, then at the first `=`; names decoded but never folded.
    func queryItems(decode: Bool, fold: Bool) -> [(name: [Unicode.Scalar], value: [Unicode.Scalar])]
    {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map {
            item in
            let parts = item.split(
                separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = text(Array(parts[0]), decode: decode, fold: false)
            let value = parts.count > 1 ? text(Array(parts[1]), decode: decode, fold: fold) : []
            return (name, value)
        }
    }
}

extension String {
    /// `%XX` with upper-case hex.
    init(format2 byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = "%" + (hex.count == 1 ? "0" + hex : hex)
    }
}
