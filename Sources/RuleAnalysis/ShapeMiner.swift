import ASCIIBytes

/// Counts, in bounded memory, the patterns that generalise the unmatched request paths of a
/// scan (`PathGeneraliser`): the most frequent ones are the candidate rules.
///
/// A Space-Saving table with eviction in batches: it holds up to `2 x capacity` patterns;
/// when full, the `capacity` smallest are dropped and `floor` becomes the largest count
/// dropped so far. A pattern seen again later starts at `floor`, so every count is an upper
/// bound of its true count (`count - errorBound <= true count <= count`), and any pattern whose
/// true count exceeds `floor` is in the table. Memory: at most `2 x capacity` patterns of at
/// most `PathGeneraliser.patternLimit` bytes. These counts only choose what to measure; the
/// gains `suggest` reports are measured exactly on the traffic afterwards.
public struct ShapeMiner: Sendable {
    /// One pattern with its counts.
    public struct Entry: Sendable, Equatable {
        public var pattern: [UInt8]
        public var count: UInt64
        public var errorBound: UInt64
        /// `ShapeMiner.hash(pattern)`, kept for the table and for cheap ordering.
        var hash: UInt64

        public var text: String { String(decoding: pattern, as: UTF8.self) }
    }

    /// Patterns kept after a batch eviction; the table holds at most twice as many.
    public let capacity: Int
    public let generaliser: PathGeneraliser
    public let categorizer: PathCategorizer
    /// The largest count evicted so far: no pattern outside the table has a larger one.
    public private(set) var floor: UInt64 = 0
    /// Requests whose paths were generalised.
    public private(set) var minedRequests: UInt64 = 0
    /// Unmatched requests left out because their path is not a page (`PathCategory`).
    public private(set) var skippedRequests: [PathCategory: UInt64] = [:]

    private var slots: [Entry] = []
    /// Slot per pattern hash. Two patterns with one 64-bit hash count as the first one: a
    /// negligible blur of estimates that are re-measured anyway.
    private var index: [UInt64: Int32] = [:]
    private var scratch = PatternList()

    public init(capacity: Int = 2048, generaliser: PathGeneraliser, categorizer: PathCategorizer) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
        self.generaliser = generaliser
        self.categorizer = categorizer
    }

    /// Patterns held now (at most `2 x capacity`).
    public var storedPatterns: Int { slots.count }

    /// Counts `weight` unmatched requests for `path` (the path part of their target).
    public mutating func add(path: UnsafeBufferPointer<UInt8>, weight: UInt64) {
        let category = categorizer.category(of: path)
        guard category == .page else {
            skippedRequests[category, default: 0].addSaturating(weight)
            return
        }
        minedRequests.addSaturating(weight)
        generaliser.patterns(forPath: path, into: &scratch)
        let patterns = scratch
        for number in 0..<patterns.count {
            patterns[number].withUnsafeBufferPointer { add(pattern: $0, weight: weight) }
        }
    }

    /// Counts `weight` requests for one pattern.
    mutating func add(pattern: UnsafeBufferPointer<UInt8>, weight: UInt64) {
        let hash = Self.hash(pattern)
        if let slot = index[hash] {
            slots[Int(slot)].count.addSaturating(weight)
            return
        }
        if slots.count >= 2 * capacity { evict() }
        index[hash] = Int32(slots.count)
        slots.append(
            Entry(
                pattern: Array(pattern), count: floor.addingSaturating(weight), errorBound: floor,
                hash: hash))
    }

    /// The patterns by count, largest first (ties by pattern bytes, so the order is stable).
    public func entries(limit: Int = .max) -> [Entry] {
        let sorted = slots.sorted {
            $0.count != $1.count
                ? $0.count > $1.count : $0.pattern.lexicographicallyPrecedes($1.pattern)
        }
        return Array(sorted.prefix(limit))
    }

    /// Keeps the `capacity` largest patterns. Orders (count, hash) pairs, not the entries,
    /// which hold arrays: it runs once per `capacity` new patterns.
    private mutating func evict() {
        var order = slots.indices.map { (count: slots[$0].count, hash: slots[$0].hash, slot: $0) }
        order.sort { $0.count != $1.count ? $0.count > $1.count : $0.hash < $1.hash }
        var kept: [Entry] = []
        kept.reserveCapacity(2 * capacity)
        for item in order[..<capacity] { kept.append(slots[item.slot]) }
        for item in order[capacity...] { floor = max(floor, item.count) }
        slots = kept
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        index.removeAll(keepingCapacity: true)
        for (slot, entry) in slots.enumerated() { index[entry.hash] = Int32(slot) }
    }

    /// Eviction order: larger counts are kept; ties go by hash, which is cheap and does not
    /// depend on the order the patterns came in.
    private static func keeps(_ lhs: Entry, _ rhs: Entry) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.hash < rhs.hash
    }

    /// FNV-1a, 64 bits: patterns are short, and the table needs no stronger hash.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }
}

extension ShapeMiner {
    /// Both tables' counts: a pattern missing from one side counts that side's `floor`, the
    /// most it can have had there, so counts stay upper bounds (the mergeable form of
    /// Space-Saving). Both operands must have the same settings.
    public static func + (lhs: ShapeMiner, rhs: ShapeMiner) -> ShapeMiner {
        var merged = ShapeMiner(
            capacity: lhs.capacity, generaliser: lhs.generaliser, categorizer: lhs.categorizer)
        merged.minedRequests = lhs.minedRequests.addingSaturating(rhs.minedRequests)
        merged.skippedRequests = lhs.skippedRequests.merging(
            rhs.skippedRequests, uniquingKeysWith: { $0.addingSaturating($1) })
        var combined: [[UInt8]: Entry] = [:]
        for entry in lhs.slots {
            combined[entry.pattern] = Entry(
                pattern: entry.pattern, count: entry.count &+ rhs.floor,
                errorBound: entry.errorBound &+ rhs.floor, hash: entry.hash)
        }
        for entry in rhs.slots {
            if var known = combined[entry.pattern] {
                // Counted on both sides: the other side's floor was added for nothing.
                known.count = known.count &- rhs.floor &+ entry.count
                known.errorBound = known.errorBound &- rhs.floor &+ entry.errorBound
                combined[entry.pattern] = known
            } else {
                combined[entry.pattern] = Entry(
                    pattern: entry.pattern, count: entry.count &+ lhs.floor,
                    errorBound: entry.errorBound &+ lhs.floor, hash: entry.hash)
            }
        }
        merged.floor = lhs.floor &+ rhs.floor
        merged.slots = combined.values.sorted(by: keeps)
        if merged.slots.count > 2 * merged.capacity {
            for dropped in merged.slots[merged.capacity...] {
                merged.floor = max(merged.floor, dropped.count)
            }
            merged.slots.removeSubrange(merged.capacity...)
        }
        merged.rebuildIndex()
        return merged
    }
}
