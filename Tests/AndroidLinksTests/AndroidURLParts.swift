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

    /// What follows `scheme:` up to the fragment, decoded, as the matchers read it (A4.7):
    /// `//`, the host in lower case, `:` and the port as a number, the path, `?` and the query.
    var schemeSpecificPart: [UInt16] {
        let text = "//" + (host ?? "") + (port.map { ":\($0)" } ?? "")
        return Array(text.utf16) + path + (query.map { [UInt16(UInt8(ascii: "?"))] + $0 } ?? [])
    }

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
            // `Uri.getPort`: the decoded text as `Integer.parseInt` reads it, else none.
            port = Int(
                String(decoding: decode(hostPort[hostPort.index(after: colon)...]), as: UTF16.self))
            hostPort = hostPort[..<colon]
        }
        let host = String(decoding: decode(hostPort), as: UTF16.self)
        return (host.isEmpty ? nil : asciiLowercased(host), port)
    }

    /// `Uri.decode`, on the text's Java `char`s (UTF-16 units): `+` and other characters stay;
    /// runs of `%XX` become bytes, read as UTF-8 (ill-formed sequences as U+FFFD) when a
    /// character or the end follows. A malformed escape: `%` at the end gives U+FFFD and ends
    /// the text; `%` before a non-hex character gives U+FFFD, takes that character, and puts the
    /// value read so far as a byte.
    static func decode(_ text: Substring) -> [UInt16] {
        let chars = Array(text.utf16)
        var out: [UInt16] = []
        var bytes: [UInt8] = []
        func flush() {
            out += Array(String(decoding: bytes, as: UTF8.self).utf16)
            bytes = []
        }
        var index = 0
        while index < chars.count {
            let char = chars[index]
            index += 1
            guard char == UInt16(UInt8(ascii: "%")) else {
                flush()
                out.append(char)
                continue
            }
            var value = 0
            for _ in 0..<2 {
                guard index < chars.count else {
                    flush()
                    out.append(0xFFFD)
                    return out
                }
                let next = chars[index]
                index += 1
                guard next < 0x80, let digit = hexValue(UInt8(next)) else {
                    flush()
                    out.append(0xFFFD)
                    break
                }
                value = value * 16 + Int(digit)
            }
            bytes.append(UInt8(value))
        }
        flush()
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
