/// Byte strings that are each one whole segment of a path with its two slashes (`/posts/`,
/// `/likes/`), each naming some members: a lookup hashes the segment of the path that starts
/// at a `/` and compares it with the one stored there. A group of `PieceChecks` whose first
/// middles are all such segments finds its members this way at each `/` of the path, instead
/// of walking a trie of the middles from there (one search per node, for a hundred middles).
struct SegmentTable: Sendable, BitwiseCopyable {
    private struct Segment: BitwiseCopyable {
        var hash: UInt64
        /// Its text, in `texts`, and its members, in `members`.
        var text: FrozenRange
        var members: FrozenRange
    }

    /// Per slot, an index into `segments`, or -1; open addressing with linear probing.
    private let slots: FrozenArray<Int32>
    private let segments: FrozenArray<Segment>
    private let texts: FrozenArray<UInt8>
    private let members: FrozenArray<Int32>

    static let empty = SegmentTable(
        slots: .empty, segments: .empty, texts: .empty, members: .empty)

    private init(
        slots: FrozenArray<Int32>, segments: FrozenArray<Segment>, texts: FrozenArray<UInt8>,
        members: FrozenArray<Int32>
    ) {
        (self.slots, self.segments, self.texts, self.members) = (slots, segments, texts, members)
    }

    /// A table of `(segment, member)` pairs; nil unless every text is one whole segment: a
    /// `/`, bytes other than `/`, and a `/`.
    init?(_ items: [(text: [UInt8], member: Int32)], arena: Arena) {
        let slash = UInt8(ascii: "/")
        guard !items.isEmpty,
            items.allSatisfy({
                $0.text.count >= 2 && $0.text.first == slash && $0.text.last == slash
                    && !$0.text.dropFirst().dropLast().contains(slash)
            })
        else { return nil }
        var order: [[UInt8]: Int] = [:]
        var texts: [[UInt8]] = []
        var membersOfText: [[Int32]] = []
        for (text, member) in items {
            if let index = order[text] {
                membersOfText[index].append(member)
            } else {
                order[text] = texts.count
                texts.append(text)
                membersOfText.append([member])
            }
        }
        var slotCount = 4
        while slotCount < 2 * texts.count { slotCount *= 2 }
        var slots = [Int32](repeating: -1, count: slotCount)
        var segments: [Segment] = []
        var bytes: [UInt8] = []
        var members: [Int32] = []
        for (index, text) in texts.enumerated() {
            let hash = text.withUnsafeBufferPointer { Self.hash($0, foldASCII: false) }
            segments.append(
                Segment(
                    hash: hash, text: FrozenRange(bytes.count..<bytes.count + text.count),
                    members: FrozenRange(
                        members.count..<members.count + membersOfText[index].count)))
            bytes += text
            members += membersOfText[index]
            var slot = Int(truncatingIfNeeded: hash) & (slotCount - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slotCount - 1) }
            slots[slot] = Int32(index)
        }
        self.init(
            slots: arena.freeze(slots), segments: arena.freeze(segments),
            texts: arena.freeze(bytes), members: arena.freeze(members))
    }

    var isEmpty: Bool { slots.isEmpty }

    /// The members of `segment` (read with ASCII letters in lower case when `foldASCII` is
    /// set: the stored texts of a folded view are folded); none when it is not stored.
    @inline(__always)
    func members(of segment: UnsafeBufferPointer<UInt8>, foldASCII: Bool)
        -> UnsafeBufferPointer<Int32>
    {
        let hash = Self.hash(segment, foldASCII: foldASCII)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            guard index >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
            let stored = segments.pointer(at: Int(index))
            if stored.pointee.hash == hash, stored.pointee.text.count == segment.count,
                holds(stored, segment, foldASCII)
            {
                return members[stored.pointee.members]
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func holds(
        _ stored: UnsafePointer<Segment>, _ segment: UnsafeBufferPointer<UInt8>, _ foldASCII: Bool
    ) -> Bool {
        let start = Int(stored.pointee.text.start)
        for index in 0..<segment.count {
            let byte = foldASCII ? CaseFolding.foldASCII(segment[index]) : segment[index]
            if byte != texts[start + index] { return false }
        }
        return true
    }

    /// Eight bytes at a time, multiply and fold; letters lower-cased first when `foldASCII`
    /// is set.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, foldASCII: Bool) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return state }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            state = mix(state ^ (foldASCII ? lowerCased(word) : word))
            offset += 8
        }
        guard offset < bytes.count else { return state }
        var word: UInt64 = 0
        for index in offset..<bytes.count {
            word |= UInt64(bytes[index]) << UInt64(8 * (index - offset))
        }
        return mix(state ^ (foldASCII ? lowerCased(word) : word))
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }

    /// Every ASCII capital among eight bytes in lower case (`CaseFolding.foldASCII` on each).
    @inline(__always)
    private static func lowerCased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (ones &* 0x7F)
        // The high bit of each byte: its low seven bits reach `A`; reach past `Z`.
        let fromA = low &+ ones &* (0x80 - 0x41)
        let pastZ = low &+ ones &* (0x80 - 0x5B)
        let capitals = fromA & ~pastZ & ~word & (ones &* 0x80)
        return word | (capitals >> 2)
    }
}
