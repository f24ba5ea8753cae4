extension ASCII {
    /// The number written in `range` of `bytes`: nil when the range is empty, holds anything
    /// but digits `0`-`9`, or the number is over `limit`. Never overflows, whatever the length.
    @inlinable @inline(__always)
    public static func decimalValue(
        _ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, limit: Int = .max
    ) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = tens.addingReportingOverflow(Int(byte &- 0x30))
            guard !overflowTens, !overflowSum, sum <= limit else { return nil }
            value = sum
        }
        return value
    }

    /// The end of the run of digits that starts at `start` (`start` itself when there is none).
    @inlinable @inline(__always)
    public static func digitsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> Int
    {
        var index = start
        while index < end && isDigit(bytes[index]) { index += 1 }
        return index
    }
}
