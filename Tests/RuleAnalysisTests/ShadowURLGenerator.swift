import AASAModel
import LinkMatcher
import TestSupport
import Workload

/// URLs built to match one rule: each pattern's wildcards filled with text that tempts the
/// edge cases (slashes, escapes, multi-byte characters, case), variables replaced by one of
/// their values, then written as a URL its view turns back into that text: escaped at random
/// when the rule decodes, case flipped when it folds, slashes added where they are stripped.
/// Not every URL made this way matches (a filler may break a pattern); callers keep the ones
/// the reference matcher accepts.
struct ShadowURLGenerator: RandomPicking {
    var random: SplitMix64
    let variables: [String: [String]]

    static let runs = [
        "", "", "x", "42", "a/b", "é", "%C3%A9", "%2F", "/", "AB", "k", "\u{212A}", "%41", "-",
        "?", "&", "=", "#", " ", "%", "x%zz", "ü/ß",
    ]
    static let singles = ["a", "Z", "é", "%", "/", "-", "\u{212A}", "1", "K", "?", " "]
    static let classSamples = [
        "alpha": ["q", "Q"], "upper": ["Q"], "lower": ["q"], "alnum": ["7", "x", "X"],
        "digit": ["0", "7"], "xdigit": ["f", "A"], "region": ["US", "GB", "FR"],
        "lang": ["en", "fr", "ace"],
    ]

    /// The text a rule's view should read for `pattern`: wildcards and variables filled.
    mutating func viewText(_ pattern: String, expandVariables: Bool) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if expandVariables, scalars[index] == "$", index + 1 < scalars.count,
                scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")")
            {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                let values = variables[name] ?? Self.classSamples[name] ?? ["$(\(name))"]
                if !values.isEmpty {
                    result += viewText(pick(values), expandVariables: false)
                }
                index = close + 1
                continue
            }
            switch scalars[index] {
            case "*": result += pick(Self.runs).unicodeScalars
            case "?": result += pick(Self.singles).unicodeScalars
            default: result.append(scalars[index])
            }
            index += 1
        }
        return result
    }

    /// URL text whose view (decoded or not, folded or not) reads `text`. `reserved` are the
    /// characters that would end the part; a decoding rule reads them from escapes.
    mutating func urlText(
        _ text: [Unicode.Scalar], decoded: Bool, folded: Bool, reserved: String
    ) -> String {
        var out = ""
        for scalar in text {
            var piece = String(scalar)
            if decoded && (reserved.unicodeScalars.contains(scalar) || scalar == "%" || chance(30))
            {
                piece = Array(piece.utf8).map { ShadowURLGenerator.escape($0) }.joined()
            }
            if folded && chance(50) { piece = piece.uppercased() }
            out += piece
        }
        return out
    }

    /// Candidate URLs for `rule` (a path, with query and fragment when the rule asks).
    mutating func urls(for rule: ResolvedRule, count: Int) -> [String] {
        (0..<count).map { _ in url(for: rule) }
    }

    private mutating func url(for rule: ResolvedRule) -> String {
        let decoded = !rule.percentEncoded
        let folded = !rule.caseSensitive
        let expand = !rule.isLegacyPath
        var url = chance(30) ? "https://example.com" : ""
        url += String(repeating: "/", count: chance(20) ? 2 : 1)
        url += urlText(
            viewText(String(rule.path.drop { $0 == "/" }), expandVariables: expand),
            decoded: decoded, folded: folded, reserved: "?#")
        if chance(20) { url += "/" }
        switch rule.query {
        case .whole(let pattern):
            if pattern != "*" || chance(30) {
                url +=
                    "?"
                    + urlText(
                        viewText(pattern, expandVariables: true), decoded: decoded,
                        folded: folded, reserved: "#")
            }
        case .items(let items):
            var parts = items.compactMap { item -> String? in
                if chance(15) { return nil }
                let name = urlText(
                    Array(item.name.unicodeScalars), decoded: false, folded: false,
                    reserved: "")
                let value = urlText(
                    viewText(item.pattern, expandVariables: true), decoded: decoded,
                    folded: folded, reserved: "#&=")
                return chance(10) ? name : name + "=" + value
            }
            if chance(30) { parts.append(pick(["other=1", "x", "=", ""])) }
            if chance(20), let first = parts.first { parts.append(first) }
            if !parts.isEmpty || chance(50) { url += "?" + parts.joined(separator: "&") }
        }
        if rule.fragment != "*" || chance(30) {
            url +=
                "#"
                + urlText(
                    viewText(rule.fragment, expandVariables: true), decoded: decoded,
                    folded: folded, reserved: "")
        }
        return url
    }

    /// `%XX` with upper-case hex.
    static func escape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "%" + (hex.count == 1 ? "0" + hex : hex)
    }
}
