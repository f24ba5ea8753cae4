extension ASCII {
    /// Whether `count` bytes at `a` and `b` are equal, compared eight at a time; the last word
    /// overlaps the one before it rather than reading past the end. For the short keys of the
    /// caches and top-K tables this is cheaper than a call to `memcmp`.
    @inlinable @inline(__always)
    public static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int)
        -> Bool
    {
        guard count >= 8 else {
            for offset in 0..<count
            where a.load(fromByteOffset: offset, as: UInt8.self)
                != b.load(fromByteOffset: offset, as: UInt8.self)
            {
                return false
            }
            return true
        }
        var offset = 0
        while offset + 8 < count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
