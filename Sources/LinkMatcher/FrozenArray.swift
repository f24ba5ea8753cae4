import Synchronized

/// An immutable array in memory owned by an `Arena`. Reading it never touches a reference
/// count: threads that share a compiled rule set would otherwise contend on the counts of its
/// arrays at every lookup. Copying one copies a pointer and a length.
struct FrozenArray<Element: BitwiseCopyable>: @unchecked Sendable, BitwiseCopyable {
    let base: UnsafePointer<Element>?
    let count: Int

    static var empty: FrozenArray { FrozenArray(base: nil, count: 0) }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> Element { base.unsafelyUnwrapped[index] }

    /// The element in place: reading fields through it copies only those fields (a large
    /// element read by `subscript` is copied whole).
    @inline(__always)
    func pointer(at index: Int) -> UnsafePointer<Element> { base.unsafelyUnwrapped + index }

    @inline(__always)
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    var indices: Range<Int> { 0..<count }
}

/// Owns the memory of the `FrozenArray`s of one compiled rule set and frees it with it. Two
/// threads of one compilation may freeze at once (`TwoLanes`).
final class Arena: Sendable {
    private let allocations = Locked<(memory: [UnsafeMutableRawPointer], byteCount: Int)>(([], 0))

    /// Bytes of every array frozen so far; only compilation freezes, so it is final after it.
    var byteCount: Int { allocations.withLock { $0.byteCount } }

    /// Copies `array` into memory that lives as long as the arena.
    func freeze<Element: BitwiseCopyable>(_ array: [Element]) -> FrozenArray<Element> {
        guard !array.isEmpty else { return .empty }
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: array.count)
        memory.initialize(from: array, count: array.count)
        allocations.withLock {
            $0.memory.append(UnsafeMutableRawPointer(memory))
            $0.byteCount += MemoryLayout<Element>.stride * array.count
        }
        return FrozenArray(base: UnsafePointer(memory), count: array.count)
    }

    deinit {
        allocations.withLock { for memory in $0.memory { memory.deallocate() } }
    }
}

/// Where a run of elements of a `FrozenArray` lies, `start..<end`, in two 32-bit words: the
/// tables that hold many such runs stay small.
struct FrozenRange: Sendable, BitwiseCopyable {
    let start: Int32
    let end: Int32

    init(_ range: Range<Int>) {
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
    }

    @inline(__always)
    var indices: Range<Int> { Int(start)..<Int(end) }

    @inline(__always)
    var count: Int { Int(end - start) }
}

extension FrozenArray {
    /// The elements of `range`.
    @inline(__always)
    subscript(range: FrozenRange) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(rebasing: buffer[range.indices])
    }
}
