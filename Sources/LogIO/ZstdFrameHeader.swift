/// The window size a zstd frame header asks for (RFC 8878, 3.1.1.1), read by hand: libzstd
/// gives it only through its unstable API.
enum ZstdFrameHeader {
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    /// The window of the last frame that starts in `bytes`, when its header is all there.
    static func lastWindowSize(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 5 else { return nil }
        for start in stride(from: bytes.count - 5, through: 0, by: -1)
        where bytes[start..<(start + 4)].elementsEqual(magic) {
            return windowSize(UnsafeRawBufferPointer(rebasing: bytes[(start + 4)...]))
        }
        return nil
    }

    /// The window of a header starting at its descriptor byte.
    static func windowSize(_ header: UnsafeRawBufferPointer) -> Int? {
        guard let descriptor = header.first else { return nil }
        let singleSegment = descriptor & 0x20 != 0
        if !singleSegment {
            guard header.count >= 2 else { return nil }
            let exponent = Int(header[1] >> 3)
            let mantissa = Int(header[1] & 7)
            let base = 1 << (10 + exponent)
            return base + base / 8 * mantissa
        }
        // One segment: the window is the content size, after the dictionary ID.
        let dictionaryBytes = [0, 1, 2, 4][Int(descriptor & 3)]
        let sizeBytes = [1, 2, 4, 8][Int(descriptor >> 6)]
        let start = 1 + dictionaryBytes
        guard header.count >= start + sizeBytes else { return nil }
        var size = 0
        for index in (0..<sizeBytes).reversed() {
            size = size << 8 | Int(header[start + index])
        }
        return sizeBytes == 2 ? size + 256 : size
    }

    /// `128 MiB`, `2 GiB`, `1.5 GiB`.
    static func describe(_ bytes: Int) -> String {
        for (unit, shift) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)]
        where bytes >= 1 << shift {
            let tenths = Int((Double(bytes) / Double(1 << shift) * 10).rounded(.down))
            return "\(tenths / 10)\(tenths % 10 > 0 ? ".\(tenths % 10)" : "") \(unit)"
        }
        return "\(bytes) bytes"
    }
}
