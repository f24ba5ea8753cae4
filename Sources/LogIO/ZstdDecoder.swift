import CZstd

/// Streaming zstd: any number of frames back to back; skippable frames are skipped by libzstd.
final class ZstdDecoder: Decompressor {
    private let stream: OpaquePointer
    /// Last hint from `ZSTD_decompressStream`: 0 means a frame just ended and was flushed.
    private var lastHint: Int = 0

    init() throws(DecodeFailure) {
        guard let stream = ZSTD_createDStream() else {
            throw DecodeFailure(code: .corrupt, detail: "cannot allocate a zstd stream")
        }
        self.stream = stream
        ZSTD_initDStream(stream)
    }

    deinit { ZSTD_freeDStream(stream) }

    var atBoundary: Bool { lastHint == 0 }

    func decompress(
        input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) throws(DecodeFailure) -> (consumed: Int, produced: Int) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
        if ZSTD_isError(hint) != 0 {
            let name = ZSTD_getErrorName(hint).map { String(cString: $0) } ?? "unknown"
            throw DecodeFailure(code: .corrupt, detail: "zstd: \(name)")
        }
        if inBuffer.pos > 0 || outBuffer.pos > 0 || hint == 0 { lastHint = hint }
        return (inBuffer.pos, outBuffer.pos)
    }
}
