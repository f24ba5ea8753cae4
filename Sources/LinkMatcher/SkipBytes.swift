/// The few ASCII bytes that lead out of a DFA state that every other byte leads back to, as a
/// walk looks for them: eight bytes of the path at a time. Each byte is kept repeated in all
/// eight bytes of a word; a set of fewer than four repeats its first, and an empty one (every
/// byte leads back) skips to the end. A byte test per character cost more than the table
/// lookup it spares (some 17 instructions a byte skipped).
struct SkipBytes {
    private let first: UInt64
    private let second: UInt64
    private let third: UInt64
    private let fourth: UInt64
    /// False for a state that walks do not skip through.
    let skips: Bool
    /// No byte leads out: a skip goes to the end.
    private let toEnd: Bool

    /// Most bytes a set holds.
    static let capacity = 4

    /// A state that walks step through one character at a time.
    static var none: SkipBytes { SkipBytes() }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// `bytes`: at most `capacity` ASCII bytes.
    init(_ bytes: [UInt8]) {
        precondition(bytes.count <= Self.capacity && bytes.allSatisfy { $0 < 0x80 })
        func word(_ slot: Int) -> UInt64 {
            bytes.isEmpty ? 0 : Self.ones &* UInt64(bytes[min(slot, bytes.count - 1)])
        }
        (first, second, third, fourth) = (word(0), word(1), word(2), word(3))
        (skips, toEnd) = (true, bytes.isEmpty)
    }

    private init() {
        (first, second, third, fourth) = (0, 0, 0, 0)
        (skips, toEnd) = (false, false)
    }

    /// Index of the first of the bytes in `text` from `start` on, or the text's end. Out of
    /// line, so that the walk that calls it stays small enough to be inlined where it is used.
    @inline(never)
    func firstIn(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = text.baseAddress, !toEnd else { return text.count }
        let count = text.count
        var index = start
        guard count >= 8 else {
            while index < count, !contains(base[index]) { index += 1 }
            return index
        }
        while index &+ 8 <= count {
            let found = matches(Self.load(base + index))
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        guard index < count else { return count }
        // The last eight bytes, of which those before `index` were read already: the marks
        // are exact per byte, so shifting them away leaves the rest intact.
        let skipped = 8 &- (count &- index)
        let found = matches(Self.load(base + (count &- 8))) &>> UInt64(skipped &* 8)
        return found != 0 ? index &+ found.trailingZeroBitCount &>> 3 : count
    }

    private func contains(_ byte: UInt8) -> Bool {
        let word = Self.ones &* UInt64(byte)
        return word == first || word == second || word == third || word == fourth
    }

    @inline(__always)
    private static func load(_ address: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(address).loadUnaligned(as: UInt64.self))
    }

    /// `0x80` in each byte of `word` that is one of the set, 0 in the others.
    @inline(__always)
    private func matches(_ word: UInt64) -> UInt64 {
        Self.zeroBytes(word ^ first) | Self.zeroBytes(word ^ second)
            | Self.zeroBytes(word ^ third) | Self.zeroBytes(word ^ fourth)
    }

    /// `0x80` in each zero byte of `word`: exact per byte (no carry crosses bytes), unlike
    /// the shorter test that may also mark bytes after a zero one.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lows) &+ lows) | word | lows)
    }
}
