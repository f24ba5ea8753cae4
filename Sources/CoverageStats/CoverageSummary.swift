import ASCIIBytes

/// Everything a scan counts, in bounded memory, mergeable with `+`.
///
/// Each worker records into its own summary with no locks; summaries of the same shape are then
/// merged in any grouping and order (a monoid whose identity is `init(shape:)`). The `record`
/// methods allocate nothing once the tables are warm, except `recordMalformed` when a line
/// enters the sample set.
///
/// Memory, with `K` = `topCapacity`, `H` = `hostCapacity`, `L` = `maxKeyLength`: storage grows
/// with use up to `H * (L + 88) + 2 * K * (L + 64)` bytes for keys, slots, heaps and host
/// counters, plus hash buckets (8 bytes each, at most `4H + 8K`), the filter of each table
/// that filled (8 bytes per counter, `4H` or `4K` counters rounded up to a power of two),
/// 16 KiB for the distinct-path sketch, `16 * appCount + 8 * ruleCount`, and
/// `sampleLimit * sampleByteLimit`. The defaults (H 10,000, K 1,000, L 256) come to about
/// 4.9 MiB at most.
public struct CoverageSummary: Sendable {
    /// The sizes this summary was made with.
    public let shape: CoverageShape
    /// Exact totals.
    public internal(set) var totals = CoverageTotals()
    /// Requests handled, per app index (overall decision: the app that opens the URL).
    public internal(set) var appHandled: [UInt64]
    /// Requests excluded, per app index (the app whose exclude rule decided).
    public internal(set) var appExcluded: [UInt64]
    /// Requests decided, per global rule index; rules that never decided stay 0.
    public internal(set) var ruleHits: [UInt64]
    /// Requests each app would open were it the only one installed: its own first decisive
    /// rule is a match (SEMANTICS.md S4.5, what `match --per-app` says), per app index.
    public internal(set) var appEligible: [UInt64]
    /// Requests whose own first decisive rule for the app is an exclusion, per app index.
    public internal(set) var appEligibleExcluded: [UInt64]
    /// Whether `appEligible` and `appEligibleExcluded` were counted (`scan --per-app`).
    public var eligibility = EligibilityCounting.unknown
    /// The first and last times of the requests counted, when their times were read (a time
    /// option was given and the inputs log times); nil otherwise.
    public var timeRange: TimeRange?
    /// Requests per time bucket (`scan --bucket`); nil when not asked for.
    public var series: TimeSeries?
    /// What Android did with the same requests (`scan --android-manifest`); nil without.
    public var android: AndroidCounts?

    var hostTable: SpaceSaving
    /// Requests without a host (logs with no host column), counted exactly and apart: in such
    /// logs every line has that empty host, and the host table would gain nothing but cost.
    @usableFromInline var hostless = HostlessCounts()
    var unmatchedPaths: SpaceSaving
    var handledPaths: SpaceSaving
    var pathSketch = HyperLogLog()
    var samples: MalformedSamples

    /// An empty summary: the identity of `+` for summaries of this shape.
    public init(shape: CoverageShape) {
        precondition(shape.appCount >= 0 && shape.ruleCount >= 0, "negative app or rule count")
        self.shape = shape
        appHandled = Array(repeating: 0, count: shape.appCount)
        appExcluded = Array(repeating: 0, count: shape.appCount)
        ruleHits = Array(repeating: 0, count: shape.ruleCount)
        appEligible = Array(repeating: 0, count: shape.appCount)
        appEligibleExcluded = Array(repeating: 0, count: shape.appCount)
        hostTable = SpaceSaving(
            capacity: shape.hostCapacity, maxKeyLength: shape.maxKeyLength,
            laneCount: CoverageOutcome.HostLane.allCases.count)
        unmatchedPaths = SpaceSaving(capacity: shape.topCapacity, maxKeyLength: shape.maxKeyLength)
        handledPaths = SpaceSaving(capacity: shape.topCapacity, maxKeyLength: shape.maxKeyLength)
        samples = MalformedSamples(limit: shape.sampleLimit, byteLimit: shape.sampleByteLimit)
    }

    /// Records one classified request: `host` as the caller normalised it (e.g. lower-cased),
    /// `path` the key of the top-path lists (`/path`, or `host/path` where hosts differ) and,
    /// from its first `/`, of the distinct count.
    public mutating func record(
        _ outcome: CoverageOutcome, host: UnsafeRawBufferPointer, path: UnsafeRawBufferPointer,
        weight: UInt64 = 1
    ) {
        recordRequests(outcome, path: path, lines: 1, weight: weight)
        recordHost(outcome.hostLane, host: host, weight: weight)
    }

    /// The part of `record` that does not depend on the host, for `lines` lines of the same
    /// outcome and path at once: a caller that tallies repeated requests before recording them
    /// pays the path tables once per tally instead of once per line. Pair every line with one
    /// `recordHost` call. Returns the path's `StableHash`, for a caller that files the same
    /// path elsewhere (`DiffSummary.recordChange`).
    @discardableResult
    public mutating func recordRequests(
        _ outcome: CoverageOutcome, path: UnsafeRawBufferPointer, lines: UInt64, weight: UInt64
    ) -> UInt64 {
        totals.lines.addSaturating(lines)
        totals.requests.addSaturating(weight)
        let pathHash = StableHash.hash(path)
        // A key may start with its host (`host/path`): distinct paths count the path alone.
        if let first = path.first, first != UInt8(ascii: "/"),
            let slash = path.firstIndex(of: UInt8(ascii: "/"))
        {
            pathSketch.insert(
                hash: StableHash.hash(UnsafeRawBufferPointer(rebasing: path[slash...])))
        } else {
            pathSketch.insert(hash: pathHash)
        }
        switch outcome {
        case .handled(let app, let rule):
            totals.handled.addSaturating(weight)
            appHandled[app].addSaturating(weight)
            ruleHits[rule].addSaturating(weight)
            handledPaths.add(
                path, hash: keyHash(path, fullHash: pathHash), weight: weight, lane: -1)
        case .excluded(let app, let rule):
            totals.excluded.addSaturating(weight)
            appExcluded[app].addSaturating(weight)
            ruleHits[rule].addSaturating(weight)
        case .unmatched, .noAssociation:
            totals.unmatched.addSaturating(weight)
            if outcome == .noAssociation { totals.noAssociation.addSaturating(weight) }
            unmatchedPaths.add(
                path, hash: keyHash(path, fullHash: pathHash), weight: weight, lane: -1)
        }
        return pathHash
    }

    /// The host part of `record`: one request of `weight` for `host`, in the lane of its
    /// outcome.
    /// Inlined into the caller: a log without hosts comes here at every line, for a few
    /// additions.
    @inlinable @inline(__always)
    public mutating func recordHost(
        _ lane: CoverageOutcome.HostLane, host: UnsafeRawBufferPointer, weight: UInt64
    ) {
        if host.isEmpty {
            hostless.add(weight: weight, lane: lane)
        } else {
            recordNamedHost(lane, host: host, weight: weight)
        }
    }

    /// `recordHost` of a host that has a name: into the host table.
    @usableFromInline
    mutating func recordNamedHost(
        _ lane: CoverageOutcome.HostLane, host: UnsafeRawBufferPointer, weight: UInt64
    ) {
        hostTable.add(
            host, hash: SpaceSaving.keyHash(host, maxKeyLength: hostTable.maxKeyLength),
            weight: weight, lane: lane.rawValue)
    }

    /// Records one classified request given as typed byte buffers.
    public mutating func record(
        _ outcome: CoverageOutcome, host: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>, weight: UInt64 = 1
    ) {
        record(
            outcome, host: UnsafeRawBufferPointer(host), path: UnsafeRawBufferPointer(path),
            weight: weight)
    }

    /// Records `weight` requests whose own decision for app `app` is a match, or an
    /// exclusion when `excluded`; a request adds to every app that has a decision for it.
    @inline(__always)
    public mutating func recordEligible(app: Int, excluded: Bool, weight: UInt64) {
        if excluded {
            appEligibleExcluded[app].addSaturating(weight)
        } else {
            appEligible[app].addSaturating(weight)
        }
    }

    /// Records one request removed by a filter before classification.
    public mutating func recordFiltered(_ reason: FilterReason, weight: UInt64 = 1) {
        totals.lines.addSaturating(1)
        totals.requests.addSaturating(weight)
        switch reason {
        case .method: totals.filtered.byMethod.addSaturating(weight)
        case .status: totals.filtered.byStatus.addSaturating(weight)
        case .asset: totals.filtered.byAsset.addSaturating(weight)
        case .bot: totals.filtered.byBot.addSaturating(weight)
        case .time: totals.filtered.byTime.addSaturating(weight)
        }
    }

    /// Records one line that is not a request (comment, header, blank line).
    public mutating func recordSkipped() {
        totals.lines.addSaturating(1)
        totals.skipped.addSaturating(1)
    }

    /// Records one malformed line at `line` of input `input`, offering it as a sample;
    /// `truncated` when `bytes` are only the line's start.
    public mutating func recordMalformed(
        input: Int, line: UInt64, bytes: UnsafeRawBufferPointer, truncated: Bool = false
    ) {
        totals.lines.addSaturating(1)
        totals.malformed.addSaturating(1)
        samples.offer(input: input, line: line, bytes: bytes, truncated: truncated)
    }

    /// The path table hash, reusing the full-path hash unless the path gets truncated.
    @inline(__always)
    private func keyHash(_ path: UnsafeRawBufferPointer, fullHash: UInt64) -> UInt64 {
        path.count <= shape.maxKeyLength
            ? fullHash : SpaceSaving.keyHash(path, maxKeyLength: shape.maxKeyLength)
    }
}

/// Whether a summary counted the per-app eligibility: a summary that did not (its counts are
/// zeros) makes any merge with it uncounted. `unknown` is the identity of the merge.
public enum EligibilityCounting: UInt64, Sendable, Equatable {
    case unknown = 0
    case notCounted = 1
    case counted = 2

    static func + (lhs: Self, rhs: Self) -> Self {
        lhs == .unknown ? rhs : rhs == .unknown || lhs == rhs ? lhs : .notCounted
    }
}

/// Exact counts of the requests that have no host.
@usableFromInline
struct HostlessCounts: Sendable, Equatable {
    @usableFromInline var requests: UInt64 = 0
    // Plain fields, not an array: this is updated at every line of a log without hosts.
    @usableFromInline var handled: UInt64 = 0
    @usableFromInline var excluded: UInt64 = 0
    @usableFromInline var unmatched: UInt64 = 0

    @inlinable @inline(__always)
    mutating func add(weight: UInt64, lane: CoverageOutcome.HostLane) {
        requests.addSaturating(weight)
        switch lane {
        case .handled: handled.addSaturating(weight)
        case .excluded: excluded.addSaturating(weight)
        case .unmatched: unmatched.addSaturating(weight)
        }
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        HostlessCounts(
            requests: lhs.requests.addingSaturating(rhs.requests),
            handled: lhs.handled.addingSaturating(rhs.handled),
            excluded: lhs.excluded.addingSaturating(rhs.excluded),
            unmatched: lhs.unmatched.addingSaturating(rhs.unmatched))
    }
}
