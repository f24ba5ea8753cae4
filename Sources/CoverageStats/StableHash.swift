/// XXH64 with a fixed seed: the same bytes hash the same on every run and every machine.
///
/// Results depend on it (which registers of the distinct-path sketch are set, which minimum a
/// top-K list evicts on a tie), so the hash is never randomly seeded like `Hasher`.
public enum StableHash {
    /// The seed every summary uses ("aasascn1" in ASCII).
    public static let seed: UInt64 = 0x6161_7361_7363_6E31

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// XXH64 of `bytes` with `seed`.
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = StableHash.seed)
        -> UInt64
    {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else {
            return avalanche(seed &+ prime5)
        }
        // Offsets stay within `count`, and rotations are by 1 to 31: wrapping arithmetic and
        // masking shifts spare the checks Swift would make at every key.
        var offset = 0
        var h: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while offset &+ 32 <= count {
                v1 = round(v1, load64(base, offset))
                v2 = round(v2, load64(base, offset &+ 8))
                v3 = round(v3, load64(base, offset &+ 16))
                v4 = round(v4, load64(base, offset &+ 24))
                offset &+= 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = mergeRound(h, v1)
            h = mergeRound(h, v2)
            h = mergeRound(h, v3)
            h = mergeRound(h, v4)
        } else {
            h = seed &+ prime5
        }
        h &+= UInt64(count)
        while offset &+ 8 <= count {
            h ^= round(0, load64(base, offset))
            h = rotl(h, 27) &* prime1 &+ prime4
            offset &+= 8
        }
        if offset &+ 4 <= count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            h ^= UInt64(UInt32(littleEndian: word)) &* prime1
            h = rotl(h, 23) &* prime2 &+ prime3
            offset &+= 4
        }
        while offset < count {
            h ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
            h = rotl(h, 11) &* prime1
            offset &+= 1
        }
        return avalanche(h)
    }

    /// XXH64 of `bytes` with `seed`.
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = StableHash.seed)
        -> UInt64
    {
        hash(UnsafeRawBufferPointer(bytes), seed: seed)
    }

    @inline(__always)
    private static func load64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 {
        (x &<< r) | (x &>> (64 &- r))
    }

    @inline(__always)
    private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func mergeRound(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h &*= prime2
        h ^= h >> 29
        h &*= prime3
        h ^= h >> 32
        return h
    }
}
