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

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.lines &+= rhs.lines
        sum.requests &+= rhs.requests
        sum.malformed &+= rhs.malformed
        sum.unknownMethod &+= rhs.unknownMethod
        sum.unknownStatus &+= rhs.unknownStatus
        sum.unknownAgent &+= rhs.unknownAgent
        return sum
    }
}
