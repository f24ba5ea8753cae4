extension SpaceSaving {
    /// One monitored key as reported.
    public struct Entry: Sendable, Equatable {
        /// The stored key bytes (the first `maxKeyLength` bytes when truncated).
        public var bytes: [UInt8]
        /// Reported count: an upper bound of the true count.
        public var count: UInt64
        /// How much `count` may exceed the true count.
        public var errorBound: UInt64
        /// True when the key was longer than `maxKeyLength`.
        public var isTruncated: Bool
        /// The extra counters, `laneCount` of them (lower bounds once approximate).
        public var lanes: [UInt64]
    }

    /// The monitored keys, count descending, then bytes ascending, at most `limit` of them.
    ///
    /// The slots are ranked in place, their keys compared in the arena, and only the first
    /// `limit` become entries: a full table is a thousand keys or more, and a report shows
    /// few of them.
    public func entries(limit: Int = .max) -> [Entry] {
        var ranked = Array(slots.indices)
        keyBytes.withUnsafeBytes { arena in
            ranked.sort { ranksBefore($0, $1, arena) }
        }
        return ranked.prefix(max(0, limit)).map { slot in
            Entry(
                bytes: keyOf(slot), count: slots[slot].count, errorBound: slots[slot].errorBound,
                isTruncated: slots[slot].truncated,
                lanes: Array(lanes[slot * laneCount..<(slot + 1) * laneCount]))
        }
    }

    /// `Entry.ranksBefore` of the entries of slots `a` and `b`, read where they are stored.
    private func ranksBefore(_ a: Int, _ b: Int, _ arena: UnsafeRawBufferPointer) -> Bool {
        let first = slots[a]
        let second = slots[b]
        if first.count != second.count { return first.count > second.count }
        let firstLength = Int(first.length)
        let secondLength = Int(second.length)
        let firstStart = a * maxKeyLength
        let secondStart = b * maxKeyLength
        for offset in 0..<min(firstLength, secondLength) {
            let left = arena[firstStart + offset]
            let right = arena[secondStart + offset]
            if left != right { return left < right }
        }
        if firstLength != secondLength { return firstLength < secondLength }
        return !first.truncated && second.truncated
    }
}

extension SpaceSaving.Entry {
    /// Report order: count descending, then bytes ascending, whole keys before truncated ones.
    static func ranksBefore(_ a: Self, _ b: Self) -> Bool {
        if a.count != b.count { return a.count > b.count }
        if a.bytes != b.bytes { return a.bytes.lexicographicallyPrecedes(b.bytes) }
        return !a.isTruncated && b.isTruncated
    }
}

extension SpaceSaving: Equatable {
    /// Equal parameters, totals, approximation flag, reported entries and filter counters.
    public static func == (lhs: SpaceSaving, rhs: SpaceSaving) -> Bool {
        lhs.capacity == rhs.capacity && lhs.maxKeyLength == rhs.maxKeyLength
            && lhs.laneCount == rhs.laneCount && lhs.totalWeight == rhs.totalWeight
            && lhs.isApproximate == rhs.isApproximate && lhs.entries() == rhs.entries()
            && lhs.filter == rhs.filter
    }
}

extension SpaceSaving: CustomStringConvertible {
    /// A one-line summary (keys, total weight, whether approximate).
    public var description: String {
        "SpaceSaving(capacity: \(capacity), keys: \(count), total: \(totalWeight)"
            + (isApproximate ? ", approximate, floor: \(floor))" : ")")
    }
}
