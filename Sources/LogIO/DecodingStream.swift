/// The decoded bytes of one input, in order.
protocol DecodedBytes: AnyObject {
    /// Decodes into `output`; returns the byte count, 0 only at a clean end of input.
    func read(into output: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int
}

/// Raw bytes in, decoded bytes out: a `ByteSource`, a bounded input buffer and one streaming
/// decoder, serially.
///
/// Memory stays bounded whatever the input size: one input buffer plus the decoder's window.
final class DecodingStream: DecodedBytes {
    let source: any ByteSource
    let path: String
    let compression: Compression
    private let decoder: any Decompressor
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var sourceEnded = false
    /// Where the source's first byte is in the input (nonzero when decoding resumes there).
    private let startOffset: Int
    /// Raw bytes read from the source so far.
    private(set) var bytesRead = 0

    /// Raw bytes of the input handed to the decoder so far (what an error reports as its
    /// offset).
    var bytesConsumed: Int { startOffset + bytesRead - (inputEnd - inputStart) }

    /// Decodes `source`, whose bytes are `compression`, and start at `startOffset` of the input
    /// (a frame or member border when it is not 0).
    init(
        source: any ByteSource, path: String, compression: Compression, startOffset: Int = 0,
        inputBufferSize: Int = 1 << 17
    ) throws(LogIOError) {
        self.source = source
        self.path = path
        self.compression = compression
        self.startOffset = startOffset
        let made: (any Decompressor)?
        do { made = try compression.decompressor(afterUnit: startOffset > 0) } catch {
            throw LogIOError(code: error.code, path: path, detail: error.detail)
        }
        guard let made else {
            throw LogIOError(
                code: .unsupportedCompression, path: path,
                detail: "bzip2 is not supported; decompress it first: "
                    + "bzip2 -dc FILE | aasa-scan scan -")
        }
        decoder = made
        input = .allocate(byteCount: max(inputBufferSize, 16), alignment: 16)
    }

    deinit { input.deallocate() }

    private func refill() throws(LogIOError) {
        if inputStart > 0 {
            let live = inputEnd - inputStart
            if live > 0, let base = input.baseAddress {
                base.copyMemory(from: base + inputStart, byteCount: live)
            }
            inputStart = 0
            inputEnd = live
        }
        guard inputEnd < input.count else { return }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: input[inputEnd...]))
        if n == 0 {
            sourceEnded = true
        } else {
            inputEnd += n
            bytesRead += n
        }
    }

    /// Decodes into `output`; returns the byte count, 0 only at a clean end of input.
    func read(into output: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        guard output.count > 0 else { return 0 }
        if compression == .plain && inputStart == inputEnd && !sourceEnded {
            // Plain input goes straight into the caller's buffer: no copy through `input`.
            let n = try source.read(into: output)
            if n == 0 { sourceEnded = true }
            bytesRead += n
            return n
        }
        while true {
            if inputStart == inputEnd && !sourceEnded { try refill() }
            let window = UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd])
            let step: (consumed: Int, produced: Int)
            do {
                step = try decoder.decompress(input: window, output: output)
            } catch {
                throw LogIOError(
                    code: error.code, path: path, compressedOffset: bytesConsumed,
                    detail: error.detail)
            }
            inputStart += step.consumed
            if step.produced > 0 { return step.produced }
            if inputStart == inputEnd {
                if !sourceEnded { continue }
                if decoder.atBoundary { return 0 }
                throw LogIOError(
                    code: .truncated, path: path, compressedOffset: bytesConsumed,
                    detail: "\(compression.rawValue) data ends in the middle of a "
                        + (compression == .gzip ? "member" : "frame"))
            }
            if step.consumed == 0 {
                throw LogIOError(
                    code: .corrupt, path: path, compressedOffset: bytesConsumed,
                    detail: "\(compression.rawValue) decoder made no progress")
            }
        }
    }
}
