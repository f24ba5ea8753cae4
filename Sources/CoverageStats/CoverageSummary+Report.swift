/// One ranked key of a top list.
public struct RankedKey: Sendable, Equatable {
    /// The key bytes (its first `maxKeyLength` bytes when truncated).
    public var bytes: [UInt8]
    /// Reported count, an upper bound of the true count (exact while the list is not approximate).
    public var count: UInt64
    /// How much `count` may exceed the true count.
    public var errorBound: UInt64
    /// True when the key was longer than `maxKeyLength`.
    public var isTruncated: Bool
}

/// Counts of one host.
public struct HostCounts: Sendable, Equatable {
    /// The host bytes (its first `maxKeyLength` bytes when truncated).
    public var host: [UInt8]
    /// Classified requests: an upper bound, exceeding the truth by at most `errorBound`.
    public var requests: UInt64
    /// How much `requests` may exceed the true count.
    public var errorBound: UInt64
    /// Handled requests (a lower bound once the host list is approximate).
    public var handled: UInt64
    /// Excluded requests (a lower bound once the host list is approximate).
    public var excluded: UInt64
    /// Unmatched requests (a lower bound once the host list is approximate).
    public var unmatched: UInt64
    /// True when the host was longer than `maxKeyLength`.
    public var isTruncated: Bool
}

extension CoverageSummary {
    /// Most unmatched paths, count descending then bytes ascending.
    public func topUnmatched(limit: Int) -> [RankedKey] {
        unmatchedPaths.entries(limit: limit).map(RankedKey.init)
    }

    /// Most handled paths, count descending then bytes ascending.
    public func topHandled(limit: Int) -> [RankedKey] {
        handledPaths.entries(limit: limit).map(RankedKey.init)
    }

    /// True when `topUnmatched` counts are estimates (some path was evicted).
    public var topUnmatchedIsApproximate: Bool { unmatchedPaths.isApproximate }

    /// True when `topHandled` counts are estimates (some path was evicted).
    public var topHandledIsApproximate: Bool { handledPaths.isApproximate }

    /// Hosts by classified requests, descending, then bytes ascending; requests without a
    /// host appear as the empty host.
    public func hosts(limit: Int = .max) -> [HostCounts] {
        var rows = hostTable.entries(limit: limit).map { entry in
            HostCounts(
                host: entry.bytes, requests: entry.count, errorBound: entry.errorBound,
                handled: entry.lanes[CoverageOutcome.HostLane.handled.rawValue],
                excluded: entry.lanes[CoverageOutcome.HostLane.excluded.rawValue],
                unmatched: entry.lanes[CoverageOutcome.HostLane.unmatched.rawValue],
                isTruncated: entry.isTruncated)
        }
        if hostless.requests > 0 {
            rows.append(
                HostCounts(
                    host: [], requests: hostless.requests, errorBound: 0,
                    handled: hostless.handled, excluded: hostless.excluded,
                    unmatched: hostless.unmatched, isTruncated: false))
            rows.sort {
                $0.requests != $1.requests
                    ? $0.requests > $1.requests : $0.host.lexicographicallyPrecedes($1.host)
            }
            if rows.count > limit { rows.removeLast(rows.count - limit) }
        }
        return rows
    }

    /// Classified requests whose log line named no host.
    public var hostlessRequests: UInt64 { hostless.requests }

    /// True when there were more distinct hosts than `hostCapacity`: host counts are estimates.
    public var hostsAreApproximate: Bool { hostTable.isApproximate }

    /// Estimated number of distinct paths among classified requests (about 0.8 % standard error).
    public func distinctPaths() -> Double {
        pathSketch.estimate()
    }

    /// The earliest malformed lines by (input, line).
    public var malformedSamples: [MalformedSample] { samples.samples }
}

extension RankedKey {
    init(_ entry: SpaceSaving.Entry) {
        self.init(
            bytes: entry.bytes, count: entry.count, errorBound: entry.errorBound,
            isTruncated: entry.isTruncated)
    }
}
