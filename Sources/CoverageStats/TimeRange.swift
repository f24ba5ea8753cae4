/// The first and last request times of a reading, in UTC seconds since 1970; merged by
/// taking the earlier first and the later last (`nil` is the identity: nothing timed).
public struct TimeRange: Sendable, Equatable {
    public var first: Int64
    public var last: Int64

    public init(first: Int64, last: Int64) { (self.first, self.last) = (first, last) }

    /// A range of one instant.
    public init(_ time: Int64) { (first, last) = (time, time) }

    /// Widens the range to hold `time`.
    @inline(__always)
    public mutating func include(_ time: Int64) {
        if time < first { first = time }
        if time > last { last = time }
    }

    /// The smallest range holding both.
    public static func + (lhs: Self, rhs: Self) -> Self {
        TimeRange(first: min(lhs.first, rhs.first), last: max(lhs.last, rhs.last))
    }
}

extension TimeRange? {
    /// Widens the range (or starts one) to hold `time`.
    @inline(__always)
    public mutating func include(_ time: Int64) {
        if self == nil {
            self = TimeRange(time)
        } else {
            self?.include(time)
        }
    }

    /// Both ranges merged; nil only when both are.
    public static func + (lhs: Self, rhs: Self) -> Self {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return lhs + rhs
    }
}
