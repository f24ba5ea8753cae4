/// A URL as Android hands it to intent filters (docs/android-semantics.md A2): lower-case scheme
/// and host, the written port, and the path, query and fragment percent-decoded, as UTF-16 code
/// units because that is what `PatternMatcher` compares.
struct AndroidURLParts: Equatable {
    var scheme: String
    var host: String?
    var port: Int?
    var path: [UInt16]
    /// nil when the URL has no `?`.
    var query: [UInt16]?
    /// nil when the URL has no `#`.
    var fragment: [UInt16]?

    /// Splits an absolute URL; nil when it has no `scheme://`.
    init?(_ url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound]
        let schemeCharacters = Set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
        guard !scheme.isEmpty, scheme.allSatisfy(schemeCharacters.contains) else { return nil }
        self.scheme = scheme.lowercased()
        var rest = url[separator.upperBound...]
        var fragmentText: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragmentText = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var queryText: Substring?
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let pathText = rest[slash...]
        (host, port) = Self.hostAndPort(authority)
        // Browsers send `https://example.com` as `https://example.com/` (A2, A11 Q1).
        path = pathText.isEmpty ? Array("/".utf16) : Self.decode(pathText)
        query = queryText.map(Self.decode)
        fragment = fragmentText.map(Self.decode)
    }

    private static func hostAndPort(_ authority: Substring) -> (String?, Int?) {
        var hostPort = authority
        if let at = hostPort.lastIndex(of: "@") {
            hostPort = hostPort[hostPort.index(after: at)...]
        }
        var port: Int?
        let closing = hostPort.lastIndex(of: "]")
        if let colon = hostPort.lastIndex(of: ":"), closing.map({ colon > $0 }) ?? true {
            port = Int(hostPort[hostPort.index(after: colon)...])
            hostPort = hostPort[..<colon]
        }
        let host = String(decoding: decodeBytes(hostPort), as: UTF8.self)
        return (host.isEmpty ? nil : asciiLowercased(host), port)
    }

    /// `%XX` becomes its byte; a malformed escape stays as written; `+` stays `+`; bytes that
    /// are not UTF-8 become U+FFFD.
    static func decode(_ text: Substring) -> [UInt16] {
        Array(String(decoding: decodeBytes(text), as: UTF8.self).utf16)
    }

    private static func decodeBytes(_ text: Substring) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Hosts fold in ASCII only (A11 Q8).
    static func asciiLowercased(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(
                ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar)
        }
        return String(scalars)
    }
}
