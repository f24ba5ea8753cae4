import LinkMatcher

extension Associations {
    /// The file a request for a host of `domain` would use (`nil` domain: a host no domain
    /// claims): the file given for exactly that domain, else the one the host lookup finds
    /// for a host the domain stands for (`x.example.com` for `*.example.com`), else nil.
    public func file(serving domain: DomainPattern?) -> Int? {
        guard let domain else { return fallback }
        if let exact = files.firstIndex(where: { $0.domain == domain }) { return exact }
        let host = Array(((domain.isWildcard ? "x." : "") + domain.host).utf8)
        return host.withUnsafeBufferPointer {
            file(host: $0, port: domain.port, defaultPort: 443)
        }
    }
}

extension Associations {
    /// The file a request for a host row of the report used: `host` or `host:port` as the
    /// host counts show it (a port only when it is not the default one, taken here as 443).
    public func file(forHostRow hostAndPort: String) -> Int? {
        var host = Substring(hostAndPort)
        var port: Int?
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"),
            let number = Int(host[host.index(after: colon)...])
        {
            port = number
            host = host[..<colon]
        }
        return Array(host.utf8).withUnsafeBufferPointer {
            file(host: $0, port: port, defaultPort: 443)
        }
    }
}
