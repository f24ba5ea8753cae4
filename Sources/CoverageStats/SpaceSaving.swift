import ASCIIBytes

/// Heavy hitters over byte-string keys in bounded memory: the Space-Saving algorithm
/// (Metwally, Agrawal, El Abbadi, 2005), weighted.
///
/// At most `capacity` keys are monitored. A new key, when the table is full, replaces the key
/// with the smallest count `m` and starts at `m + weight` with error bound `m`. Guarantees, with
/// `N` the total weight added (also after merges, see `SpaceSaving+Merge.swift`):
/// - for a monitored key, `count - errorBound <= true count <= count`;
/// - an unmonitored key has a true count of at most the smallest monitored count, which is at
///   most `N / capacity`; so every key with a true count above `N / capacity` is monitored;
/// - until the first eviction (`isApproximate == false`) every count is exact.
///
/// Storage never allocates once warm: slots are structs in one array, keys live in a byte
/// arena with a fixed stride of `maxKeyLength` bytes per slot, an open-addressing table (linear
/// probing, load at most 1/2, backward-shift deletion) maps hashes to slots, and a min-heap
/// with back-pointers, built when the table first fills, finds the key to evict in O(log K).
/// Keys longer than `maxKeyLength` are cut to that length and marked truncated; all keys
/// sharing that prefix then count as one entry.
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
        var heapIndex: Int32
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
    /// True once any key was evicted (here or in a merged operand): counts may be over-estimates.
    public internal(set) var isApproximate = false

    var slots: [Slot] = []
    var keyBytes: [UInt8] = []
    var lanes: [UInt64] = []
    /// Slot index per bucket, -1 when empty; the size is a power of two.
    var table: [Int32]
    /// Min-heap by (count, hash) over all slots, empty until the table is full. Items carry a
    /// copy of the count and hash so that sifting reads one contiguous array.
    var heap: [HeapItem] = []

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
        table = Array(repeating: -1, count: Self.initialTableSize)
    }

    /// Number of keys monitored.
    public var count: Int { slots.count }

    /// The count below which an unmonitored key's true count must lie (0 while exact).
    public var floor: UInt64 {
        guard isApproximate, let root = heap.first else { return 0 }
        return root.count
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
        totalWeight &+= weight
        let length = min(key.count, maxKeyLength)
        let truncated = key.count > maxKeyLength
        let mask = table.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = Int(table[position])
            if slot < 0 { break }
            if slots[slot].hash == hash && keyEquals(slot, key, length, truncated) {
                slots[slot].count &+= weight
                if lane >= 0 { lanes[slot &* laneCount &+ lane] &+= weight }
                if !heap.isEmpty {
                    let index = Int(slots[slot].heapIndex)
                    heap[index].count = slots[slot].count
                    siftDown(index)
                }
                return
            }
            position = (position + 1) & mask
        }
        let stored = UnsafeRawBufferPointer(rebasing: key[..<length])
        if slots.count < capacity {
            let slot = appendSlot(
                Slot(
                    hash: hash, count: weight, errorBound: 0, length: Int32(length), heapIndex: -1,
                    truncated: truncated),
                key: stored, at: position)
            if lane >= 0 { lanes[slot * laneCount + lane] = weight }
            if slots.count == capacity { buildHeap() }
        } else {
            evictMinimum(for: stored, hash: hash, truncated: truncated, weight: weight, lane: lane)
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
        table[position] = Int32(index)
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

    /// Replaces the key with the smallest count by `key` (the Space-Saving step).
    mutating func evictMinimum(
        for key: UnsafeRawBufferPointer, hash: UInt64, truncated: Bool, weight: UInt64, lane: Int
    ) {
        let victim = Int(heap[0].slot)
        let minimum = heap[0].count
        removeFromTable(victim)
        slots[victim] = Slot(
            hash: hash, count: minimum &+ weight, errorBound: minimum, length: Int32(key.count),
            heapIndex: 0, truncated: truncated)
        let stride = maxKeyLength
        keyBytes.withUnsafeMutableBytes { arena in
            let start = victim * stride
            let destination = UnsafeMutableRawBufferPointer(rebasing: arena[start..<start + stride])
            destination.copyMemory(from: key)
        }
        for index in 0..<laneCount { lanes[victim * laneCount + index] = 0 }
        if lane >= 0 { lanes[victim * laneCount + lane] = weight }
        table[freeBucket(for: hash)] = Int32(victim)
        heap[0] = HeapItem(count: minimum &+ weight, hash: hash, slot: Int32(victim))
        siftDown(0)
        isApproximate = true
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
            let mask = table.count - 1
            var position = Int(truncatingIfNeeded: wanted.hash) & mask
            while true {
                let candidate = Int(table[position])
                if candidate < 0 { return nil }
                if slots[candidate].hash == wanted.hash
                    && keyEquals(candidate, key, key.count, wanted.truncated)
                {
                    return candidate
                }
                position = (position + 1) & mask
            }
        }
    }
}

// MARK: - Hash table

extension SpaceSaving {
    /// First empty bucket on the probe path of `hash`.
    @inline(__always)
    func freeBucket(for hash: UInt64) -> Int {
        let mask = table.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while table[position] >= 0 { position = (position + 1) & mask }
        return position
    }

    mutating func growTable() {
        table = Array(repeating: -1, count: table.count * 2)
        for index in slots.indices {
            table[freeBucket(for: slots[index].hash)] = Int32(index)
        }
    }

    /// Removes `slot` from the table, shifting later entries of its run back so that probing
    /// needs no tombstones.
    mutating func removeFromTable(_ slot: Int) {
        let mask = table.count - 1
        var hole = Int(truncatingIfNeeded: slots[slot].hash) & mask
        while Int(table[hole]) != slot { hole = (hole + 1) & mask }
        var next = hole
        while true {
            next = (next + 1) & mask
            let moved = Int(table[next])
            if moved < 0 { break }
            let home = Int(truncatingIfNeeded: slots[moved].hash) & mask
            // The entry may fill the hole unless its home lies cyclically in (hole, next].
            let staysPut =
                hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if staysPut { continue }
            table[hole] = table[next]
            hole = next
        }
        table[hole] = -1
    }
}

// MARK: - Min-heap

extension SpaceSaving {
    struct HeapItem {
        var count: UInt64
        var hash: UInt64
        var slot: Int32

        /// Orders by count, then hash, so the evicted key does not depend on insertion history
        /// among equal counts.
        @inline(__always)
        func precedes(_ other: HeapItem) -> Bool {
            count < other.count || (count == other.count && hash < other.hash)
        }
    }

    mutating func buildHeap() {
        heap = slots.indices.map {
            HeapItem(count: slots[$0].count, hash: slots[$0].hash, slot: Int32($0))
        }
        for index in slots.indices { slots[index].heapIndex = Int32(index) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// Restores the heap below `start` after its count grew (counts never shrink).
    @inline(__always)
    mutating func siftDown(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            slots.withUnsafeMutableBufferPointer { slots in
                let item = heap[start]
                let size = heap.count
                var index = start
                while true {
                    var child = 2 &* index &+ 1
                    if child >= size { break }
                    if child &+ 1 < size && heap[child &+ 1].precedes(heap[child]) { child &+= 1 }
                    if !heap[child].precedes(item) { break }
                    heap[index] = heap[child]
                    slots[Int(heap[index].slot)].heapIndex = Int32(truncatingIfNeeded: index)
                    index = child
                }
                heap[index] = item
                slots[Int(item.slot)].heapIndex = Int32(truncatingIfNeeded: index)
            }
        }
    }
}

// MARK: - Invariants

extension SpaceSaving {
    /// Whether the table and heap agree with the slots (for tests).
    func invariantsHold() -> Bool {
        let occupied = table.filter { $0 >= 0 }.count
        guard occupied == slots.count, slots.count <= capacity else { return false }
        let mask = table.count - 1
        for slot in slots.indices {
            // Reachable: the probe from its home meets it before any empty bucket.
            var position = Int(truncatingIfNeeded: slots[slot].hash) & mask
            while Int(table[position]) != slot {
                if table[position] < 0 { return false }
                position = (position + 1) & mask
            }
        }
        guard !heap.isEmpty else { return slots.count < capacity }
        for index in heap.indices {
            let item = heap[index]
            let slot = slots[Int(item.slot)]
            guard Int(slot.heapIndex) == index, slot.count == item.count, slot.hash == item.hash
            else { return false }
            if index > 0 && item.precedes(heap[(index - 1) / 2]) { return false }
        }
        return true
    }
}
