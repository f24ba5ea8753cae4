/// A set of ASCII characters as two 64-bit masks, a bit each: a membership test is a
/// comparison and a shift. Nothing outside ASCII is a member. The matcher's character classes
/// and the Android index's first and last units of a skip group's keys.
///
/// `public` and `@inlinable` for the reason `ASCII` gives: tests run for bytes of every line.
public struct ASCIISet: Sendable, Equatable, Hashable, BitwiseCopyable {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @inlinable
    public init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    /// Adds `scalar`; one outside ASCII is left out.
    @inlinable
    public mutating func insert(_ scalar: UInt32) {
        if scalar < 64 {
            low |= 1 << UInt64(scalar)
        } else if scalar < 128 {
            high |= 1 << UInt64(scalar - 64)
        }
    }

    @inlinable @inline(__always)
    public func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return high & (1 << UInt64(scalar - 64)) != 0 }
        return false
    }
}
