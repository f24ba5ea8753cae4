/// How an input's bytes are encoded, decided from its first bytes (never from its name).
public enum Compression: String, Sendable, CaseIterable {
    case plain, gzip, zstd, bzip2

    /// Bytes needed to recognise every supported magic number.
    static let magicLength = 4

    /// Recognises zstd (`28 B5 2F FD`, or a skippable frame `5? 2A 4D 18` as `pzstd` starts
    /// its files with), gzip (`1F 8B`) and bzip2 (`BZh`); anything else is plain.
    public static func detect(_ prefix: UnsafeRawBufferPointer) -> Compression {
        let b = Array(prefix.prefix(magicLength))
        if b.count >= 4, b[0] == 0x28, b[1] == 0xB5, b[2] == 0x2F, b[3] == 0xFD { return .zstd }
        if b.count >= 4, b[0] & 0xF0 == 0x50, b[1] == 0x2A, b[2] == 0x4D, b[3] == 0x18 {
            return .zstd
        }
        if b.count >= 2, b[0] == 0x1F, b[1] == 0x8B { return .gzip }
        if b.count >= 3, b[0] == 0x42, b[1] == 0x5A, b[2] == 0x68 { return .bzip2 }
        return .plain
    }

    /// A new streaming decoder for this encoding; nil for bzip2, which is not decoded.
    /// `afterUnit`: decoding resumes where a frame (or member) ended, so what may follow one
    /// (a gzip member's zero padding) is read as such.
    func decompressor(afterUnit: Bool = false) throws(DecodeFailure) -> (any Decompressor)? {
        switch self {
        case .plain: return PassThrough()
        case .zstd: return try ZstdDecoder()
        case .gzip: return try GzipDecoder(afterMember: afterUnit)
        case .bzip2: return nil
        }
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
    /// Decodes `input`, whole frames (or members) and nothing else, into `output`: the byte
    /// count, or nil when the data is damaged, not whole, or decodes to more than `output`.
    func decodeWhole(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) -> Int?
}

extension Decompressor {
    /// Streams `input` through the decoder until it is all consumed.
    func decodeWhole(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) -> Int? {
        var consumed = 0
        var produced = 0
        while consumed < input.count {
            guard
                let step = try? decompress(
                    input: UnsafeRawBufferPointer(rebasing: input[consumed...]),
                    output: UnsafeMutableRawBufferPointer(rebasing: output[produced...])),
                step.consumed > 0 || step.produced > 0
            else { return nil }
            consumed += step.consumed
            produced += step.produced
        }
        return atBoundary ? produced : nil
    }
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
