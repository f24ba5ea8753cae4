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
