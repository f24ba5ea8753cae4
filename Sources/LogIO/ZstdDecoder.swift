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
        ZSTD_DCtx_setParameter(stream, ZSTD_d_windowLogMax, Self.windowLogMax)
    }

    /// The largest window a frame may ask for: 2^27 bytes (128 MiB, zstd's own default), so
    /// that a hostile frame cannot make the decoder take gigabytes.
    static let windowLogMax: Int32 = 27

    deinit { ZSTD_freeDStream(stream) }

    var atBoundary: Bool { lastHint == 0 }

    func decompress(
        input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) throws(DecodeFailure) -> (consumed: Int, produced: Int) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
        if ZSTD_isError(hint) != 0 {
            if ZSTD_getErrorCode(hint) == ZSTD_error_frameParameter_windowTooLarge {
                throw Self.windowTooLarge(
                    UnsafeRawBufferPointer(rebasing: input[..<min(input.count, inBuffer.pos + 18)]))
            }
            let name = ZSTD_getErrorName(hint).map { String(cString: $0) } ?? "unknown"
            throw DecodeFailure(code: .corrupt, detail: "zstd: \(name)")
        }
        if inBuffer.pos > 0 || outBuffer.pos > 0 || hint == 0 { lastHint = hint }
        return (inBuffer.pos, outBuffer.pos)
    }

    /// In one call, straight into `output` (a stream is also a context, libzstd 1.3 on):
    /// faster than streaming, which decodes through the window buffer when the frame does not
    /// declare its size.
    func decodeWhole(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) -> Int? {
        let result = ZSTD_decompressDCtx(
            stream, output.baseAddress, output.count, input.baseAddress, input.count)
        return ZSTD_isError(result) != 0 ? nil : result
    }

    /// What a frame too large to decode needs, and how to read it anyway. `input` holds the
    /// frame's header, the last one it starts.
    private static func windowTooLarge(_ input: UnsafeRawBufferPointer) -> DecodeFailure {
        let allowed = 1 << Int(windowLogMax)
        var needs = ""
        if let window = ZstdFrameHeader.lastWindowSize(in: input), window > allowed {
            let times = window / allowed + (window % allowed == 0 ? 0 : 1)
            needs = " of \(ZstdFrameHeader.describe(window)), \(times) times"
        }
        return DecodeFailure(
            code: .windowTooLarge,
            detail: "zstd: a frame needs a window\(needs) larger than the "
                + "\(ZstdFrameHeader.describe(allowed)) this decoder allows (to keep memory "
                + "bounded); it was compressed with --long or --ultra: decompress it first, "
                + "e.g. zstd -dc --long=31 FILE | aasa-scan scan --aasa AASA -")
    }
}
