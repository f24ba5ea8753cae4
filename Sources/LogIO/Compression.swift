/// How an input's bytes are encoded, decided from its first bytes (never from its name).
public enum Compression: String, Sendable, CaseIterable {
    case plain, gzip, zstd, bzip2

    /// Bytes needed to recognise every supported magic number.
    static let magicLength = 4

    /// Recognises zstd (`28 B5 2F FD`), gzip (`1F 8B`) and bzip2 (`BZh`); anything else is plain.
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> Compression {
        let b = Array(prefix.prefix(magicLength))
        if b.count >= 4, b[0] == 0x28, b[1] == 0xB5, b[2] == 0x2F, b[3] == 0xFD { return .zstd }
        if b.count >= 2, b[0] == 0x1F, b[1] == 0x8B { return .gzip }
        if b.count >= 3, b[0] == 0x42, b[1] == 0x5A, b[2] == 0x68 { return .bzip2 }
        return .plain
    }
}

/// Why a decoder stopped; the stream turns it into a `LogIOError` with the input's context.
struct DecodeFailure: Error {
    var code: LogIOError.Code
    var detail: String
}

/// One streaming decoder: consumes some input, produces some output, remembers frame borders.
protocol Decompressor: AnyObject {
    /// Decodes from `input` into `output`; returns how much of each was used.
    func decompress(
        input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) throws(DecodeFailure) -> (consumed: Int, produced: Int)
    /// True when everything consumed so far ended on a frame (or member) border, so the end of
    /// input here is a clean end and not a truncation.
    var atBoundary: Bool { get }
}

/// Plain input: a copy.
final class PassThrough: Decompressor {
    var atBoundary: Bool { true }

    func decompress(
        input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) throws(DecodeFailure) -> (consumed: Int, produced: Int) {
        let n = min(input.count, output.count)
        if n > 0, let to = output.baseAddress, let from = input.baseAddress {
            to.copyMemory(from: from, byteCount: n)
        }
        return (n, n)
    }
}
