/// The raw bytes of an input, counted as they are read: the progress callers see, however many
/// times the decoders go over bytes already read.
final class CountingSource: ByteSource {
    private let source: any ByteSource
    let progress: ReadProgress
    var knownSize: Int? { source.knownSize }

    init(_ source: any ByteSource) {
        self.source = source
        progress = ReadProgress(totalBytes: source.knownSize)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        let count = try source.read(into: buffer)
        progress.add(count)
        return count
    }

    /// Reads until `count` bytes are there or the input ends (reads may be short).
    func readPrefix(_ count: Int) throws(LogIOError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }
}

/// Bytes already read from an input, then the rest of it: how a decoder starts over at a
/// point the reader has passed. `rest` is nil when the input has ended, or a `FailedSource`
/// when reading it failed.
final class ReplaySource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private let rest: (any ByteSource)?
    /// A read of `rest` that failed after replayed bytes: thrown by the next call.
    private var deferred: LogIOError?
    var knownSize: Int? { nil }

    init(_ bytes: [UInt8], then rest: (any ByteSource)?) {
        self.bytes = bytes
        self.rest = rest
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        if let deferred {
            self.deferred = nil
            throw deferred
        }
        let count = min(buffer.count, bytes.count - position)
        if count > 0 {
            bytes.withUnsafeBytes { all in
                buffer.copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
            }
            position += count
        }
        guard count < buffer.count, let rest else { return count }
        guard count > 0 else { return try rest.read(into: buffer) }
        // Topped up from the rest, as one read of the input would have been: the decoder sees
        // a frame header whole, which its error messages read.
        do {
            return try count
                + rest.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
        } catch {
            deferred = error
            return count
        }
    }
}

/// A read that failed, kept to be thrown where the decoder meets it.
final class FailedSource: ByteSource {
    private let error: LogIOError
    var knownSize: Int? { nil }

    init(_ error: LogIOError) { self.error = error }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int { throw error }
}

/// Memory that grows, never shrinks, and is freed with its owner.
final class ByteBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Makes room for `count` bytes, keeping the `kept` bytes at `keptStart` (moved to the start).
    func reserve(_ count: Int, keeping kept: Int = 0, from keptStart: Int = 0) {
        guard count > capacity else {
            if kept > 0 && keptStart > 0 {
                base.copyMemory(from: base + keptStart, byteCount: kept)
            }
            return
        }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        if kept > 0 { grown.copyMemory(from: base + keptStart, byteCount: kept) }
        base.deallocate()
        base = grown
        capacity = count
    }

    /// Gives the memory back, keeping a token allocation.
    func shrink() {
        guard capacity > 16 else { return }
        base.deallocate()
        capacity = 16
        base = .allocate(byteCount: capacity, alignment: 16)
    }
}
