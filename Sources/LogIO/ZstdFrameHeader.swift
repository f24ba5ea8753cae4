/// What a zstd frame header says (RFC 8878, 3.1.1.1), read by hand: libzstd gives it only
/// through its unstable API.
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
        if descriptor & 0x20 == 0 {
            guard header.count >= 2 else { return nil }
            let exponent = Int(header[1] >> 3)
            let mantissa = Int(header[1] & 7)
            let base = 1 << (10 + exponent)
            return base + base / 8 * mantissa
        }
        // One segment: the window is the content size.
        guard header.count >= length(descriptor) else { return nil }
        return contentSize(header)
    }

    /// The content size declared by a whole header (`length` bytes from its descriptor byte);
    /// nil when it declares none.
    static func contentSize(_ header: UnsafeRawBufferPointer) -> Int? {
        guard let descriptor = header.first else { return nil }
        let sizeBytes = contentSizeBytes(descriptor)
        guard sizeBytes > 0 else { return nil }
        let start = length(descriptor) - sizeBytes
        var size: UInt64 = 0
        for index in (0..<sizeBytes).reversed() {
            size = size << 8 | UInt64(header[start + index])
        }
        return Int(clamping: sizeBytes == 2 ? size + 256 : size)
    }

    /// Bytes of a header, descriptor included, from its descriptor.
    static func length(_ descriptor: UInt8) -> Int {
        let singleSegment = descriptor & 0x20 != 0
        let windowBytes = singleSegment ? 0 : 1
        let dictionaryBytes = [0, 1, 2, 4][Int(descriptor & 3)]
        return 1 + windowBytes + dictionaryBytes + contentSizeBytes(descriptor)
    }

    private static func contentSizeBytes(_ descriptor: UInt8) -> Int {
        [descriptor & 0x20 != 0 ? 1 : 0, 2, 4, 8][Int(descriptor >> 6)]
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
