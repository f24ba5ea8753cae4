import LinkMatcher

/// One entitlement domain to fetch (`example.com`, `*.example.com`, `example.com?mode=developer`,
/// with or without `applinks:`), and what iOS does with it (SEMANTICS.md S2.7, S9).
public struct FetchTarget: Sendable, Equatable {
    /// The domain as given on the command line.
    public let entitlement: String
    /// The parsed domain (host lower-cased, `*.` and port kept, mode dropped).
    public let domain: DomainPattern
    /// `developer`, `managed` or `developer+managed` for an alternate-mode entry, else nil.
    public let alternateMode: String?

    /// Parses an entitlement entry; a malformed one says why.
    public init(_ text: String) throws(InvalidDomain) {
        entitlement = text
        var rest = Substring(text)
        if rest.hasPrefix("applinks:") { rest = rest.dropFirst("applinks:".count) }
        domain = try DomainPattern.parse(String(rest))
        let mode = rest.firstIndex(of: "?").map { rest[$0...] }
        alternateMode = mode.map { String($0.dropFirst("?mode=".count)) }
    }

    /// What `{domain}` stands for in the URLs: the host whose file iOS reads. For
    /// `*.example.com` that is `example.com`'s file (TN3155); a port stays.
    public var fileHost: String {
        domain.host + (domain.port.map { ":\($0)" } ?? "")
    }

    /// Devices get the file through Apple's CDN, except in an alternate mode, where they fetch
    /// it from the server itself.
    public var usesCDN: Bool { alternateMode == nil }

    /// The name `scan --aasa-dir` reads back as this domain: `example.com.json`,
    /// `_.example.com.json` for `*.example.com`, `example.com:8443.json`. Built from the
    /// validated host only (letters, digits, `-`, `_`, `.`, or a bracketed IPv6 address), so it
    /// never holds a `/` nor names `.` or `..`.
    public var savedFileName: String {
        (domain.isWildcard ? "_." : "") + fileHost + ".json"
    }
}
