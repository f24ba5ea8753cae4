import AASAModel

/// AASA documents and URLs assembled from pieces that hit the matcher's edge cases (slashes,
/// `?` against multi-byte characters, escapes, case, query items, variables), each choice taken
/// from the fuzzer's bytes.
public struct CaseGenerator {
    public var choices: ByteChoices

    public init(_ choices: ByteChoices) { self.choices = choices }

    static let patternPieces = [
        "/", "a", "b", "A", "ab", "?", "*", "%41", "%2F", "%C3%A9", "é", "É", " ", "$(digit)",
        "$(v)", "$(upper)", "$(nope)", "1", "%", "+", "$(", "$(region)", "$(lang)", "/*", "*/",
        "?*", ".pdf", "%25", "\u{1F600}", "ß", "İ",
    ]
    static let urlPieces = [
        "/", "a", "b", "A", "B", "ab", "1", "42", "%41", "%61", "%2F", "%2f", "%C3%A9", "%c3%a9",
        "é", "É", " ", "%", "%zz", "%C3", "%C3%28", "+", "$(v)", "x", "US", "en", "gb", "//",
        ".pdf", "%25", "\u{1F600}", "ß", "İ", "?", "#",
    ]
    static let queryItems = [
        "a=1", "a=", "a", "b=2", "id=7", "id=42", "A=1", "a=%41", "é=1", "q=a%20b", "", "a=1&a=2",
        "%61=1", "a+b=c",
    ]
    static let valuePieces = ["", "1", "7", "*", "?*", "?", "a", "A", "%41", "$(digit)", "a b"]
    static let apps = ["A.a", "B.b", "C.c"]

    mutating func flag() -> Bool? { choices.chance(60) ? nil : choices.chance(50) }

    mutating func text(_ pieces: [String], maxPieces: Int) -> String {
        (0..<choices.below(maxPieces + 1)).map { _ in choices.pick(pieces) }.joined()
    }

    mutating func component(allowEmpty: Bool) -> Component {
        var c = Component()
        if !allowEmpty || choices.chance(80) { c.path = text(Self.patternPieces, maxPieces: 6) }
        if choices.chance(25) {
            if choices.chance(50) {
                c.query = .whole(text(["a=1", "&", "*", "?", "b=", "a", "%41"], maxPieces: 3))
            } else {
                c.query = .items(
                    (0..<(1 + choices.below(2))).map { _ in
                        QueryItemPattern(
                            name: choices.pick(["a", "b", "id", "A", "é"]),
                            pattern: text(Self.valuePieces, maxPieces: 2))
                    })
            }
        }
        if choices.chance(15) { c.fragment = text(["x", "X", "*", "?", "", "%41"], maxPieces: 2) }
        if choices.chance(25) { c.exclude = choices.chance(50) }
        c.caseSensitive = flag()
        c.percentEncoded = flag()
        return c
    }

    public mutating func document() -> AASADocument {
        let entries = (0..<(1 + choices.below(3))).map { index -> DetailsEntry in
            let apps =
                choices.chance(10)
                ? [] : (0..<(1 + choices.below(2))).map { _ in choices.pick(Self.apps) }
            if choices.chance(20) {
                let paths = (0..<(1 + choices.below(4))).map { _ in
                    (choices.chance(25) ? "NOT " : "") + text(Self.patternPieces, maxPieces: 5)
                }
                return DetailsEntry(ref: "details[\(index)]", appIDs: apps, paths: paths)
            }
            let components = (0..<choices.below(6)).map { _ in component(allowEmpty: true) }
            return DetailsEntry(
                ref: "details[\(index)]", appIDs: apps, components: components,
                defaults: choices.chance(20) ? component(allowEmpty: true) : nil)
        }
        let variables =
            choices.chance(50)
            ? [
                SubstitutionVariable(
                    name: "v",
                    values: (0..<choices.below(3)).map { _ in
                        text(["a", "b", "*", "?", "1", "/", "%41"], maxPieces: 2)
                    })
            ]
            : []
        return AASADocument(
            applinks: AppLinks(
                details: entries, defaults: choices.chance(15) ? component(allowEmpty: true) : nil,
                substitutionVariables: variables))
    }

    public mutating func url() -> String {
        var url =
            choices.chance(30)
            ? choices.pick([
                "https://example.com", "http://EXAMPLE.com:8080", "ftp://x", "https://",
            ])
            : ""
        url += text(Self.urlPieces, maxPieces: 8)
        if choices.chance(40) {
            url +=
                "?"
                + (0..<choices.below(3)).map { _ in choices.pick(Self.queryItems) }.joined(
                    separator: "&")
        }
        if choices.chance(20) { url += "#" + text(["x", "X", "?", "%41", "a"], maxPieces: 2) }
        return url
    }
}
