import Glibc

/// A buffer of whole lines cut from one input, recycled from chunk to chunk.
///
/// Ownership moves with the chunk: the reader fills it, one worker reads it, then it goes back
/// to the reader (`ChunkReader.next(into:)`). Only one thread touches it at a time, which is
/// why it is `@unchecked Sendable`.
public final class Chunk: @unchecked Sendable {
    /// Bytes the buffer can hold; also the longest line (newline included) it can deliver.
    public let capacity: Int
    @usableFromInline let storage: UnsafeMutablePointer<UInt8>
    /// Bytes of whole lines in the chunk (ends with `\n`, except for a final unterminated line).
    public internal(set) var count = 0
    /// Index of the input (in resolver order) the lines come from.
    public internal(set) var inputIndex = 0
    /// 1-based number of the chunk's first line in its input.
    public internal(set) var firstLineNumber = 1
    /// Lines in the chunk.
    public internal(set) var lineCount = 0
    /// Offset of the chunk's first byte in the decoded (uncompressed) input.
    public internal(set) var byteOffset = 0
    /// Over-long lines dropped just before this chunk (they still took their line numbers).
    public internal(set) var overlongLinesSkipped = 0

    /// Allocates an empty chunk buffer of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// The chunk's bytes; valid until the chunk is refilled.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// The lines of the chunk, without their `\n` or `\r\n`.
    @inlinable public var lines: LineSequence { LineSequence(bytes) }
}

/// Splits a buffer into lines at `\n`, dropping a `\r` right before it.
///
/// The `\r` of CRLF files is stripped here, so parsers never see it. A last line without
/// `\n` is still a line; an empty buffer has no lines.
public struct LineSequence: Sequence {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    /// Lines of `buffer`.
    @inlinable public init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable public func makeIterator() -> LineIterator { LineIterator(buffer) }
}

/// Iterator of `LineSequence`: each line is a slice of the chunk (no copy).
public struct LineIterator: IteratorProtocol {
    @usableFromInline var cursor: UnsafePointer<UInt8>?
    @usableFromInline let end: UnsafePointer<UInt8>?

    @inlinable init(_ buffer: UnsafeBufferPointer<UInt8>) {
        cursor = buffer.baseAddress
        end = buffer.baseAddress.map { $0 + buffer.count }
    }

    @inlinable public mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard let start = cursor, let end, start < end else { return nil }
        var lineEnd: UnsafePointer<UInt8>
        if let found = memchr(start, 0x0A, end - start) {
            lineEnd = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            cursor = lineEnd + 1
        } else {
            lineEnd = end
            cursor = end
        }
        if lineEnd > start && lineEnd[-1] == 0x0D { lineEnd -= 1 }
        return UnsafeBufferPointer(start: start, count: lineEnd - start)
    }
}

/// Counts `\n` bytes with `memchr`, which scans with vector instructions; a plain byte loop
/// here was the reader's largest cost.
@usableFromInline func countNewlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard var cursor = bytes.baseAddress else { return 0 }
    let end = cursor + bytes.count
    var total = 0
    while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
        total &+= 1
        cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
    }
    return total
}
