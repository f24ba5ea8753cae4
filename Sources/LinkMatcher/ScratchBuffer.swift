/// A growable buffer in manually managed memory for per-thread scratch: appending never
/// checks uniqueness or reference counts, and the memory is reused from call to call.
struct ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the owner calls it once, from its `deinit`.
    func free() { base.deallocate() }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Makes room for `extra` more elements.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        memory.moveInitialize(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf source: UnsafeBufferPointer<Element>) {
        guard let from = source.baseAddress else { return }
        reserve(source.count)
        (base + count).update(from: from, count: source.count)
        count += source.count
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
