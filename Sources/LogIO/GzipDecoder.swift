import CZlib

/// Streaming gzip (or zlib) through `inflate`; concatenated members are decoded one after the
/// other, and zero bytes after a member are skipped, as `gzip -dc` does.
final class GzipDecoder: Decompressor {
    private let stream: UnsafeMutablePointer<z_stream>
    /// True after `Z_STREAM_END`, until more input starts a new member.
    private var memberEnded = false
    /// True before any byte of a member has been consumed.
    private var fresh = true

    /// `afterMember`: the input starts where a member ended (decoding resumes there).
    init(afterMember: Bool = false) throws(DecodeFailure) {
        memberEnded = afterMember
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 15 + 32: accept gzip and zlib headers, detected automatically.
        let status = inflateInit2_(
            stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        if status != Z_OK {
            stream.deallocate()
            throw DecodeFailure(code: .corrupt, detail: "cannot initialise zlib (\(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    var atBoundary: Bool { memberEnded || fresh }

    func decompress(
        input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) throws(DecodeFailure) -> (consumed: Int, produced: Int) {
        guard input.count > 0 || !memberEnded else { return (0, 0) }
        if memberEnded {
            // Zero bytes after a member are padding (a tape block, `dd` to a block size), which
            // gzip ignores too; no member starts with one.
            let zeros = input.prefix { $0 == 0 }.count
            if zeros > 0 { return (zeros, 0) }
            inflateReset(stream)
            memberEnded = false
        }
        let inBase = UnsafeMutablePointer(
            mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.next_in = inBase
        stream.pointee.avail_in = UInt32(clamping: input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(clamping: output.count)
        let availIn = Int(stream.pointee.avail_in)
        let availOut = Int(stream.pointee.avail_out)
        let status = inflate(stream, Z_NO_FLUSH)
        let consumed = availIn - Int(stream.pointee.avail_in)
        let produced = availOut - Int(stream.pointee.avail_out)
        if consumed > 0 { fresh = false }
        switch status {
        case Z_OK, Z_BUF_ERROR:
            break
        case Z_STREAM_END:
            memberEnded = true
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
            throw DecodeFailure(code: .corrupt, detail: "gzip: \(message)")
        }
        return (consumed, produced)
    }
}
