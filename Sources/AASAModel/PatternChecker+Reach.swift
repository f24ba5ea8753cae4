import ASCIIBytes

/// Patterns that can never match any URL (AASA306), and path patterns that spell a query
/// (AASA307). Found from the text alone: what a URL can hold where the rule reads it.
extension PatternChecker {
    /// The part of a URL a pattern is compared with.
    enum Part {
        case path, query, queryValue, fragment

        var name: String {
            switch self {
            case .path: "path"
            case .query: "query"
            case .queryValue: "query item's value"
            case .fragment: "fragment"
            }
        }
    }

    /// One piece of a pattern: a literal character, a wildcard, or `$(name)`.
    enum Piece: Equatable {
        case literal(Unicode.Scalar)
        case wildcard
        case variable(String)
    }

    /// The patterns of a component (or defaults object) whose `percentEncoded` setting, after
    /// defaults, is `percentEncoded`.
    mutating func checkReach(_ component: Component, percentEncoded: Bool, path: String) {
        if let pattern = component.path {
            let at = JSONPath.key(path, "/")
            checkReach(pattern, part: .path, asWritten: percentEncoded, variables: true, at)
            checkSpelledQuery(pattern, legacy: false, at)
        }
        if let pattern = component.fragment {
            checkReach(
                pattern, part: .fragment, asWritten: percentEncoded, variables: true,
                JSONPath.key(path, "#"))
        }
        switch component.query {
        case .whole(let pattern):
            checkReach(
                pattern, part: .query, asWritten: percentEncoded, variables: true,
                JSONPath.key(path, "?"))
        case .items(let items):
            let base = JSONPath.key(path, "?")
            for item in items {
                let at = JSONPath.key(base, item.name)
                if !checkItemName(item, asWritten: percentEncoded, at) {
                    checkReach(
                        item.pattern, part: .queryValue, asWritten: percentEncoded,
                        variables: true, at)
                }
            }
        case nil:
            break
        }
    }

    /// A legacy `paths` pattern (without its `NOT `): read as written, `$(` is literal text.
    mutating func checkLegacyReach(_ pattern: String, path: String) {
        checkReach(pattern, part: .path, asWritten: true, variables: false, path)
        checkSpelledQuery(pattern, legacy: true, path)
    }

    // MARK: AASA306

    private mutating func checkReach(
        _ pattern: String, part: Part, asWritten: Bool, variables: Bool, _ path: String
    ) {
        let pieces = Self.pieces(pattern, variables: variables)
        for case .variable(let name) in pieces {
            if let variable = self.variables.first(where: { $0.name == name }),
                variable.values.isEmpty
            {
                add(
                    .neverMatches, path,
                    "pattern \"\(pattern)\" can never match: $(\(name)) is defined as an empty "
                        + "list, so no text can stand for it",
                    "give \"\(name)\" its values in applinks.substitutionVariables")
                return
            }
        }
        guard asWritten else { return }
        // Whitespace at either end is AASA303's finding; say nothing more about it.
        var literals = pieces
        while case .literal(let scalar) = literals.first, scalar.properties.isWhitespace {
            literals.removeFirst()
        }
        while case .literal(let scalar) = literals.last, scalar.properties.isWhitespace {
            literals.removeLast()
        }
        for case .literal(let scalar) in literals {
            guard let reason = Self.absence(of: scalar, in: part) else { continue }
            var hint = Self.hint(scalar, part)
            if part == .path, scalar == "#", let mark = pattern.firstIndex(of: "#") {
                // The author almost surely meant the fragment: show the rule that tests it.
                let rule = Self.written([
                    JSONOutMember(
                        "/", .string(pattern[..<mark].isEmpty ? "/" : String(pattern[..<mark]))),
                    JSONOutMember("#", .string(String(pattern[pattern.index(after: mark)...]))),
                ])
                hint =
                    variables
                    ? "to test the fragment, write \(rule)"
                    : "legacy paths never read the fragment; a component does: \(rule)"
            }
            add(.neverMatches, path, "pattern \"\(pattern)\" can never match: \(reason)", hint)
            return
        }
    }

    /// Why a URL never holds `scalar` where the rule reads `part` as written, or nil when it may.
    static func absence(of scalar: Unicode.Scalar, in part: Part) -> String? {
        switch (scalar, part) {
        case ("#", .path), ("#", .query), ("#", .queryValue):
            return "a URL's \(part.name) never holds \"#\", which starts the fragment"
        case ("&", .queryValue):
            return "a query item's value never holds \"&\", which separates the items"
        default:
            guard scalar.value >= 0x80 || needsEncoding(UInt8(scalar.value)) else { return nil }
            return "the \(part.name) is compared as written, and a URL never holds a raw "
                + "\"\(shown(scalar))\": it carries \(escaped(scalar))"
        }
    }

    private static func hint(_ scalar: Unicode.Scalar, _ part: Part) -> String {
        switch (scalar, part) {
        case ("#", .path), ("#", .query), ("#", .queryValue):
            "put what follows \"#\" in a \"#\" pattern, or remove the rule"
        case ("&", .queryValue):
            "constrain each item by its own name in the \"?\" dictionary"
        default:
            "write \(escaped(scalar)), or set \"percentEncoded\": false to compare the "
                + "decoded URL"
        }
    }

    /// A query item name no URL holds, under the rule's reading: the item is always absent and
    /// reads as `""` (SEMANTICS.md S4.3.2). Reported (true) when the pattern refuses `""`.
    private mutating func checkItemName(
        _ item: QueryItemPattern, asWritten: Bool, _ path: String
    ) -> Bool {
        let refusesEmpty =
            !item.pattern.unicodeScalars.allSatisfy { $0 == "*" }
            && !item.pattern.contains("$(")
        guard refusesEmpty else { return false }
        var reason: String?
        for scalar in item.name.unicodeScalars {
            if asWritten, scalar == "=" || scalar == "&" {
                reason = "\"\(scalar)\" ends an item's name"
            } else if asWritten,
                scalar == "#" || scalar.value >= 0x80
                    || Self.needsEncoding(UInt8(scalar.value))
            {
                reason = "a URL carries \"\(Self.shown(scalar))\" as \(Self.escaped(scalar))"
            }
            if reason != nil { break }
        }
        guard let reason else { return false }
        add(
            .neverMatches, path,
            "no URL has a query item named \"\(item.name)\" (\(reason)), and an absent item "
                + "reads as \"\", which \"\(item.pattern)\" does not match",
            "name the item as URLs spell it")
        return true
    }

    // MARK: AASA307

    /// `?` in a path pattern is a one-character wildcard; text such as `/p?x=1` is almost
    /// always meant as a query item.
    private mutating func checkSpelledQuery(_ pattern: String, legacy: Bool, _ path: String) {
        guard let mark = pattern.firstIndex(of: "?") else { return }
        let tail = pattern[pattern.index(after: mark)...]
        guard tail.contains("="), !tail.contains("/") else { return }
        let head = String(pattern[..<mark])
        let items = tail.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        let query = JSONOut.object(items.map { JSONOutMember($0.0, .string($0.1)) })
        let written = Self.written([
            JSONOutMember("/", .string(head.isEmpty ? "/" : head)), JSONOutMember("?", query),
        ])
        add(
            .questionMarkInPath, path,
            "\"?\" in the path pattern \"\(pattern)\" matches any one character of the path; "
                + "the query is never part of the path, so this does not test "
                + "\"\(tail)\"",
            legacy
                ? "legacy paths never read the query; a component does: \(written)"
                : "to test the query, write \(written)")
    }

    // MARK: Pattern text

    /// A component as one line of JSON, for a hint.
    private static func written(_ members: [JSONOutMember]) -> String {
        String(
            decoding: JSONTextLayout.inlineSpaced.render(.object(members), indent: []),
            as: UTF8.self)
    }

    /// The pieces of a pattern, as the matcher's parser reads it: `$(name)` is a variable
    /// (when `variables`) unless the name holds `$` or `(`, or the `)` is missing.
    static func pieces(_ pattern: String, variables: Bool) -> [Piece] {
        let scalars = Array(pattern.unicodeScalars)
        var pieces: [Piece] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if variables, scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")"),
                !scalars[(index + 2)..<close].contains(where: { $0 == "$" || $0 == "(" })
            {
                pieces.append(
                    .variable(String(String.UnicodeScalarView(scalars[(index + 2)..<close]))))
                index = close + 1
                continue
            }
            pieces.append(scalar == "*" || scalar == "?" ? .wildcard : .literal(scalar))
            index += 1
        }
        return pieces
    }

    /// Bytes a URL never holds raw: controls, space, `"#<>[\]^`{|}` and DEL are sent
    /// percent-encoded (SEMANTICS.md S3.2; the matcher encodes them the same way).
    static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || "\"#<>[\\]^`{|}".utf8.contains(byte)
    }

    /// The character as a message shows it: controls by their escape.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F
            ? "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4) : String(scalar)
    }

    /// `%XX` for each UTF-8 byte of the character, upper-case hex.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        var text = ""
        for byte in String(scalar).utf8 {
            text += "%"
            text.unicodeScalars.append(Unicode.Scalar(ASCII.upperHexDigit(byte >> 4)))
            text.unicodeScalars.append(Unicode.Scalar(ASCII.upperHexDigit(byte & 0xF)))
        }
        return text
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
