/// Why a text is not an associated domain, for a usage error that names it.
public struct InvalidDomain: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong with it, in a few words.
    public let reason: String

    /// The text and why it is not a domain.
    public var description: String { "'\(text)' is not a domain: \(reason)" }
}

extension DomainPattern {
    /// The suffixes an entitlement may carry to select an alternate mode (SEMANTICS.md S2.7);
    /// the mode is not part of the host (S9).
    public static let modeSuffixes = [
        "?mode=developer", "?mode=managed", "?mode=developer+managed",
    ]
    /// The longest host name DNS allows, without a final dot.
    static let maxHostLength = 253
    static let maxLabelLength = 63

    /// Parses an entitlement domain `[*.]host[:port][?mode=...]` as iOS reads it: the host is
    /// compared lower-cased and as written (S11 Q15), so it must be what a URL's host can be:
    /// dot-separated labels of ASCII letters, digits, `-` and `_` (internationalized names in
    /// their `xn--` form), or a bracketed IPv6 address.
    public static func parse(_ text: String) throws(InvalidDomain) -> DomainPattern {
        func invalid(_ reason: String) -> InvalidDomain {
            InvalidDomain(text: text, reason: reason)
        }
        var rest = Substring(text)
        if let mark = rest.firstIndex(of: "?") {
            let suffix = rest[mark...]
            guard modeSuffixes.contains(String(suffix)) else {
                throw invalid(
                    "'\(suffix)' is not an alternate mode (\(modeSuffixes.joined(separator: ", ")))"
                )
            }
            rest = rest[..<mark]
        }
        let isWildcard = rest.hasPrefix("*.")
        if isWildcard { rest = rest.dropFirst(2) }
        var port: Int?
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            let digits = rest[rest.index(after: colon)...]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                let number = Int(digits), (1...65535).contains(number)
            else {
                throw invalid("the port '\(digits)' is not a number from 1 to 65535")
            }
            port = number
            rest = rest[..<colon]
        }
        if rest.hasSuffix("."), rest.count > 1 { rest = rest.dropLast() }  // `example.com.`
        guard !rest.isEmpty else { throw invalid("no host") }
        let host = rest.lowercased()
        if host.hasPrefix("[") {
            try checkIPv6(host, invalid)
        } else {
            try checkName(host, invalid)
        }
        return DomainPattern(host: host, isWildcard: isWildcard, port: port)
    }

    private static func checkName(
        _ host: String, _ invalid: (String) -> InvalidDomain
    ) throws(InvalidDomain) {
        guard host.utf8.count <= maxHostLength else {
            throw invalid("longer than \(maxHostLength) characters")
        }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw invalid("empty label (two dots in a row?)") }
            guard label.utf8.count <= maxLabelLength else {
                throw invalid("the label '\(label.prefix(20))…' is longer than \(maxLabelLength)")
            }
            if let bad = label.unicodeScalars.first(where: { !isLabelCharacter($0) }) {
                let shown =
                    bad.isASCII && bad.value >= 0x20 && bad.value < 0x7F
                    ? "'\(bad)'" : "U+" + String(bad.value, radix: 16, uppercase: true)
                throw invalid(
                    bad.value >= 0x80
                        ? "\(shown) in '\(label)': write an internationalized name in its "
                            + "xn-- (punycode) form, as URLs carry it"
                        : bad == "*"
                            ? "a wildcard is only '*.' before the whole domain"
                            : "\(shown) cannot be in a host name")
            }
            guard label.first != "-", label.last != "-" else {
                throw invalid("the label '\(label)' starts or ends with '-'")
            }
        }
    }

    private static func checkIPv6(
        _ host: String, _ invalid: (String) -> InvalidDomain
    ) throws(InvalidDomain) {
        let inside = host.dropFirst().dropLast()
        guard host.hasSuffix("]"), inside.contains(":"),
            inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
        else { throw invalid("not a bracketed IPv6 address") }
    }

    private static func isLabelCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", "_": true
        default: false
        }
    }
}
