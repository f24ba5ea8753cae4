import ASCIIBytes

/// The byte-level transforms behind the views: encoding raw characters, percent-decoding,
/// case folding. All append to a caller's buffer and never allocate once it has grown.
enum TextTransform {
    /// Bytes that cannot appear in a URL as sent by a device, so a logged URL is
    /// percent-encoded at them before matching (SEMANTICS.md S3.2): controls, space, non-ASCII,
    /// and `"<>\^`{|}[]#`. Existing `%` escapes are left as written. Two masks, not a table:
    /// a global table would cost a lazy-initialisation check at every byte.
    @inline(__always)
    static func needsEncoding(_ byte: UInt8) -> Bool {
        if byte < 64 { return encodeMaskLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return encodeMaskHigh & (1 << UInt64(byte - 64)) != 0 }
        return true
    }

    /// Bits 0-63: controls, space, `"`, `#`, `<`, `>`.
    static let encodeMaskLow: UInt64 = 0x5000_000D_FFFF_FFFF
    /// Bits 64-127: `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}`, DEL.
    static let encodeMaskHigh: UInt64 = 0xB800_0001_7800_0000

    /// Appends `source` with the bytes of `needsEncoding` written as `%XX` (upper-case hex).
    @inline(__always)
    static func appendEncoded(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ScratchBuffer<UInt8>
    ) {
        output.reserve(source.count * 3)
        for byte in source {
            if needsEncoding(byte) {
                output.append(UInt8(ascii: "%"))
                output.append(ASCII.upperHexDigit(byte >> 4))
                output.append(ASCII.upperHexDigit(byte & 0xF))
            } else {
                output.append(byte)
            }
        }
    }

    /// Appends `source` as an unfolded view sees it: raw characters encoded (S3.2), then
    /// percent-decoded (S7.2) when `decoding`, with `work` as the in-between buffer.
    @inline(__always)
    static func appendView(
        _ source: UnsafeBufferPointer<UInt8>, decoding: Bool, work: inout ScratchBuffer<UInt8>,
        to output: inout ScratchBuffer<UInt8>
    ) {
        guard decoding else { return appendEncoded(source, to: &output) }
        work.removeAll()
        appendEncoded(source, to: &work)
        appendDecoded(work.buffer, to: &output)
    }

    /// Appends `source` percent-decoded. Escapes that do not form valid UTF-8, and `%` not
    /// followed by two hex digits, stay as written (S11 Q6); `+` stays `+`.
    static func appendDecoded(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ScratchBuffer<UInt8>
    ) {
        output.reserve(source.count)
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            guard byte == UInt8(ascii: "%"), let lead = hexByte(source, index) else {
                output.append(byte)
                index += 1
                continue
            }
            if lead < 0x80 {
                output.append(lead)
                index += 3
                continue
            }
            let length = escapedSequenceLength(source, at: index, lead: lead)
            if length == 0 {
                for offset in 0..<3 { output.append(source[index + offset]) }
                index += 3
                continue
            }
            for step in 0..<length {
                output.append(hexByte(source, index + 3 * step) ?? 0)
            }
            index += 3 * length
        }
    }

    /// How many consecutive escapes starting at `index` form one valid UTF-8 scalar; 0 if none.
    private static func escapedSequenceLength(
        _ source: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8
    ) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { bytes in
            bytes[0] = lead
            var available = 1
            while available < 4, let next = hexByte(source, index + 3 * available) {
                bytes[available] = next
                available += 1
            }
            let sequence = UnsafeBufferPointer(rebasing: bytes[0..<available])
            return UTF8Scalars.sequenceLength(sequence, at: 0)
        }
    }

    @inline(__always)
    static func hexByte(_ source: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8? {
        guard index + 2 < source.count, source[index] == UInt8(ascii: "%"),
            let high = ASCII.hexValue(source[index + 1]),
            let low = ASCII.hexValue(source[index + 2])
        else { return nil }
        return high << 4 | low
    }

    /// Appends ASCII text lower-cased.
    @inline(__always)
    static func appendFolded(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ScratchBuffer<UInt8>
    ) {
        output.reserve(source.count)
        for byte in source { output.append(CaseFolding.foldASCII(byte)) }
    }

    /// Lower-cases `buffer[from...]` in place when it is ASCII; otherwise rewrites it scalar
    /// by scalar (simple one-to-one folding may change the UTF-8 length).
    static func fold(_ buffer: inout ScratchBuffer<UInt8>, from start: Int) {
        var isASCII = true
        for index in start..<buffer.count {
            let byte = buffer[index]
            if byte >= 0x80 {
                isASCII = false
                break
            }
            buffer[index] = CaseFolding.foldASCII(byte)
        }
        if isASCII { return }
        let tail = Array(UnsafeBufferPointer(rebasing: buffer.buffer[start...]))
        buffer.count = start
        tail.withUnsafeBufferPointer { source in
            var index = 0
            while index < source.count {
                let (scalar, width) = UTF8Scalars.decode(source, at: index)
                if scalar >= 0x110000 || width == 1 {
                    for offset in 0..<width {
                        let byte = source[index + offset]
                        buffer.append(CaseFolding.foldASCII(byte))
                    }
                } else {
                    var encoded: [UInt8] = []
                    appendUTF8(CaseFolding.fold(scalar), to: &encoded)
                    for byte in encoded { buffer.append(byte) }
                }
                index += width
            }
        }
    }

    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
