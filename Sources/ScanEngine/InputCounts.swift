import ASCIIBytes
import CoverageStats

/// Counts kept per input by each worker, merged at the end.
public struct InputCounts: Sendable, Equatable {
    public var lines: UInt64 = 0
    public var requests: UInt64 = 0
    public var malformed: UInt64 = 0
    /// Requests kept without a check by `--methods` because they log no method.
    public var unknownMethod: UInt64 = 0
    /// Requests kept without a check by `--status` because they log no status.
    public var unknownStatus: UInt64 = 0
    /// Requests kept without a check by `--skip-bots` because they log no user agent.
    public var unknownAgent: UInt64 = 0
    /// Requests kept without a check by `--since`/`--until`/`--bucket` because the input
    /// logs no time (URL lists).
    public var unknownTime: UInt64 = 0
    /// The first and last times of the requests counted, when a time option was given.
    public var time: TimeRange?

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = fieldwiseSum(
            lhs, rhs,
            counters: [
                \.lines, \.requests, \.malformed, \.unknownMethod, \.unknownStatus, \.unknownAgent,
                \.unknownTime,
            ])
        sum.time = lhs.time + rhs.time
        return sum
    }
}
