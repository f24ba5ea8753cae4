/// How long one bucket of a time series is (`--bucket`). Cases go from fine to coarse, and
/// each bucket of a finer size lies inside one of every coarser size: an hour in its day, a
/// day in its ISO week (weeks start on Monday, 00:00 UTC).
public enum BucketSize: UInt64, Sendable, CaseIterable, Comparable {
    case hour = 1
    case day = 2
    case week = 3

    /// Seconds in one bucket.
    public var seconds: Int64 {
        switch self {
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// The name `--bucket` takes.
    public var name: String {
        switch self {
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        }
    }

    /// The next coarser size, nil for the coarsest.
    public var coarser: BucketSize? { BucketSize(rawValue: rawValue + 1) }

    /// 1970-01-01 was a Thursday: weeks start 3 days before it (Monday 1969-12-29).
    private static let weekOrigin: Int64 = -3 * 86_400

    /// The start of the bucket holding `time` (UTC seconds).
    @inline(__always)
    public func start(of time: Int64) -> Int64 {
        let origin = self == .week ? Self.weekOrigin : 0
        let offset = time - origin
        let floored = offset >= 0 ? offset / seconds : (offset - seconds + 1) / seconds
        return floored * seconds + origin
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
