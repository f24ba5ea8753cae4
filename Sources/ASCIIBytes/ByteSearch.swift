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
    /// True when every byte is ASCII.
    @inlinable @inline(__always)
    public var isASCII: Bool {
        // 0x80 is not ASCII: excluding it too excludes nothing more.
        isASCII(without: 0x80)
    }

    /// True when every byte is ASCII and none is `byte`: read eight at a time, as the
    /// Android matcher asks it of every logged path and query (nearly always true).
    @inlinable @inline(__always)
    public func isASCII(without byte: UInt8) -> Bool {
        guard let base = baseAddress else { return true }
        guard count >= 8 else {
            for index in 0..<count where base[index] >= 0x80 || base[index] == byte {
                return false
            }
            return true
        }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &<< 7
        let pattern = ones &* UInt64(byte)
        // Whether eight bytes are ASCII and none is `byte`.
        func isClean(_ word: UInt64) -> Bool {
            let difference = word ^ pattern
            // Has a high bit set exactly when a byte of `difference` is zero: the word holds
            // `byte`. Tested with the word's own high bits, in one mask.
            let found = (difference &- ones) & ~difference
            return (word | found) & highs == 0
        }
        var index = 0
        while index &+ 8 <= count {
            guard isClean(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) else {
                return false
            }
            index &+= 8
        }
        // The last eight bytes, some read already: one word instead of a byte at a time.
        return index == count
            || isClean(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }
}
