import ASCIIBytes
import Testing

struct ASCIIWordCompareTests {
    /// Every length up to 40 (short, exactly a word, overlapping last word), with a
    /// difference at each position in turn and none: the same answer as array equality.
    @Test func agreesWithArrayEquality() throws {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var variants = [left]
            for position in 0..<count {
                var changed = left
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for right in variants {
                // One byte more than compared, so that even an empty range has an address.
                let equal = try (left + [0]).withUnsafeBytes { a in
                    try (right + [1]).withUnsafeBytes { b in
                        ASCII.bytesEqual(
                            try #require(a.baseAddress), try #require(b.baseAddress),
                            count: count)
                    }
                }
                #expect(equal == (left == right), "count \(count)")
            }
        }
    }

    /// Bytes past `count` never take part, even when they differ.
    @Test func readsNothingPastTheCount() throws {
        let left = Array("abcdefghij-left".utf8)
        let right = Array("abcdefghij-RIGHT".utf8)
        try left.withUnsafeBytes { a in
            try right.withUnsafeBytes { b in
                let (first, second) = (try #require(a.baseAddress), try #require(b.baseAddress))
                for count in 0...11 {
                    #expect(ASCII.bytesEqual(first, second, count: count))
                }
                #expect(!ASCII.bytesEqual(first, second, count: 12))
            }
        }
    }
}
