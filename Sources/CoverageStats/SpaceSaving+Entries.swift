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
    public func entries(limit: Int = .max) -> [Entry] {
        var result = slots.indices.map { slot in
            Entry(
                bytes: keyOf(slot), count: slots[slot].count, errorBound: slots[slot].errorBound,
                isTruncated: slots[slot].truncated,
                lanes: Array(lanes[slot * laneCount..<(slot + 1) * laneCount]))
        }
        result.sort(by: Entry.ranksBefore)
        return Array(result.prefix(max(0, limit)))
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
