/// UTF-16 code units in plain memory, grown by hand: a URL's parts are appended unit by unit
/// with no array's uniqueness and capacity checks on each. Owned by one scratch, which frees it.
struct UnitStore {
    private(set) var base: UnsafeMutablePointer<UInt16>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    /// The units held.
    var units: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more units.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt16>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, larger)
    }

    @inline(__always)
    mutating func append(_ unit: UInt16) {
        reserve(1)
        base[count] = unit
        count += 1
    }

    /// Appends each byte as the unit of the same value (ASCII text).
    mutating func appendWidened(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        let end = base + count
        for index in 0..<bytes.count { end[index] = UInt16(bytes[index]) }
        count += bytes.count
    }
}
