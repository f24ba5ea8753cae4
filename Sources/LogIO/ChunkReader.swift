import ASCIIBytes
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
    private let stream: any DecodedBytes
    private let carry: UnsafeMutablePointer<UInt8>
    private var carryCount = 0
    private var nextLineNumber = 1
    private var nextOffset = 0
    private var skippingOverlongLine = false
    private var lineEnds = LineEndStyle.undecided
    private var ended = false
    private var pendingError: LogIOError?

    /// The compression detected from the input's first bytes.
    public let compression: Compression
    /// Raw bytes read and total size, readable from another thread.
    public let progress: ReadProgress

    /// Starts reading `source`, detecting its compression from its first bytes. With
    /// `pieces`, an input made of independent frames (or BGZF members) is decoded by several
    /// threads; the lines are the same.
    public init(
        source: any ByteSource, path: String, inputIndex: Int = 0, chunkSize: Int = 1 << 20,
        pieces: PieceDecoding? = nil
    ) throws(LogIOError) {
        self.inputIndex = inputIndex
        self.path = path
        self.chunkSize = max(chunkSize, 2)
        let counted = CountingSource(source)
        progress = counted.progress
        let magic = try counted.readPrefix(Compression.magicLength)
        compression = magic.withUnsafeBytes { Compression.detect($0) }
        if let pieces, pieces.threads >= PieceDecoding.leastThreads(for: compression) {
            stream = try PieceStream(
                prefix: magic, source: counted, path: path, compression: compression,
                settings: pieces)
        } else {
            stream = try DecodingStream(
                source: ReplaySource(magic, then: counted), path: path, compression: compression)
        }
        carry = .allocate(capacity: self.chunkSize)
    }

    /// Opens a resolved input (a file, or standard input for `-`).
    public static func open(
        _ input: InputSource, inputIndex: Int = 0, chunkSize: Int = 1 << 20,
        pieces: PieceDecoding? = nil
    ) throws(LogIOError) -> ChunkReader {
        switch input {
        case .standardInput:
            return try ChunkReader(
                source: FileByteSource(borrowing: 0, name: "-"), path: "-",
                inputIndex: inputIndex, chunkSize: chunkSize, pieces: pieces)
        case .file(let path):
            return try ChunkReader(
                source: FileByteSource(path: path), path: path, inputIndex: inputIndex,
                chunkSize: chunkSize, pieces: pieces)
        }
    }

    deinit { carry.deallocate() }

    /// A new buffer of the right size for `next(into:)`; allocate a few, then recycle them.
    public func makeChunk() -> Chunk { Chunk(capacity: chunkSize) }

    /// Refills `chunk` with the next whole lines; returns false at the end of the input.
    public func next(into chunk: Chunk) throws(LogIOError) -> Bool {
        precondition(chunk.capacity >= chunkSize, "chunk smaller than the reader's chunk size")
        if ended { return try throwPendingError() }
        var filled = start(chunk)
        let (cut, failure) = fillToLineEnd(chunk, filled: &filled)
        carryPartialLine(chunk.storage, filled: filled, cut: cut, failed: failure != nil)
        recordLines(chunk, cut: cut)
        if var failure {
            failure.path = path
            failure.lastGoodLine = nextLineNumber - 1
            pendingError = failure
        }
        if cut == 0 && chunk.overlongLinesSkipped == 0 { return try throwPendingError() }
        return true
    }

    /// The end of the input: throws a read error not yet reported, else returns false.
    private func throwPendingError() throws(LogIOError) -> Bool {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        return false
    }

    /// Resets the chunk's per-chunk fields and moves the carried partial line to its start;
    /// returns how many bytes that filled.
    private func start(_ chunk: Chunk) -> Int {
        if carryCount > 0 { chunk.storage.update(from: carry, count: carryCount) }
        let filled = carryCount
        carryCount = 0
        chunk.inputIndex = inputIndex
        chunk.overlongLinesSkipped = 0
        chunk.overlongHeadCount = 0
        return filled
    }

    /// Why `read(into:filled:)` stopped.
    private enum ReadStop {
        case full
        case endOfInput
        case failed(LogIOError)
    }

    /// Reads until the chunk holds at least one whole line, the input ends or a read fails,
    /// skipping over-long lines on the way. Returns where the chunk's lines end (`cut`) and
    /// the failure, if any.
    private func fillToLineEnd(_ chunk: Chunk, filled: inout Int) -> (
        cut: Int, failure: LogIOError?
    ) {
        let buffer = chunk.storage
        while true {
            chunk.firstLineNumber = nextLineNumber
            chunk.byteOffset = nextOffset
            switch read(into: chunk, filled: &filled) {
            case .failed(let error):
                // Only the complete lines before the failure are delivered.
                ended = true
                return (lastNewline(buffer, filled).map { $0 + 1 } ?? 0, error)
            case .endOfInput:
                decideLoneCarriageReturns(buffer, filled, atEnd: true)
                ended = true
                return (filled, nil)
            case .full:
                decideLoneCarriageReturns(buffer, filled, atEnd: false)
                if let last = lastNewline(buffer, filled) { return (last + 1, nil) }
                skipOverlongLine(chunk, filled: &filled)
            }
        }
    }

    /// Reads decoded bytes after the first `filled` until the chunk is full, the input ends
    /// or a read fails; line ends are normalised as they arrive.
    private func read(into chunk: Chunk, filled: inout Int) -> ReadStop {
        let buffer = chunk.storage
        while filled < chunkSize {
            let count: Int
            do {
                count = try stream.read(
                    into: UnsafeMutableRawBufferPointer(
                        start: buffer + filled, count: chunkSize - filled))
            } catch {
                return .failed(error)
            }
            if count == 0 { return .endOfInput }
            if lineEnds != .newline {
                adjustLineEnds(buffer + filled, count, overlong: skippingOverlongLine)
            }
            if skippingOverlongLine {
                dropRestOfOverlongLine(buffer, filled: &filled, count: count)
                chunk.byteOffset = nextOffset
            } else {
                filled += count
            }
        }
        return .full
    }

    /// A full chunk without a newline holds the start of an over-long line: keeps its head for
    /// the report, gives it its line number, and drops it and the rest of it.
    private func skipOverlongLine(_ chunk: Chunk, filled: inout Int) {
        chunk.keepOverlongHead(UnsafeBufferPointer(start: chunk.storage, count: filled))
        chunk.overlongLinesSkipped += 1
        nextLineNumber += 1
        nextOffset += filled
        filled = 0
        skippingOverlongLine = true
    }

    /// Drops the `count` bytes just read (the chunk holds nothing else while an over-long line
    /// is skipped) up to and including the newline that ends the line; keeps what follows it.
    private func dropRestOfOverlongLine(
        _ buffer: UnsafeMutablePointer<UInt8>, filled: inout Int, count: Int
    ) {
        guard let found = memchr(buffer + filled, Int32(ASCII.newline), count) else {
            nextOffset += count
            return
        }
        let dropped = found.assumingMemoryBound(to: UInt8.self) - buffer + 1
        let kept = filled + count - dropped
        if kept > 0 { buffer.update(from: buffer + dropped, count: kept) }
        nextOffset += dropped
        filled = kept
        skippingOverlongLine = false
    }

    /// Keeps the partial line after `cut` for the next chunk; after a failure nothing is kept.
    private func carryPartialLine(
        _ buffer: UnsafeMutablePointer<UInt8>, filled: Int, cut: Int, failed: Bool
    ) {
        carryCount = failed ? 0 : filled - cut
        if carryCount > 0 { carry.update(from: buffer + cut, count: carryCount) }
    }

    /// Ends the chunk at `cut`, records its lines (a final line without `\n` counts too) and
    /// moves the line number and byte offset past them.
    private func recordLines(_ chunk: Chunk, cut: Int) {
        chunk.count = cut
        var lines = chunk.countAndRecordLines()
        if cut > 0 && chunk.storage[cut - 1] != ASCII.newline { lines += 1 }
        chunk.lineCount = lines
        nextLineNumber += lines
        nextOffset += cut
    }

    /// Reads the line ends of `count` new bytes at `bytes`: a `\n` decides for `\n` lines;
    /// in a lone-`\r` input, `\r`s become `\n`. Over-long data (a first line that filled a
    /// whole chunk) holding a lone `\r` decides for `\r` at once.
    private func adjustLineEnds(
        _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, overlong: Bool
    ) {
        if lineEnds == .undecided {
            if memchr(bytes, Int32(ASCII.newline), count) != nil {
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
        memchr(bytes, Int32(ASCII.carriageReturn), count - 1) != nil
            || (atEnd && bytes[count - 1] == ASCII.carriageReturn)
    }

    private static func translateCarriageReturns(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int)
    {
        var cursor = bytes
        let end = bytes + count
        while cursor < end, let found = memchr(cursor, Int32(ASCII.carriageReturn), end - cursor) {
            let carriageReturn = found.assumingMemoryBound(to: UInt8.self)
            carriageReturn.pointee = ASCII.newline
            cursor = carriageReturn + 1
        }
    }

    /// Index of the last `\n` in the first `count` bytes; the scan is short (one partial line).
    private func lastNewline(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int? {
        var index = count - 1
        while index >= 0 {
            if buffer[index] == ASCII.newline { return index }
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
