import ASCIIBytes

/// Counts of one time bucket: every request of its time kept by `--since`/`--until`, and
/// what became of them. `requests` = `filtered` + `handled` + `excluded` + `unmatched`.
public struct BucketCounts: Sendable, Equatable {
    public var requests: UInt64 = 0
    /// Removed by `--methods`, `--status`, `--skip-assets` or `--skip-bots`.
    public var filtered: UInt64 = 0
    public var handled: UInt64 = 0
    public var excluded: UInt64 = 0
    /// `noAssociation` included, as in the totals.
    public var unmatched: UInt64 = 0
    public var noAssociation: UInt64 = 0
    /// Per app index, with `--per-app` (else empty): requests it opens and excludes.
    public var appHandled: [UInt64] = []
    public var appExcluded: [UInt64] = []

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = fieldwiseSum(
            lhs, rhs,
            counters: [\.requests, \.filtered, \.handled, \.excluded, \.unmatched, \.noAssociation])
        for app in sum.appHandled.indices where app < rhs.appHandled.count {
            sum.appHandled[app].addSaturating(rhs.appHandled[app])
            sum.appExcluded[app].addSaturating(rhs.appExcluded[app])
        }
        return sum
    }
}

/// Requests counted per time bucket (`scan --bucket`), exactly: the buckets sum to the
/// totals of the summary that holds them.
///
/// Bounded: past `bucketLimit` buckets the series turns coarser (hours into days, days into
/// weeks), which keeps every count exact and says so (`size` > `askedSize`). Timestamps
/// span at most `TimestampText.years`, fewer weeks than the limit. A monoid: the merge
/// takes the coarser size of the two, adds the buckets, and coarsens while they are too many
/// (the size reached depends only on the union of the buckets, whatever the grouping).
public struct TimeSeries: Sendable {
    /// Most buckets a series holds before it turns coarser.
    public static let bucketLimit = 10_000

    /// The size the scan was asked for.
    public private(set) var askedSize: BucketSize
    /// The size of the buckets now: `askedSize`, or coarser past `bucketLimit`.
    public private(set) var size: BucketSize
    /// Apps counted per bucket (`--per-app`), 0 when not.
    public let appCount: Int
    /// True when merged with a summary that counted requests without a series: the buckets
    /// then hold only part of the totals.
    public var isPartial = false

    private var starts: [Int64] = []
    private var counts: [BucketCounts] = []
    private var index: [Int64: Int] = [:]
    /// The bucket the last request fell in: the next one most often falls in it too.
    private var currentStart: Int64 = 1
    private var currentEnd: Int64 = 0
    private var current = 0

    /// An empty series of buckets of `size`, per app when `appCount` > 0.
    public init(size: BucketSize, appCount: Int = 0) {
        askedSize = size
        self.size = size
        self.appCount = appCount
    }

    /// The buckets, in time order.
    public var buckets: [(start: Int64, counts: BucketCounts)] {
        zip(starts, counts).sorted { $0.0 < $1.0 }.map { (start: $0.0, counts: $0.1) }
    }

    /// The index of the bucket holding `time`, made when new.
    @inline(__always)
    private mutating func slot(_ time: Int64) -> Int {
        if time >= currentStart && time < currentEnd { return current }
        return enter(time)
    }

    private mutating func enter(_ time: Int64) -> Int {
        let start = size.start(of: time)
        if let found = index[start] {
            remember(start, found)
            return found
        }
        var fresh = BucketCounts()
        if appCount > 0 {
            fresh.appHandled = Array(repeating: 0, count: appCount)
            fresh.appExcluded = fresh.appHandled
        }
        starts.append(start)
        counts.append(fresh)
        index[start] = counts.count - 1
        if counts.count > Self.bucketLimit, let coarser = size.coarser {
            coarsen(to: coarser)
            return enter(time)
        }
        remember(start, counts.count - 1)
        return counts.count - 1
    }

    private mutating func remember(_ start: Int64, _ slot: Int) {
        currentStart = start
        currentEnd = start + size.seconds
        current = slot
    }

    /// Regroups the buckets into buckets of `coarser` size.
    private mutating func coarsen(to coarser: BucketSize) {
        let old = zip(starts, counts)
        starts = []
        counts = []
        index = [:]
        size = coarser
        for (start, bucket) in old { add(bucket, at: coarser.start(of: start)) }
        currentStart = 1
        currentEnd = 0
    }

    /// Adds whole bucket counts at `start` (a bucket start of `size`).
    private mutating func add(_ bucket: BucketCounts, at start: Int64) {
        if let found = index[start] {
            counts[found] = counts[found] + bucket
        } else {
            starts.append(start)
            counts.append(bucket)
            index[start] = counts.count - 1
        }
    }

    /// Counts `weight` requests at `time` removed by a filter other than the time.
    @inline(__always)
    public mutating func recordFiltered(at time: Int64, weight: UInt64) {
        let slot = slot(time)
        counts[slot].requests.addSaturating(weight)
        counts[slot].filtered.addSaturating(weight)
    }

    /// Counts `weight` classified requests at `time`; `app` is the app that opens or
    /// excludes them, when per-app counts are kept.
    @inline(__always)
    public mutating func record(
        _ outcome: CoverageOutcome.HostLane, noAssociation: Bool = false, app: Int? = nil,
        at time: Int64, weight: UInt64
    ) {
        let slot = slot(time)
        counts[slot].requests.addSaturating(weight)
        switch outcome {
        case .handled:
            counts[slot].handled.addSaturating(weight)
            if let app, appCount > 0 { counts[slot].appHandled[app].addSaturating(weight) }
        case .excluded:
            counts[slot].excluded.addSaturating(weight)
            if let app, appCount > 0 { counts[slot].appExcluded[app].addSaturating(weight) }
        case .unmatched:
            counts[slot].unmatched.addSaturating(weight)
            if noAssociation { counts[slot].noAssociation.addSaturating(weight) }
        }
    }

    /// Adds counts gathered apart (a worker's counts of its current bucket) to the bucket
    /// holding `time`.
    public mutating func add(_ bucket: BucketCounts, containing time: Int64) {
        let slot = slot(time)
        counts[slot] = counts[slot] + bucket
    }

    /// The merge of two series of the same app count.
    public static func + (lhs: Self, rhs: Self) -> Self {
        precondition(lhs.appCount == rhs.appCount, "merging series of different app counts")
        var result = lhs
        result.askedSize = min(lhs.askedSize, rhs.askedSize)
        result.isPartial = lhs.isPartial || rhs.isPartial
        let size = max(lhs.size, rhs.size)
        if result.size < size { result.coarsen(to: size) }
        for (start, bucket) in zip(rhs.starts, rhs.counts) {
            result.add(bucket, at: size.start(of: start))
        }
        while result.counts.count > bucketLimit, let coarser = result.size.coarser {
            result.coarsen(to: coarser)
        }
        result.currentStart = 1
        result.currentEnd = 0
        return result
    }

    /// A series restored from saved buckets (`CoverageSummary(encoded:)`).
    init(
        askedSize: BucketSize, size: BucketSize, appCount: Int, isPartial: Bool,
        buckets: [(Int64, BucketCounts)]
    ) {
        self.init(size: size, appCount: appCount)
        self.askedSize = askedSize
        self.isPartial = isPartial
        for (start, bucket) in buckets { add(bucket, at: size.start(of: start)) }
    }
}

extension TimeSeries: Equatable {
    /// Same sizes, apps, partiality and buckets, whatever order they were made in.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.askedSize == rhs.askedSize && lhs.size == rhs.size && lhs.appCount == rhs.appCount
            && lhs.isPartial == rhs.isPartial
            && lhs.buckets.elementsEqual(rhs.buckets) {
                $0.start == $1.start && $0.counts == $1.counts
            }
    }
}
