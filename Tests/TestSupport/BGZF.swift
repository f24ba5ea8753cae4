import CZlib

/// Gzip in BGZF form, as `bgzip` writes it (the SAM/BAM specification, 4.1), made here so that
/// the tests need no `bgzip`: members of at most 65,280 input bytes, each with a `BC` extra
/// subfield holding the member's length less one, then the empty end-of-file member.
public enum BGZF {
    /// The BGZF form of `bytes`, cut into members of at most `blockSize` input bytes.
    public static func compress(_ bytes: [UInt8], blockSize: Int = 65_280) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + blockSize)
            output += member(Array(bytes[start..<end]))
            start = end
        } while start < bytes.count
        return output + member([])
    }

    /// One member: header with the `BC` subfield, raw deflate data, CRC-32 and size.
    public static func member(_ input: [UInt8]) -> [UInt8] {
        let deflated = rawDeflate(input)
        let length = 18 + deflated.count + 8
        precondition(length <= 65_536, "a BGZF member holds at most 64 KiB")
        var header: [UInt8] = [0x1F, 0x8B, 8, 0x04, 0, 0, 0, 0, 0, 0xFF, 6, 0, 0x42, 0x43, 2, 0]
        header += littleEndian(length - 1, count: 2)
        let checksum = input.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, UInt32(buffer.count))
        }
        return header + deflated + littleEndian(Int(checksum), count: 4)
            + littleEndian(input.count, count: 4)
    }

    private static func rawDeflate(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // windowBits -15: raw deflate, no zlib or gzip wrapper of its own.
        let status = deflateInit2_(
            &stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](
            repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 16)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish: \(result)")
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    private static func littleEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
