/// An associated-domain entry such as `example.com`, `*.example.com` or `example.com:8443`
/// (SEMANTICS.md S9): which hosts a file applies to.
public struct DomainPattern: Sendable, Equatable, CustomStringConvertible {
    /// Lower-cased host, without the `*.` of a wildcard.
    public let host: String
    /// True for `*.host`: any subdomain at any depth, not `host` itself.
    public let isWildcard: Bool
    /// An explicit port, or nil for the scheme's default port.
    public let port: Int?
    let hostBytes: [UInt8]

    /// Parses `[*.]host[:port][?mode=...]`; nil when it is not a domain (`parse` says why).
    public init?(_ text: String) {
        guard let parsed = try? Self.parse(text) else { return nil }
        self = parsed
    }

    init(host: String, isWildcard: Bool, port: Int?) {
        self.host = host
        self.isWildcard = isWildcard
        self.port = port
        hostBytes = Array(host.utf8)
    }

    /// The pattern as an entitlement writes it (`*.example.com:8443`).
    public var description: String {
        (isWildcard ? "*." : "") + host + (port.map { ":\($0)" } ?? "")
    }

    /// How specific the entry is: the longest matching entry wins (S9).
    public var specificity: Int { hostBytes.count * 2 + (isWildcard ? 0 : 1) }

    /// Whether a request for `host` (compared case-insensitively) on `port` (nil = the
    /// scheme's default, which an explicit default port equals) belongs to this domain.
    public func matches(
        host candidate: UnsafeBufferPointer<UInt8>, port candidatePort: Int?, defaultPort: Int
    )
        -> Bool
    {
        guard (candidatePort ?? defaultPort) == (port ?? defaultPort) else { return false }
        var end = candidate.count
        if end > 0, candidate[end - 1] == UInt8(ascii: ".") { end -= 1 }  // `example.com.`
        let length = hostBytes.count
        if isWildcard {
            guard end > length + 1, candidate[end - length - 1] == UInt8(ascii: ".") else {
                return false
            }
        } else {
            guard end == length else { return false }
        }
        let offset = end - length
        for index in 0..<length where Self.lower(candidate[offset + index]) != hostBytes[index] {
            return false
        }
        return true
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { CaseFolding.foldASCII(byte) }
}

/// Several domains, each with its own value (say, a compiled AASA file); a host finds the
/// most specific entry that matches it.
public struct DomainTable<Value: Sendable>: Sendable {
    /// Every domain added, with its value, the most specific first.
    public private(set) var entries: [(domain: DomainPattern, value: Value)] = []

    /// An empty table.
    public init() {}

    /// Adds a domain with its value.
    public mutating func add(_ domain: DomainPattern, _ value: Value) {
        entries.append((domain, value))
        entries.sort { $0.domain.specificity > $1.domain.specificity }
    }

    /// The value of the most specific entry matching the host, or nil.
    public func lookup(host: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int) -> Value? {
        for entry in entries
        where entry.domain.matches(host: host, port: port, defaultPort: defaultPort) {
            return entry.value
        }
        return nil
    }
}
