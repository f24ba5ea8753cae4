import ASCIIBytes

/// Heavy hitters over byte-string keys in bounded memory: the Space-Saving algorithm
/// (Metwally, Agrawal, El Abbadi, 2005), weighted.
///
/// At most `capacity` keys are monitored. Once the table is full, a new key first goes
/// through a filter (Filtered Space-Saving, Homem and Carvalho, 2010): an array of counters
/// indexed by hash, each an upper bound on the true count of every unmonitored key that hashes
/// to it. With `m` the smallest monitored count and `a` the key's counter, the key adds its
/// weight to `a` while `a + weight <= m`; past that it replaces the key with count `m`, starting
/// at `a + weight` with error bound `a`, and the evicted key's counter is raised to `m`. On
/// traffic full of unique keys (IDs in paths) that turns nearly every eviction into one counter
/// increment, and the error bounds come out smaller than plain Space-Saving's.
///
/// Guarantees, with `N` the total weight added (also after merges, see
/// `SpaceSaving+Merge.swift`):
/// - for a monitored key, `count - errorBound <= true count <= count`;
/// - an unmonitored key has a true count of at most its counter, and every counter is at most
///   the smallest monitored count (`floor`);
/// - the monitored counts add up to at most `N` (an admitted key brings at most its own weight
///   more than the count it replaces), so `floor <= N / capacity`, and every key with a true
///   count above `N / capacity` is monitored;
/// - until the first key goes uncounted (`isApproximate == false`) every count is exact.
///
/// Storage never allocates once warm: slots are structs in one array, keys live in a byte
/// arena with a fixed stride of `maxKeyLength` bytes per slot, an open-addressing table (linear
/// probing, load at most 1/2, backward-shift deletion) maps hashes to slots, and a 4-ary
/// min-heap with back-pointers and the filter, both made when the table first fills, find the
/// key to evict in O(log K) and keep out most keys that would only be evicted again. Keys
/// longer than `maxKeyLength` are cut to that length and marked truncated; all keys sharing
/// that prefix then count as one entry.
///
/// The layout is chosen for traffic full of unique keys, where many adds evict: a bucket keeps
/// the high half of its key's hash, so probing and deletion read only the table; the heap
/// sorts one 128-bit word per key, and its back-pointers sit in their own small array.
///
/// Each slot can carry `laneCount` extra counters (e.g. the per-decision counts of a host).
/// They count only from the moment the key became monitored, so they are lower bounds once
/// the summary is approximate.
public struct SpaceSaving: Sendable {
    struct Slot {
        var hash: UInt64
        var count: UInt64
        var errorBound: UInt64
        var length: Int32
        var truncated: Bool
    }

    /// Most keys monitored at once.
    public let capacity: Int
    /// Longest key stored in full; longer keys are truncated.
    public let maxKeyLength: Int
    /// Extra counters per key.
    public let laneCount: Int
    /// Total weight added (the `N` of the guarantees).
    public internal(set) var totalWeight: UInt64 = 0
    /// True once any key went uncounted, into the filter or evicted (here or in a merged
    /// operand): counts may be over-estimates.
    public internal(set) var isApproximate = false

    var slots: [Slot] = []
    var keyBytes: [UInt8] = []
    var lanes: [UInt64] = []
    /// The hash table's buckets (see `Bucket`); the size is a power of two, at most 2^32.
    var table: [UInt64]
    /// 4-ary min-heap over all slots by `heapKey` (count, then hash), empty until the table is
    /// full; `heapSlots` are the slots of its items, `heapPositions` each slot's item.
    var heapKeys: [UInt128] = []
    var heapSlots: [Int32] = []
    var heapPositions: [Int32] = []
    /// The filter's counters (`filterSize` of them), made when the table first fills.
    var filter: [UInt64] = []

    static let truncationMark: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let initialTableSize = 16

    /// An empty summary monitoring up to `capacity` keys of up to `maxKeyLength` bytes.
    public init(capacity: Int, maxKeyLength: Int = 256, laneCount: Int = 0) {
        precondition(capacity > 0 && capacity < Int(Int32.max) / 4, "capacity out of range")
        precondition(maxKeyLength > 0 && maxKeyLength < Int(Int32.max), "key length out of range")
        precondition(laneCount >= 0, "negative lane count")
        self.capacity = capacity
        self.maxKeyLength = maxKeyLength
        self.laneCount = laneCount
        table = Array(repeating: Bucket.empty, count: Self.initialTableSize)
    }

    /// Number of keys monitored.
    public var count: Int { slots.count }

    /// Counters in the filter of a table of `capacity` keys: four per key, so that unique keys
    /// rarely share one (a power of two, for masking).
    static func filterSize(capacity: Int) -> Int {
        let wanted = max(64, 4 * capacity)
        return 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
    }

    /// The filter counter of a key's hash (its low bits; the table uses its high bits).
    @inline(__always)
    func filterCell(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (filter.count &- 1)
    }

    /// The count below which an unmonitored key's true count must lie (0 while exact).
    public var floor: UInt64 {
        guard isApproximate, let root = heapKeys.first else { return 0 }
        return UInt64(truncatingIfNeeded: root >> 64)
    }

    /// Adds `weight` to `key`, and to its counter `lane` when given.
    public mutating func add(_ key: UnsafeRawBufferPointer, weight: UInt64 = 1, lane: Int? = nil) {
        if let lane { precondition(lane >= 0 && lane < laneCount, "lane out of range") }
        add(
            key, hash: Self.keyHash(key, maxKeyLength: maxKeyLength), weight: weight,
            lane: lane ?? -1)
    }

    /// Adds `weight` to `key`, and to its counter `lane` when given.
    public mutating func add(
        _ key: UnsafeBufferPointer<UInt8>, weight: UInt64 = 1, lane: Int? = nil
    ) {
        add(UnsafeRawBufferPointer(key), weight: weight, lane: lane)
    }

    /// The table hash of a key: the stable hash of its stored bytes, marked when truncated.
    @inline(__always)
    static func keyHash(_ key: UnsafeRawBufferPointer, maxKeyLength: Int) -> UInt64 {
        if key.count <= maxKeyLength { return StableHash.hash(key) }
        let prefix = UnsafeRawBufferPointer(rebasing: key[..<maxKeyLength])
        return StableHash.hash(prefix) ^ truncationMark
    }

    /// Adds with a precomputed `keyHash`; `lane` is -1 for none.
    @inline(__always)
    mutating func add(_ key: UnsafeRawBufferPointer, hash: UInt64, weight: UInt64, lane: Int) {
        totalWeight.addSaturating(weight)
        let length = min(key.count, maxKeyLength)
        let truncated = key.count > maxKeyLength
        let (found, position) = probe(key, hash: hash, length: length, truncated: truncated)
        if found >= 0 {
            slots[found].count.addSaturating(weight)
            if lane >= 0 { lanes[found &* laneCount &+ lane].addSaturating(weight) }
            if !heapKeys.isEmpty {
                let index = Int(heapPositions[found])
                heapKeys[index] = Self.heapKey(count: slots[found].count, hash: hash)
                siftDown(index)
            }
            return
        }
        let stored = UnsafeRawBufferPointer(rebasing: key[..<length])
        if slots.count < capacity {
            let slot = appendSlot(
                Slot(
                    hash: hash, count: weight, errorBound: 0, length: Int32(length),
                    truncated: truncated),
                key: stored, at: position)
            if lane >= 0 { lanes[slot * laneCount + lane] = weight }
            if slots.count == capacity { buildHeap() }
        } else {
            admitOrFilter(stored, hash: hash, truncated: truncated, weight: weight, lane: lane)
        }
    }

    /// A key that is not monitored, once the table is full: into the filter, or into the
    /// table in place of the key with the smallest count.
    @inline(__always)
    mutating func admitOrFilter(
        _ key: UnsafeRawBufferPointer, hash: UInt64, truncated: Bool, weight: UInt64, lane: Int
    ) {
        isApproximate = true
        let cell = filterCell(hash)
        let counted = filter[cell]
        let estimate = counted.addingSaturating(weight)
        if estimate <= UInt64(truncatingIfNeeded: heapKeys[0] >> 64) {
            filter[cell] = estimate
        } else {
            evictMinimum(
                for: key, hash: hash, truncated: truncated, count: estimate, errorBound: counted,
                lane: lane, weight: weight)
        }
    }

    /// The slot holding the stored key, or -1 and the free bucket where it would go.
    @inline(__always)
    func probe(_ key: UnsafeRawBufferPointer, hash: UInt64, length: Int, truncated: Bool)
        -> (slot: Int, position: Int)
    {
        table.withUnsafeBufferPointer { table in
            let mask = table.count &- 1
            let tag = Bucket.tag(hash)
            var position = Bucket.home(hash, tableSize: table.count)
            while true {
                let bucket = table[position]
                if bucket == Bucket.empty { return (-1, position) }
                if Bucket.tag(bucket) == tag {
                    let slot = Bucket.slot(bucket)
                    if slots[slot].hash == hash && keyEquals(slot, key, length, truncated) {
                        return (slot, position)
                    }
                }
                position = (position &+ 1) & mask
            }
        }
    }

    /// Stores a new slot whose table bucket `position` is known to be free; returns its index.
    @discardableResult
    mutating func appendSlot(_ slot: Slot, key: UnsafeRawBufferPointer, at position: Int) -> Int {
        let index = slots.count
        if index == slots.capacity { reserveForGrowth() }
        slots.append(slot)
        keyBytes.append(contentsOf: key)
        keyBytes.append(contentsOf: repeatElement(0, count: maxKeyLength - key.count))
        lanes.append(contentsOf: repeatElement(0, count: laneCount))
        table[position] = Bucket.make(hash: slot.hash, slot: index)
        if slots.count * 2 > table.count { growTable() }
        return index
    }

    /// Grows storage geometrically but never past `capacity` slots, so a full table holds
    /// exactly `capacity` keys' worth of bytes.
    mutating func reserveForGrowth() {
        let slotCount = min(capacity, max(16, 2 * slots.count))
        slots.reserveCapacity(slotCount)
        keyBytes.reserveCapacity(slotCount * maxKeyLength)
        lanes.reserveCapacity(slotCount * laneCount)
    }

    /// Replaces the key with the smallest count by `key`, which starts at `count` with error
    /// bound `errorBound`; the evicted key's filter counter is raised to its count.
    mutating func evictMinimum(
        for key: UnsafeRawBufferPointer, hash: UInt64, truncated: Bool, count: UInt64,
        errorBound: UInt64, lane: Int, weight: UInt64
    ) {
        let victim = Int(heapSlots[0])
        let minimum = UInt64(truncatingIfNeeded: heapKeys[0] >> 64)
        // The root's key holds the victim's hash: its slot is not read, only overwritten.
        let victimHash = UInt64(truncatingIfNeeded: heapKeys[0])
        removeFromTable(victim, hash: victimHash)
        let victimCell = filterCell(victimHash)
        filter[victimCell] = max(filter[victimCell], minimum)
        slots[victim] = Slot(
            hash: hash, count: count, errorBound: errorBound, length: Int32(key.count),
            truncated: truncated)
        let stride = maxKeyLength
        keyBytes.withUnsafeMutableBytes { arena in
            let start = victim * stride
            let destination = UnsafeMutableRawBufferPointer(rebasing: arena[start..<start + stride])
            destination.copyMemory(from: key)
        }
        if laneCount > 0 {
            for index in 0..<laneCount { lanes[victim * laneCount + index] = 0 }
            if lane >= 0 { lanes[victim * laneCount + lane] = weight }
        }
        table[freeBucket(for: hash)] = Bucket.make(hash: hash, slot: victim)
        heapKeys[0] = Self.heapKey(count: count, hash: hash)
        siftDown(0)
    }

    @inline(__always)
    func keyEquals(_ slot: Int, _ key: UnsafeRawBufferPointer, _ length: Int, _ truncated: Bool)
        -> Bool
    {
        guard Int(slots[slot].length) == length, slots[slot].truncated == truncated else {
            return false
        }
        guard length > 0 else { return true }
        let start = slot * maxKeyLength
        return keyBytes.withUnsafeBytes { arena in
            guard let a = arena.baseAddress, let b = key.baseAddress else { return false }
            return ASCII.bytesEqual(a + start, b, count: length)
        }
    }

    /// The stored bytes of `slot`, copied.
    func keyOf(_ slot: Int) -> [UInt8] {
        let start = slot * maxKeyLength
        return Array(keyBytes[start..<start + Int(slots[slot].length)])
    }

    /// The slot holding the same stored key as `slot` of `other`, if any.
    func slotMatching(_ slot: Int, of other: SpaceSaving) -> Int? {
        let wanted = other.slots[slot]
        let start = slot * other.maxKeyLength
        return other.keyBytes.withUnsafeBytes { arena -> Int? in
            let key = UnsafeRawBufferPointer(rebasing: arena[start..<start + Int(wanted.length)])
            let (found, _) = probe(
                key, hash: wanted.hash, length: key.count, truncated: wanted.truncated)
            return found >= 0 ? found : nil
        }
    }
}

// MARK: - Hash table

/// The buckets of the hash table, each a `UInt64`: the high 32 bits of the key's hash above
/// `slot + 1`, so that probing compares tags, and deletion finds home buckets, without reading
/// the slots.
enum Bucket {
    static let empty: UInt64 = 0

    @inline(__always)
    static func make(hash: UInt64, slot: Int) -> UInt64 {
        hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: slot &+ 1)
    }

    /// The high half of a hash, or of the hash a bucket keeps.
    @inline(__always)
    static func tag(_ value: UInt64) -> UInt64 { value >> 32 }

    @inline(__always)
    static func slot(_ bucket: UInt64) -> Int {
        Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: bucket)) &- 1
    }

    /// The home bucket of a hash (or of a bucket, which keeps the hash's top bits): its top
    /// `log2(tableSize)` bits.
    @inline(__always)
    static func home(_ value: UInt64, tableSize: Int) -> Int {
        Int(truncatingIfNeeded: value >> UInt64(64 &- tableSize.trailingZeroBitCount))
    }
}

extension SpaceSaving {
    /// First empty bucket on the probe path of `hash`.
    @inline(__always)
    func freeBucket(for hash: UInt64) -> Int {
        let mask = table.count - 1
        var position = Bucket.home(hash, tableSize: table.count)
        while table[position] != Bucket.empty { position = (position + 1) & mask }
        return position
    }

    mutating func growTable() {
        table = Array(repeating: Bucket.empty, count: table.count * 2)
        for index in slots.indices {
            let hash = slots[index].hash
            table[freeBucket(for: hash)] = Bucket.make(hash: hash, slot: index)
        }
    }

    /// Removes `slot`, whose key has `hash`, from the table, shifting later entries of its run
    /// back so that probing needs no tombstones.
    mutating func removeFromTable(_ slot: Int, hash: UInt64) {
        let size = table.count
        let mask = size - 1
        table.withUnsafeMutableBufferPointer { table in
            var hole = Bucket.home(hash, tableSize: size)
            while Bucket.slot(table[hole]) != slot { hole = (hole &+ 1) & mask }
            var next = hole
            while true {
                next = (next &+ 1) & mask
                let moved = table[next]
                if moved == Bucket.empty { break }
                let home = Bucket.home(moved, tableSize: size)
                // The entry may fill the hole unless its home lies cyclically in (hole, next].
                let staysPut =
                    hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
                if staysPut { continue }
                table[hole] = moved
                hole = next
            }
            table[hole] = Bucket.empty
        }
    }
}

// MARK: - Min-heap

extension SpaceSaving {
    static let heapArity = 4

    /// The heap order: count, then hash, so the evicted key does not depend on insertion
    /// history among equal counts.
    @inline(__always)
    static func heapKey(count: UInt64, hash: UInt64) -> UInt128 {
        UInt128(count) << 64 | UInt128(hash)
    }

    mutating func buildHeap() {
        if filter.isEmpty {
            filter = Array(repeating: 0, count: Self.filterSize(capacity: capacity))
        }
        heapKeys = slots.map { Self.heapKey(count: $0.count, hash: $0.hash) }
        heapSlots = slots.indices.map { Int32($0) }
        heapPositions = heapSlots
        guard heapKeys.count > 1 else { return }
        for index in stride(from: (heapKeys.count - 2) / Self.heapArity, through: 0, by: -1) {
            siftDown(index)
        }
    }

    /// Restores the heap below `start` after its key grew (counts never shrink).
    @inline(__always)
    mutating func siftDown(_ start: Int) {
        heapKeys.withUnsafeMutableBufferPointer { keys in
            heapSlots.withUnsafeMutableBufferPointer { heapSlots in
                heapPositions.withUnsafeMutableBufferPointer { positions in
                    Self.siftDown(start, keys, heapSlots, positions)
                }
            }
        }
    }

    @inline(__always)
    static func siftDown(
        _ start: Int, _ keys: UnsafeMutableBufferPointer<UInt128>,
        _ slots: UnsafeMutableBufferPointer<Int32>, _ positions: UnsafeMutableBufferPointer<Int32>
    ) {
        let key = keys[start]
        let slot = slots[start]
        let size = keys.count
        var index = start
        while true {
            let first = heapArity &* index &+ 1
            if first >= size { break }
            var smallest = first
            var smallestKey = keys[first]
            if first &+ 3 < size {
                // All four children: a tournament, two independent comparisons then one.
                let second = keys[first &+ 1]
                let third = keys[first &+ 2]
                let fourth = keys[first &+ 3]
                if second < smallestKey {
                    smallest = first &+ 1
                    smallestKey = second
                }
                let (right, rightKey) = fourth < third ? (first &+ 3, fourth) : (first &+ 2, third)
                if rightKey < smallestKey {
                    smallest = right
                    smallestKey = rightKey
                }
            } else {
                var child = first &+ 1
                while child < size {
                    if keys[child] < smallestKey {
                        smallest = child
                        smallestKey = keys[child]
                    }
                    child &+= 1
                }
            }
            if smallestKey >= key { break }
            keys[index] = smallestKey
            slots[index] = slots[smallest]
            positions[Int(slots[index])] = Int32(truncatingIfNeeded: index)
            index = smallest
        }
        keys[index] = key
        slots[index] = slot
        positions[Int(slot)] = Int32(truncatingIfNeeded: index)
    }
}

// MARK: - Invariants

extension SpaceSaving {
    /// Whether the table and heap agree with the slots (for tests).
    func invariantsHold() -> Bool {
        let occupied = table.filter { $0 != Bucket.empty }.count
        guard occupied == slots.count, slots.count <= capacity else { return false }
        let mask = table.count - 1
        for slot in slots.indices {
            // Reachable: the probe from its home meets it before any empty bucket.
            var position = Bucket.home(slots[slot].hash, tableSize: table.count)
            while Bucket.slot(table[position]) != slot {
                if table[position] == Bucket.empty { return false }
                position = (position + 1) & mask
            }
            guard Bucket.tag(table[position]) == Bucket.tag(slots[slot].hash) else { return false }
        }
        guard !heapKeys.isEmpty else { return slots.count < capacity && filter.isEmpty }
        guard filter.count == Self.filterSize(capacity: capacity),
            filter.allSatisfy({ $0 <= UInt64(truncatingIfNeeded: heapKeys[0] >> 64) })
        else { return false }
        guard heapSlots.count == slots.count, heapPositions.count == slots.count else {
            return false
        }
        for index in heapKeys.indices {
            let slot = Int(heapSlots[index])
            guard Int(heapPositions[slot]) == index,
                heapKeys[index] == Self.heapKey(count: slots[slot].count, hash: slots[slot].hash)
            else { return false }
            if index > 0 && heapKeys[index] < heapKeys[(index - 1) / Self.heapArity] {
                return false
            }
        }
        return true
    }
}
