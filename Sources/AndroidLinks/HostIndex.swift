/// The filters of one scheme by host (A4.3): filters without a host take every URL of the
/// scheme; exact hosts are in a table, `*` hosts in a trie of reversed suffixes. Each host
/// leads to a bucket: its filters with the port each names there, and the index of their path
/// rules.
struct HostIndex: Sendable {
    struct Bucket: Sendable {
        /// The filters that name the host, with the port of that `<data>` (nil: any port).
        var filters: [(filter: Int, port: Int?)]
        let paths: PathIndex
    }

    /// Filters of the scheme without any host.
    let hostless: [Int]
    private var exact = UnitTable()
    private let wildcards: UnitTrie
    /// Buckets by exact host (the table's indexes), then by `*` suffix.
    let buckets: [Bucket]

    /// The index of `filters` (indexes into `all`) that name the scheme.
    init(_ filters: [Int], of all: [IntentFilter]) {
        var hostless: [Int] = []
        var exactEntries: [[(filter: Int, port: Int?)]] = []
        var wildcardEntries: [String: [(filter: Int, port: Int?)]] = [:]
        var wildcardOrder: [String] = []
        for filter in filters {
            guard !all[filter].authorities.isEmpty else {
                // One with `ssp*` rules takes only the URLs they match (A4.7).
                if all[filter].schemeSpecificParts.isEmpty { hostless.append(filter) }
                continue
            }
            for authority in all[filter].authorities {
                let host = Verification.lowercased(authority.host)
                if host.hasPrefix("*") {
                    let suffix = String(host.dropFirst())
                    if wildcardEntries[suffix] == nil { wildcardOrder.append(suffix) }
                    wildcardEntries[suffix, default: []].append((filter, authority.requiredPort))
                } else {
                    let key = exact.insert(Array(host.utf16))
                    if key == exactEntries.count { exactEntries.append([]) }
                    exactEntries[key].append((filter, authority.requiredPort))
                }
            }
        }
        let wildcardBuckets = wildcardOrder.map { wildcardEntries[$0] ?? [] }
        buckets = (exactEntries + wildcardBuckets).map { entries in
            var seen = Set<Int>()
            let distinct = entries.map(\.filter).filter { seen.insert($0).inserted }
            return Bucket(filters: entries, paths: PathIndex(distinct.map { ($0, all[$0].paths) }))
        }
        wildcards = UnitTrie(
            wildcardOrder.enumerated().map { (Array($1.utf16), exactEntries.count + $0) },
            backward: true)
        self.hostless = hostless
    }

    /// Calls `body` with every bucket of the host: its exact one, then those of the `*`
    /// suffixes it ends with.
    func forEachBucket(of host: UnsafeBufferPointer<UInt16>, _ body: (Bucket) -> Void) {
        if let key = exact.index(of: host) { body(buckets[key]) }
        wildcards.walk(host) { body(buckets[$0]) }
    }
}
