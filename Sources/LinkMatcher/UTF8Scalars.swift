/// Reading one Unicode scalar at a time from UTF-8 bytes, without allocating.
enum UTF8Scalars {
    /// Decodes the scalar starting at `index`; returns its value and length in bytes.
    /// A byte that does not start a valid sequence reads as one unit of value `0x110000 + byte`,
    /// a value no pattern character can have, so invalid bytes never crash and never match `é`.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return decodeMultiByte(bytes, at: index)
    }

    @inline(never)
    static func decodeMultiByte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)
    {
        let length = sequenceLength(bytes, at: index)
        let lead = bytes[index]
        guard length > 0 else { return (0x110000 + UInt32(lead), 1) }
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (value, length)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is not valid
    /// (overlong forms, surrogates and values above U+10FFFF are not valid).
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let available = bytes.count - index
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < available && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
