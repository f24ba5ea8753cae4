import LibC

/// Cuts one decoded input into chunks that end at a line end, carrying the partial last line
/// over to the next chunk.
///
/// ```
///  chunk.storage (capacity = chunkSize)
///  +-----------------+------------------------------------+---------+
///  | carry from the  | bytes decoded by this call         | unused  |
///  | previous chunk  |                                    |         |
///  +-----------------+------------------------------------+---------+
///  0          carried                                  filled     capacity
///  |<------------ chunk.count: up to the last '\n' ------>|
///                                                     |<->| partial line -> carry buffer
/// ```
///
/// - A line longer than `chunkSize - 1` bytes (newline excluded) cannot fit: it is dropped,
///   counted in the next chunk's `overlongLinesSkipped` (its first bytes kept for the
///   chunk's `overlongHead(_:)`), and still takes its line number; the caller counts it as
///   malformed.
///   Memory never grows past one chunk plus one carry buffer, whatever the line's length.
/// - Lines end at `\n` (a `\r` before it is the parsers' to drop). An input whose lines end
///   with a lone `\r` (old Mac files, some exports) is recognised from its first chunk: it
///   holds a `\r` followed by something other than `\n`, and no `\n` at all. Its `\r`s are
///   then read as `\n`.
/// - A final line without `\n` is delivered at the end of input.
/// - On a read or decode error, the complete lines before it are delivered first; the next
///   call throws the error (with the last good line number) and the reader stays ended.
/// - Buffers are the caller's: `next(into:)` refills a recycled `Chunk`, so a steady-state scan
///   allocates nothing per chunk or per line.
public final class ChunkReader {
    /// Index of the input in resolver order, copied into every chunk.
    public let inputIndex: Int
    /// The input as the user named it (`-` for standard input).
    public let path: String
    /// Size of every chunk buffer, and so the longest deliverable line.
    public let chunkSize: Int
    private let stream: DecodingStream
    private let carry: UnsafeMutablePointer<UInt8>
    private var carryCount = 0
    private var nextLineNumber = 1
    private var nextOffset = 0
    private var skippingOverlongLine = false
    private var lineEnds = LineEndStyle.undecided
    private var ended = false
    private var pendingError: LogIOError?

    /// The compression detected from the input's first bytes.
    public var compression: Compression { stream.compression }
    /// Raw bytes read and total size, readable from another thread.
    public var progress: ReadProgress { stream.progress }

    /// Starts reading `source`, detecting its compression from its first bytes.
    public init(
        source: any ByteSource, path: String, inputIndex: Int = 0, chunkSize: Int = 1 << 20
    ) throws(LogIOError) {
        self.inputIndex = inputIndex
        self.path = path
        self.chunkSize = max(chunkSize, 2)
        stream = try DecodingStream(source: source, path: path)
        carry = .allocate(capacity: self.chunkSize)
    }

    /// Opens a resolved input (a file, or standard input for `-`).
    public static func open(
        _ input: InputSource, inputIndex: Int = 0, chunkSize: Int = 1 << 20
    ) throws(LogIOError) -> ChunkReader {
        switch input {
        case .standardInput:
            return try ChunkReader(
                source: FileByteSource(borrowing: 0, name: "-"), path: "-",
                inputIndex: inputIndex, chunkSize: chunkSize)
        case .file(let path):
            return try ChunkReader(
                source: FileByteSource(path: path), path: path, inputIndex: inputIndex,
                chunkSize: chunkSize)
        }
    }

    deinit { carry.deallocate() }

    /// A new buffer of the right size for `next(into:)`; allocate a few, then recycle them.
    public func makeChunk() -> Chunk { Chunk(capacity: chunkSize) }

    /// Refills `chunk` with the next whole lines; returns false at the end of the input.
    public func next(into chunk: Chunk) throws(LogIOError) -> Bool {
        precondition(chunk.capacity >= chunkSize, "chunk smaller than the reader's chunk size")
        if ended {
            if let error = pendingError {
                pendingError = nil
                throw error
            }
            return false
        }
        let buffer = chunk.storage
        let capacity = chunkSize
        if carryCount > 0 { buffer.update(from: carry, count: carryCount) }
        var filled = carryCount
        carryCount = 0
        chunk.inputIndex = inputIndex
        chunk.overlongLinesSkipped = 0
        chunk.overlongHeadCount = 0
        var failure: LogIOError?
        var cut = 0
        while true {
            chunk.firstLineNumber = nextLineNumber
            chunk.byteOffset = nextOffset
            var reachedEnd = false
            while filled < capacity {
                let n: Int
                do {
                    n = try stream.read(
                        into: UnsafeMutableRawBufferPointer(
                            start: buffer + filled, count: capacity - filled))
                } catch {
                    failure = error
                    break
                }
                if n == 0 {
                    reachedEnd = true
                    break
                }
                if lineEnds != .newline {
                    adjustLineEnds(buffer + filled, n, overlong: skippingOverlongLine)
                }
                if skippingOverlongLine {
                    // Drop the rest of an over-long line, up to and including its newline.
                    if let found = memchr(buffer + filled, 0x0A, n) {
                        let dropped = found.assumingMemoryBound(to: UInt8.self) - buffer + 1
                        let kept = filled + n - dropped
                        if kept > 0 { buffer.update(from: buffer + dropped, count: kept) }
                        nextOffset += dropped
                        filled = kept
                        skippingOverlongLine = false
                    } else {
                        nextOffset += n
                    }
                    chunk.byteOffset = nextOffset
                    continue
                }
                filled += n
            }
            if failure == nil { decideLoneCarriageReturns(buffer, filled, atEnd: reachedEnd) }
            if failure == nil && !reachedEnd {
                if let last = lastNewline(buffer, filled) {
                    cut = last + 1
                } else {
                    // A full buffer without a newline: the line is over-long.
                    chunk.keepOverlongHead(UnsafeBufferPointer(start: buffer, count: filled))
                    chunk.overlongLinesSkipped += 1
                    nextLineNumber += 1
                    nextOffset += filled
                    filled = 0
                    skippingOverlongLine = true
                    continue
                }
            } else {
                ended = true
                if failure == nil {
                    cut = filled
                } else {
                    cut = lastNewline(buffer, filled).map { $0 + 1 } ?? 0
                }
            }
            break
        }
        carryCount = filled - cut
        if carryCount > 0 && failure == nil { carry.update(from: buffer + cut, count: carryCount) }
        if failure != nil { carryCount = 0 }
        chunk.count = cut
        var lines = chunk.countAndRecordLines()
        if cut > 0 && buffer[cut - 1] != 0x0A { lines += 1 }
        chunk.lineCount = lines
        nextLineNumber += lines
        nextOffset += cut
        if var failure {
            failure.path = path
            failure.lastGoodLine = nextLineNumber - 1
            pendingError = failure
        }
        if cut == 0 && chunk.overlongLinesSkipped == 0 {
            if let error = pendingError {
                pendingError = nil
                throw error
            }
            return false
        }
        return true
    }

    /// Reads the line ends of `count` new bytes at `bytes`: a `\n` decides for `\n` lines;
    /// in a lone-`\r` input, `\r`s become `\n`. Over-long data (a first line that filled a
    /// whole chunk) holding a lone `\r` decides for `\r` at once.
    private func adjustLineEnds(
        _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, overlong: Bool
    ) {
        if lineEnds == .undecided {
            if memchr(bytes, 0x0A, count) != nil {
                lineEnds = .newline
                return
            }
            guard overlong, Self.hasLoneCarriageReturn(bytes, count, atEnd: false) else { return }
            lineEnds = .carriageReturn
        }
        Self.translateCarriageReturns(bytes, count)
    }

    /// Decides for lone-`\r` lines when the first chunk of an input filled up, or the input
    /// ended, without any `\n` but with a `\r` that no `\n` follows; then reads its `\r`s as
    /// `\n`. A stray `\r` inside a line of a `\n` file is never taken for a line end: its `\n`
    /// comes within the chunk.
    private func decideLoneCarriageReturns(
        _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int, atEnd: Bool
    ) {
        guard lineEnds == .undecided, count > 0,
            Self.hasLoneCarriageReturn(buffer, count, atEnd: atEnd)
        else { return }
        lineEnds = .carriageReturn
        Self.translateCarriageReturns(buffer, count)
    }

    /// Whether `count` bytes without `\n` hold a `\r` followed by another byte (or ending the
    /// input).
    private static func hasLoneCarriageReturn(
        _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, atEnd: Bool
    ) -> Bool {
        memchr(bytes, 0x0D, count - 1) != nil || (atEnd && bytes[count - 1] == 0x0D)
    }

    private static func translateCarriageReturns(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int)
    {
        var cursor = bytes
        let end = bytes + count
        while cursor < end, let found = memchr(cursor, 0x0D, end - cursor) {
            let carriageReturn = found.assumingMemoryBound(to: UInt8.self)
            carriageReturn.pointee = 0x0A
            cursor = carriageReturn + 1
        }
    }

    /// Index of the last `\n` in the first `count` bytes; the scan is short (one partial line).
    private func lastNewline(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int? {
        var index = count - 1
        while index >= 0 {
            if buffer[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }
}

/// How an input's lines end, decided from its first bytes.
private enum LineEndStyle {
    case undecided
    /// `\n`, or `\r\n`.
    case newline
    /// A lone `\r`.
    case carriageReturn
}
