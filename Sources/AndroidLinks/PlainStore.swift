/// Values in plain memory, grown by hand: a URL's units and its query's parameters are
/// appended one by one with no array's uniqueness and capacity checks on each. Owned by one
/// scratch, which frees it. For plain values only (numbers, ranges of them): they are
/// dropped with the memory, never deinitialized.
struct PlainStore<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    /// The values held.
    var values: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more values.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, larger)
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        reserve(1)
        (base + count).initialize(to: value)
        count += 1
    }
}

/// UTF-16 code units.
typealias UnitStore = PlainStore<UInt16>

extension PlainStore where Element == UInt16 {
    /// Appends each byte as the unit of the same value (ASCII text).
    mutating func appendWidened(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        let end = base + count
        for index in 0..<bytes.count { end[index] = UInt16(bytes[index]) }
        count += bytes.count
    }
}
