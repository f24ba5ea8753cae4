import LibC

extension UnsafeBufferPointer where Element == UInt8 {
    /// First index of `byte` in `from..<to`, or nil: found by `memchr`, which reads many
    /// bytes at once where a loop reads one (the log scanners' fields, the matcher's slashes
    /// and query names).
    @inlinable @inline(__always)
    public func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
        guard from < to, let base = baseAddress,
            let found = memchr(base + from, Int32(byte), to - from)
        else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// True when every byte is ASCII and none is `byte`: read eight at a time, as the
    /// Android matcher asks it of every logged path and query (nearly always true).
    @inlinable
    public func isASCII(without byte: UInt8) -> Bool {
        guard let base = baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &<< 7
        let pattern = ones &* UInt64(byte)
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let difference = word ^ pattern
            // A byte of `difference` is zero where the word holds `byte`.
            let found = (difference &- ones) & ~difference & highs
            if (word & highs) | found != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 || base[index] == byte { return false }
            index += 1
        }
        return true
    }
}
