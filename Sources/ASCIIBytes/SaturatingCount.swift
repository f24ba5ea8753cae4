extension UInt64 {
    /// Adds `other`, stopping at `UInt64.max` instead of wrapping round: a count too large to
    /// hold stays the largest one (a report says so), never a small wrong one, and never traps.
    @inlinable @inline(__always)
    public mutating func addSaturating(_ other: UInt64) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }

    /// `self + other`, or `UInt64.max` when the sum does not fit.
    @inlinable @inline(__always)
    public func addingSaturating(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension UInt64 {
    /// `self - old` as a signed change, held at `Int64.min` or `Int64.max` when it does not
    /// fit (two counts near `UInt64.max` apart).
    @inlinable
    public func signedChange(from old: UInt64) -> Int64 {
        self >= old
            ? Int64(clamping: self - old)
            : (old - self > UInt64(Int64.max) ? .min : -Int64(old - self))
    }
}

/// `lhs` with the `counters` of `rhs` added to its own, saturating: the field-wise sum of two
/// records of counts.
public func fieldwiseSum<Counts>(
    _ lhs: Counts, _ rhs: Counts, counters: [WritableKeyPath<Counts, UInt64>]
) -> Counts {
    var result = lhs
    for counter in counters { result[keyPath: counter].addSaturating(rhs[keyPath: counter]) }
    return result
}

extension Sequence<UInt64> {
    /// The sum of the counts, held at `UInt64.max` when it does not fit.
    @inlinable
    public func saturatingSum() -> UInt64 {
        reduce(0) { $0.addingSaturating($1) }
    }
}
