/// Fetches every domain's copies, a bounded number of domains at a time, and checks them.
public struct FetchRun: Sendable {
    public var cdnTemplate = URLTemplate.appleCDN
    public var originTemplate = URLTemplate.origin
    /// Domains fetched at once (each asks the CDN and the origin side by side).
    public var concurrency = 8

    public init() {}

    /// One report per target, in the order given.
    public func run(_ targets: [FetchTarget], with fetcher: HTTPFetcher) -> [DomainReport] {
        // Each domain's requests side by side, domains in the order given.
        var urls: [String] = []
        for target in targets {
            let host = target.fileHost
            urls.append(originTemplate.url(for: host))
            if target.usesCDN { urls.append(cdnTemplate.url(for: host)) }
        }
        var answers = fetcher.fetch(urls, atOnce: 2 * max(1, concurrency))[...]
        return targets.map { target in
            let origin = answers.removeFirst()
            let cdn = target.usesCDN ? answers.removeFirst() : nil
            return DomainReport(target: target, cdn: cdn, origin: origin)
        }
    }
}
