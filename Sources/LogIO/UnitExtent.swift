/// Where a compressed unit (a zstd frame, a BGZF member) that starts some bytes ends, found
/// from its headers alone, without decoding it: what lets an input be cut into pieces that
/// decode apart.
enum UnitExtent: Equatable {
    /// The unit is `length` bytes, all of them there; it decodes to at most `decodedBound`
    /// bytes.
    case unit(length: Int, decodedBound: Int)
    /// Its end is not known before the first `count` bytes are there.
    case needsBytes(Int)
    /// It cannot be cut here: another kind of data, too large, or malformed (the serial
    /// decoder then reads it, and reports what is wrong with it).
    case unsuitable
}

extension UnsafeRawBufferPointer {
    /// The little-endian number of `count` bytes at `offset`.
    func littleEndian(at offset: Int, count: Int) -> Int {
        var value = 0
        for index in (offset..<(offset + count)).reversed() {
            value = value << 8 | Int(self[index])
        }
        return value
    }
}

extension ZstdFrameHeader {
    /// The largest output of one block (RFC 8878, 3.1.1.2.4: `Block_Maximum_Size`).
    static let blockMaximum = 128 << 10

    /// The extent of the zstd frame or skippable frame at the start of `bytes`, by its header
    /// and block headers (3 bytes each: last-block bit, type, size; an RLE block holds one
    /// byte, raw and compressed blocks `size` bytes), then the 4-byte checksum when the header
    /// announces one. Frames whose length or output may pass `limit`, whose window passes the
    /// streaming decoder's, or that need a dictionary are unsuitable.
    static func extent(of bytes: UnsafeRawBufferPointer, limit: Int) -> UnitExtent {
        guard bytes.count >= 8 else { return .needsBytes(8) }
        let magicNumber = bytes.littleEndian(at: 0, count: 4)
        if magicNumber & ~0xF == 0x184D_2A50 {
            let length = 8 + bytes.littleEndian(at: 4, count: 4)
            guard length <= limit else { return .unsuitable }
            return bytes.count < length
                ? .needsBytes(length) : .unit(length: length, decodedBound: 0)
        }
        guard bytes.prefix(4).elementsEqual(magic) else { return .unsuitable }
        let descriptor = bytes[4]
        guard descriptor & 0x08 == 0, descriptor & 0x03 == 0 else { return .unsuitable }
        let headerEnd = 4 + length(descriptor)
        guard bytes.count >= headerEnd + 3 else { return .needsBytes(headerEnd + 3) }
        let header = UnsafeRawBufferPointer(rebasing: bytes[4..<headerEnd])
        let declared = contentSize(header)
        guard let window = windowSize(header), window <= 1 << Int(ZstdDecoder.windowLogMax),
            (declared ?? 0) <= limit
        else { return .unsuitable }
        return blocksEnd(
            of: bytes, from: headerEnd, blockMaximum: min(window, blockMaximum),
            checksum: descriptor & 0x04 != 0, declared: declared, limit: limit)
    }

    /// Walks the block headers from `start` to the frame's end.
    private static func blocksEnd(
        of bytes: UnsafeRawBufferPointer, from start: Int, blockMaximum: Int, checksum: Bool,
        declared: Int?, limit: Int
    ) -> UnitExtent {
        var position = start
        var bound = 0
        while true {
            guard bytes.count >= position + 3 else { return .needsBytes(position + 3) }
            let blockHeader = bytes.littleEndian(at: position, count: 3)
            let size = blockHeader >> 3
            switch (blockHeader >> 1) & 3 {
            case 0:  // raw
                guard size <= blockMaximum else { return .unsuitable }
                position += 3 + size
                bound += size
            case 1:  // RLE: one byte, repeated
                guard size <= blockMaximum else { return .unsuitable }
                position += 4
                bound += size
            case 2:  // compressed
                guard size <= blockMaximum else { return .unsuitable }
                position += 3 + size
                bound += blockMaximum
            default:
                return .unsuitable
            }
            guard position <= limit, declared != nil || bound <= limit else { return .unsuitable }
            if blockHeader & 1 != 0 {
                if checksum { position += 4 }
                guard bytes.count >= position else { return .needsBytes(position) }
                return .unit(length: position, decodedBound: declared ?? bound)
            }
        }
    }
}

/// A gzip member in BGZF form (as `bgzip` writes, SAM/BAM specification 4.1): its header's
/// extra field holds a `BC` subfield, whose 2-byte value is the member's length less one.
/// Other gzip members can only be told apart by inflating them.
enum BGZFMember {
    /// The extent of the member at the start of `bytes`; its trailer's last 4 bytes give its
    /// output size (ISIZE).
    static func extent(of bytes: UnsafeRawBufferPointer, limit: Int) -> UnitExtent {
        guard bytes.count >= 12 else { return .needsBytes(12) }
        // Magic, deflate, and the FEXTRA flag.
        guard bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8, bytes[3] & 0x04 != 0 else {
            return .unsuitable
        }
        let extraEnd = 12 + bytes.littleEndian(at: 10, count: 2)
        guard bytes.count >= extraEnd else { return .needsBytes(extraEnd) }
        var field = 12
        while field + 4 <= extraEnd {
            let fieldLength = bytes.littleEndian(at: field + 2, count: 2)
            if bytes[field] == 0x42, bytes[field + 1] == 0x43, fieldLength == 2,
                field + 6 <= extraEnd
            {
                let length = bytes.littleEndian(at: field + 4, count: 2) + 1
                guard length >= extraEnd + 8 else { return .unsuitable }
                guard bytes.count >= length else { return .needsBytes(length) }
                let outputSize = bytes.littleEndian(at: length - 4, count: 4)
                return outputSize > limit
                    ? .unsuitable : .unit(length: length, decodedBound: outputSize)
            }
            field += 4 + fieldLength
        }
        return .unsuitable
    }
}
