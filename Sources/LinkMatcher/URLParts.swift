import ASCIIBytes
import LibC

/// Where the pieces of a URL lie in its bytes (SEMANTICS.md S3.1): nothing is copied or
/// normalised here. Accepts absolute URLs (`https://host:port/p?q#f`) and request targets
/// (`/p?q#f`, or a bare `p` whose leading slash is optional anyway).
public struct URLParts: Sendable, Equatable {
    /// The scheme, when the URL is absolute.
    public var scheme: Range<Int>?
    /// The host, without user info or port; compare case-insensitively.
    public var host: Range<Int>?
    /// The port number when one is written (`nil` when absent or not a number).
    public var port: Int?
    /// The path (empty when the URL has none).
    public var path: Range<Int>
    /// The query text after `?`, or nil when there is no `?`.
    public var query: Range<Int>?
    /// The fragment text after `#`, or nil when there is no `#`.
    public var fragment: Range<Int>?

    /// No URL at all: an empty path. (Computed: a stored static would be checked for
    /// initialisation at every use, and this is used at every log line.)
    public static var empty: URLParts {
        URLParts(scheme: nil, host: nil, port: nil, path: 0..<0, query: nil, fragment: nil)
    }

    /// Splits `bytes`; never fails (anything that is not an absolute URL is a path).
    public static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts {
        let end = bytes.count
        var cursor = 0
        var parts = URLParts.empty
        // A request target (`/p?q`, nearly every logged one) has no scheme to look for.
        if bytes.first != UInt8(ascii: "/"), let schemeEnd = schemeLength(bytes) {
            parts.scheme = 0..<schemeEnd
            let authorityStart = schemeEnd + 3
            var authorityEnd = authorityStart
            while authorityEnd < end, !isAuthorityEnd(bytes[authorityEnd]) { authorityEnd += 1 }
            parts.splitAuthority(bytes, authorityStart..<authorityEnd)
            cursor = authorityEnd
        }
        // The fragment starts at the first `#`; the query at the first `?` before it.
        var fragmentStart = end
        var queryStart = end
        if cursor < end, let base = bytes.baseAddress {
            if let hash = memchr(base + cursor, 0x23, end - cursor) {
                fragmentStart =
                    UnsafePointer<UInt8>(hash.assumingMemoryBound(to: UInt8.self)) - base
            }
            if fragmentStart > cursor,
                let mark = memchr(base + cursor, 0x3F, fragmentStart - cursor)
            {
                queryStart = UnsafePointer<UInt8>(mark.assumingMemoryBound(to: UInt8.self)) - base
            }
        }
        let pathEnd = min(queryStart, fragmentStart)
        parts.path = cursor..<pathEnd
        if queryStart < fragmentStart { parts.query = (queryStart + 1)..<fragmentStart }
        if fragmentStart < end { parts.fragment = (fragmentStart + 1)..<end }
        return parts
    }

    /// True for `http` and `https`, and for targets without a scheme (SEMANTICS.md S3.1:
    /// only web URLs are universal links).
    public func hasWebScheme(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let scheme else { return true }
        let http: [UInt8] = Array("http".utf8)
        let length = scheme.count
        guard length == 4 || length == 5 else { return false }
        for (offset, expected) in http.enumerated()
        where ASCII.lowercased(bytes[scheme.lowerBound + offset]) != expected {
            return false
        }
        return length == 4 || ASCII.lowercased(bytes[scheme.lowerBound + 4]) == UInt8(ascii: "s")
    }

    /// The default port of the scheme: 80 for http, 443 otherwise.
    public func defaultPort(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scheme?.count == 4 ? 80 : 443
    }

    private static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, ASCII.isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                let slashes =
                    index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                    && bytes[index + 2] == UInt8(ascii: "/")
                return slashes ? index : nil
            }
            guard
                ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
            index += 1
        }
        return nil
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private mutating func splitAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var hostStart = range.lowerBound
        if let at = range.last(where: { bytes[$0] == UInt8(ascii: "@") }) { hostStart = at + 1 }
        var hostEnd = range.upperBound
        // An IPv6 literal keeps its colons; a port follows the closing bracket.
        let searchFrom =
            hostStart < hostEnd && bytes[hostStart] == UInt8(ascii: "[")
            ? (hostStart..<hostEnd).first(where: { bytes[$0] == UInt8(ascii: "]") }) ?? hostStart
            : hostStart
        if let colon = (searchFrom..<hostEnd).first(where: { bytes[$0] == UInt8(ascii: ":") }) {
            hostEnd = colon
            // Only a well-formed number is a port; anything else counts as no port.
            if let value = ASCII.decimalValue(
                bytes, in: (colon + 1)..<range.upperBound, limit: 999_999)
            {
                port = value
            }
        }
        host = hostStart..<hostEnd
    }
}
