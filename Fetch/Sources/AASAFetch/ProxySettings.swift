/// The proxy the environment names for HTTPS (`https_proxy`, then `HTTPS_PROXY`, as curl reads
/// them) and the hosts that bypass it (`no_proxy` / `NO_PROXY`).
public struct ProxySettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `user:password` from the proxy URL, for Basic authentication.
    public var credentials: (user: String, password: String)?
    /// `no_proxy` entries, lower-cased, without a leading `.` or a port.
    public var bypass: [String]

    public static func == (lhs: ProxySettings, rhs: ProxySettings) -> Bool {
        lhs.host == rhs.host && lhs.port == rhs.port && lhs.bypass == rhs.bypass
            && lhs.credentials?.user == rhs.credentials?.user
            && lhs.credentials?.password == rhs.credentials?.password
    }

    /// Why a proxy variable is not used.
    public struct ProxyError: Error, Sendable, Equatable, CustomStringConvertible {
        public let value: String
        public let reason: String
        public var description: String { "proxy '\(value)' is not usable: \(reason)" }
    }

    /// The proxy of `environment`, or nil when none is set.
    public static func from(environment: [String: String]) throws(ProxyError) -> ProxySettings? {
        guard
            let value = ["https_proxy", "HTTPS_PROXY"].lazy.compactMap({ environment[$0] })
                .first(where: { !$0.isEmpty })
        else { return nil }
        var rest = Substring(value)
        if let scheme = rest.firstRange(of: "://") {
            guard rest[..<scheme.lowerBound].lowercased() == "http" else {
                throw ProxyError(value: value, reason: "only http:// proxies are supported")
            }
            rest = rest[scheme.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var credentials: (user: String, password: String)?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            let colon = userInfo.firstIndex(of: ":") ?? userInfo.endIndex
            credentials = (
                String(userInfo[..<colon]),
                colon == userInfo.endIndex ? "" : String(userInfo[userInfo.index(after: colon)...])
            )
            rest = rest[rest.index(after: at)...]
        }
        var port = 1080  // curl's default proxy port
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number)
            else { throw ProxyError(value: value, reason: "the port is not a number") }
            port = number
            rest = rest[..<colon]
        }
        if rest.hasPrefix("["), rest.hasSuffix("]") { rest = rest.dropFirst().dropLast() }
        guard !rest.isEmpty else { throw ProxyError(value: value, reason: "no host") }
        let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { entry -> String in
                var name = entry.drop(while: \.isWhitespace).lowercased()
                while name.last?.isWhitespace == true { name.removeLast() }
                if name.hasPrefix(".") { name.removeFirst() }
                if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
                    name = String(name[..<colon])
                }
                return name
            }.filter { !$0.isEmpty }
        return ProxySettings(
            host: String(rest), port: port, credentials: credentials, bypass: bypass)
    }

    /// Whether a request to `host` goes through the proxy: not when `no_proxy` is `*`, names
    /// the host, or names a domain the host is under.
    public func applies(to host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        return !bypass.contains { entry in
            var entry = entry
            if entry.hasPrefix("["), entry.hasSuffix("]") {
                entry = String(entry.dropFirst().dropLast())
            }
            return entry == "*" || name == entry || name.hasSuffix("." + entry)
        }
    }
}
