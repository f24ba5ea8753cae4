import CLineEnds
import LibC

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
    /// The first bytes of the first `overlongHeadCount` of those lines, for the malformed
    /// samples: `overlongHead(i)`. A fixed buffer, so no line ever allocates.
    public internal(set) var overlongHeadCount = 0
    @usableFromInline let overlongHeadStorage: UnsafeMutablePointer<UInt8>
    @usableFromInline let overlongHeadLengths: UnsafeMutablePointer<Int>
    /// Over-long lines whose first bytes are kept per chunk, and how many bytes of each.
    public static let overlongHeadLimit = 10
    public static let overlongHeadBytes = 512
    /// The first `recordedLineEnds` newlines, found by the reader while it counted them, so
    /// that a worker neither searches for them again nor touches a line's end to look for a
    /// `\r`: each is `offset << 1 | (1 if a \r precedes it)`. Room for one line in 32 bytes:
    /// a chunk of shorter lines has the rest of its lines found by search.
    @usableFromInline let lineEnds: UnsafeMutablePointer<UInt32>
    @usableFromInline let lineEndCapacity: Int
    @usableFromInline var recordedLineEnds = 0

    /// Allocates an empty chunk buffer of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
        storage = .allocate(capacity: self.capacity)
        lineEndCapacity = self.capacity / 32 + 1
        lineEnds = .allocate(capacity: lineEndCapacity)
        overlongHeadStorage = .allocate(capacity: Self.overlongHeadLimit * Self.overlongHeadBytes)
        overlongHeadLengths = .allocate(capacity: Self.overlongHeadLimit)
    }

    deinit {
        storage.deallocate()
        lineEnds.deallocate()
        overlongHeadStorage.deallocate()
        overlongHeadLengths.deallocate()
    }

    /// The first bytes of over-long line `index` (below `overlongHeadCount`).
    public func overlongHead(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(index < overlongHeadCount, "no such over-long line head")
        return UnsafeBufferPointer(
            start: overlongHeadStorage + index * Self.overlongHeadBytes,
            count: overlongHeadLengths[index])
    }

    /// Keeps the first bytes of an over-long line, if there is room.
    func keepOverlongHead(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard overlongHeadCount < Self.overlongHeadLimit, let base = bytes.baseAddress else {
            return
        }
        let count = min(bytes.count, Self.overlongHeadBytes)
        (overlongHeadStorage + overlongHeadCount * Self.overlongHeadBytes).update(
            from: base, count: count)
        overlongHeadLengths[overlongHeadCount] = count
        overlongHeadCount += 1
    }

    /// Counts the lines of the first `count` bytes, recording where they end; returns the
    /// number of `\n` bytes.
    func countAndRecordLines() -> Int {
        let total = line_ends_record(storage, count, lineEnds, lineEndCapacity)
        recordedLineEnds = min(total, lineEndCapacity)
        return total
    }

    /// The chunk's bytes; valid until the chunk is refilled.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// The lines of the chunk, without their `\n` or `\r\n`.
    @inlinable public var lines: LineSequence {
        LineSequence(
            bytes,
            recordedEnds: UnsafeBufferPointer(start: lineEnds, count: recordedLineEnds))
    }
}

/// Splits a buffer into lines at `\n`, dropping a `\r` right before it.
///
/// The `\r` of CRLF files is stripped here, so parsers never see it. A last line without
/// `\n` is still a line; an empty buffer has no lines.
public struct LineSequence: Sequence {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    @usableFromInline let recordedEnds: UnsafeBufferPointer<UInt32>

    /// Lines of `buffer`; `recordedEnds` are its first newlines when known, as
    /// `Chunk.lineEnds` records them.
    @inlinable public init(
        _ buffer: UnsafeBufferPointer<UInt8>,
        recordedEnds: UnsafeBufferPointer<UInt32> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        self.buffer = buffer
        self.recordedEnds = recordedEnds
    }

    @inlinable public func makeIterator() -> LineIterator {
        LineIterator(buffer, recordedEnds: recordedEnds)
    }
}

/// Iterator of `LineSequence`: each line is a slice of the chunk (no copy).
public struct LineIterator: IteratorProtocol {
    @usableFromInline let base: UnsafePointer<UInt8>?
    @usableFromInline var cursor: UnsafePointer<UInt8>?
    @usableFromInline let end: UnsafePointer<UInt8>?
    @usableFromInline let recordedEnds: UnsafeBufferPointer<UInt32>
    @usableFromInline var nextRecorded = 0

    @inlinable init(
        _ buffer: UnsafeBufferPointer<UInt8>, recordedEnds: UnsafeBufferPointer<UInt32>
    ) {
        base = buffer.baseAddress
        cursor = buffer.baseAddress
        end = buffer.baseAddress.map { $0 + buffer.count }
        self.recordedEnds = recordedEnds
    }

    @inlinable public mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard let start = cursor, let end, let base, start < end else { return nil }
        if nextRecorded < recordedEnds.count {
            let recorded = recordedEnds[nextRecorded]
            nextRecorded &+= 1
            let newline = base + Int(recorded >> 1)
            cursor = newline + 1
            return UnsafeBufferPointer(start: start, count: newline - start - Int(recorded & 1))
        }
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
