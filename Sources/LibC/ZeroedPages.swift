/// Memory that reads as zeros without anyone writing them: anonymous pages, which the system
/// supplies zero-filled when they are first touched. A table whose empty state is all zeros
/// then costs nothing to set up; each page is paid for by the thread that first uses it,
/// instead of by whoever allocates the table.
public struct ZeroedPages {
    /// The first byte, aligned as asked.
    public let base: UnsafeMutableRawPointer
    public let byteCount: Int
    /// False when the pages could not be mapped and ordinary zeroed memory stands in.
    private let isMapped: Bool
    private let mappedCount: Int

    /// `byteCount` zero bytes at a multiple of `alignment` (a power of two, at least a page).
    public init(byteCount: Int, alignment: Int) {
        precondition(byteCount > 0 && alignment > 0 && alignment & (alignment - 1) == 0)
        self.byteCount = byteCount
        #if canImport(Darwin)
            let anonymous = MAP_ANON
        #else
            let anonymous = MAP_ANONYMOUS
        #endif
        // Whole multiples of `alignment` (so every cut falls on a page), mapped with one to
        // spare; then the unaligned head and the spare tail are returned.
        mappedCount = (byteCount + alignment - 1) & ~(alignment - 1)
        let span = mappedCount + alignment
        let mapping = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | anonymous, -1, 0)
        guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else {
            base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
            base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            isMapped = false
            return
        }
        let address = Int(bitPattern: mapping)
        let head = ((address + alignment - 1) & ~(alignment - 1)) - address
        if head > 0 { munmap(mapping, head) }
        base = mapping + head
        let tail = span - head - mappedCount
        if tail > 0 { munmap(base + mappedCount, tail) }
        isMapped = true
    }

    /// Returns the memory; call once.
    public func deallocate() {
        if isMapped {
            munmap(base, mappedCount)
        } else {
            base.deallocate()
        }
    }
}
