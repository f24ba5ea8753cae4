import ASCIIBytes

/// Whether the bytes of a URL's host can name a host at all. One that cannot (a quote, a
/// space, an empty label: `"en.wikipedia.org`, `a..b`) is matched by no AASA file: iOS
/// would not resolve it, and a suffix test would take `"en.wikipedia.org` for a subdomain
/// of `wikipedia.org`. The scan counts such a request as malformed; `match` refuses it.
public enum HostName {
    /// Longest name and longest label DNS carries (RFC 1035 2.3.4).
    @usableFromInline static let maximumLength = 253
    @usableFromInline static let maximumLabelLength = 63

    /// True for a DNS name (labels of letters, digits, `-` and `_`, or UTF-8 bytes of an
    /// internationalised label, parted by single dots; one final dot allowed), an IPv4
    /// address (a DNS-shaped name too) or a bracketed IPv6 literal. The empty host is not a
    /// name: callers treat "no host" apart.
    @inlinable
    public static func isValid(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = host.first else { return false }
        if first == ASCII.leftBracket { return isIPv6Literal(host) }
        var end = host.count
        if host[end - 1] == ASCII.dot { end -= 1 }
        guard end > 0, end <= maximumLength else { return false }
        var labelLength = 0
        for index in 0..<end {
            let byte = host[index]
            if byte == ASCII.dot {
                guard labelLength > 0 else { return false }
                labelLength = 0
                continue
            }
            guard isLabelByte(byte) else { return false }
            labelLength += 1
            if labelLength > maximumLabelLength { return false }
        }
        return labelLength > 0
    }

    /// A letter, digit, `-`, `_` or a byte of a UTF-8 sequence.
    @inlinable @inline(__always)
    static func isLabelByte(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == ASCII.minus || byte == 0x5F || byte >= 0x80
    }

    /// `[` hexadecimal digits, `:` and `.` (an embedded IPv4), `]`.
    @usableFromInline
    static func isIPv6Literal(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        guard host.count > 2, host[host.count - 1] == ASCII.rightBracket else { return false }
        return host[1..<(host.count - 1)].allSatisfy {
            ASCII.isHexDigit($0) || $0 == ASCII.colon || $0 == ASCII.dot
        }
    }
}
