/// Raw bytes in, decoded bytes out: a `ByteSource`, a bounded input buffer and one decoder.
///
/// Memory stays bounded whatever the input size: one input buffer plus the decoder's window.
final class DecodingStream {
    let source: any ByteSource
    let path: String
    let compression: Compression
    let progress: ReadProgress
    private let decoder: any Decompressor
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var sourceEnded = false
    /// Raw bytes read from the source so far.
    private(set) var bytesRead = 0

    /// Raw bytes handed to the decoder so far (what an error reports as its offset).
    var bytesConsumed: Int { bytesRead - (inputEnd - inputStart) }

    init(source: any ByteSource, path: String, inputBufferSize: Int = 1 << 17)
        throws(LogIOError)
    {
        self.source = source
        self.path = path
        self.progress = ReadProgress(totalBytes: source.knownSize)
        input = .allocate(byteCount: max(inputBufferSize, 16), alignment: 16)
        do throws(LogIOError) {
            // Short reads are allowed, so gather the magic bytes over as many reads as needed.
            while inputEnd < Compression.magicLength && !sourceEnded {
                try Self.refill(
                    source, input, &inputStart, &inputEnd, &sourceEnded, &bytesRead, progress)
            }
            compression = Compression.detect(UnsafeRawBufferPointer(rebasing: input[0..<inputEnd]))
            switch compression {
            case .plain: decoder = PassThrough()
            case .zstd:
                decoder = try Self.make(path) { () throws(DecodeFailure) in try ZstdDecoder() }
            case .gzip:
                decoder = try Self.make(path) { () throws(DecodeFailure) in try GzipDecoder() }
            case .bzip2:
                throw LogIOError(
                    code: .unsupportedCompression, path: path,
                    detail: "bzip2 is not supported; decompress it first: "
                        + "bzip2 -dc FILE | aasa-scan scan -")
            }
        } catch {
            input.deallocate()
            throw error
        }
    }

    deinit { input.deallocate() }

    private static func make(
        _ path: String, _ body: () throws(DecodeFailure) -> any Decompressor
    ) throws(LogIOError) -> any Decompressor {
        do { return try body() } catch {
            throw LogIOError(code: error.code, path: path, detail: error.detail)
        }
    }

    private static func refill(
        _ source: any ByteSource, _ input: UnsafeMutableRawBufferPointer,
        _ start: inout Int, _ end: inout Int, _ ended: inout Bool, _ total: inout Int,
        _ progress: ReadProgress
    ) throws(LogIOError) {
        if start > 0 {
            let live = end - start
            if live > 0, let base = input.baseAddress {
                base.copyMemory(from: base + start, byteCount: live)
            }
            start = 0
            end = live
        }
        guard end < input.count else { return }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: input[end...]))
        if n == 0 {
            ended = true
        } else {
            end += n
            total += n
            progress.add(n)
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
            progress.add(n)
            return n
        }
        while true {
            if inputStart == inputEnd && !sourceEnded {
                try Self.refill(
                    source, input, &inputStart, &inputEnd, &sourceEnded, &bytesRead, progress)
            }
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
