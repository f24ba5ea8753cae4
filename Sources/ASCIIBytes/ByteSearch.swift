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
