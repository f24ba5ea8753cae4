/// Fetches every domain's copies, a bounded number of domains at a time, and checks them.
public struct FetchRun: Sendable {
    public var cdnTemplate = URLTemplate.appleCDN
    public var originTemplate = URLTemplate.origin
    /// Domains fetched at once (each asks the CDN and the origin side by side).
    public var concurrency = 8

    public init() {}

    /// One report per target, in the order given.
    public func run(_ targets: [FetchTarget], with fetcher: HTTPFetcher) async -> [DomainReport] {
        var reports = [DomainReport?](repeating: nil, count: targets.count)
        await withTaskGroup(of: (Int, DomainReport).self) { group in
            var next = 0
            func startNext() {
                guard next < targets.count else { return }
                let index = next
                let target = targets[index]
                next += 1
                group.addTask { (index, await self.fetch(target, with: fetcher)) }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (index, report) = await group.next() {
                reports[index] = report
                startNext()
            }
        }
        return reports.compactMap { $0 }
    }

    private func fetch(_ target: FetchTarget, with fetcher: HTTPFetcher) async -> DomainReport {
        let host = target.fileHost
        async let origin = fetcher.fetch(originTemplate.url(for: host))
        let cdn: FetchedResponse? =
            target.usesCDN ? await fetcher.fetch(cdnTemplate.url(for: host)) : nil
        return DomainReport(target: target, cdn: cdn, origin: await origin)
    }
}
