import ASCIIBytes

/// Turns the bytes of a URL part into the UTF-16 code units Android compares (A2): `%XX` becomes
/// its byte (a malformed escape stays as written, `+` stays `+`), then the bytes are read as
/// UTF-8, each ill-formed sequence read as U+FFFD, as Android's `Uri` getters return them.
/// `PatternMatcher` works on Java `char`s, so a pattern's `.` takes one code unit.
enum DecodedText {
    /// Appends the decoded units of `text` to `units`.
    static func append(
        _ text: UnsafeBufferPointer<UInt8>, percentDecoded: Bool, to units: inout UnitStore
    ) {
        // Nearly every part of a logged URL is ASCII without an escape: its units are its bytes.
        if text.isASCII(without: percentDecoded ? UInt8(ascii: "%") : 0x80) {
            units.appendWidened(text)
            return
        }
        // The decoded bytes are never more than the text's: room on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { bytes in
            var count = 0
            var index = 0
            while index < text.count {
                let byte = text[index]
                if percentDecoded, byte == UInt8(ascii: "%"), index + 2 < text.count,
                    let high = ASCII.hexValue(text[index + 1]),
                    let low = ASCII.hexValue(text[index + 2])
                {
                    bytes[count] = high << 4 | low
                    index += 3
                } else {
                    bytes[count] = byte
                    index += 1
                }
                count += 1
            }
            appendUTF16(of: UnsafeBufferPointer(rebasing: bytes[0..<count]), to: &units)
        }
    }

    /// The UTF-8 `bytes` as UTF-16, ill-formed sequences as U+FFFD (the standard library's own
    /// parser decides how many bytes each one spans, as `String(decoding:as:)` does).
    static func appendUTF16(of bytes: UnsafeBufferPointer<UInt8>, to units: inout UnitStore) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                units.append(UInt16(byte))
                index += 1
                continue
            }
            var parser = Unicode.UTF8.ForwardParser()
            var input = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                let value = Unicode.UTF8.decode(encoded).value
                if value < 0x1_0000 {
                    units.append(UInt16(value))
                } else {
                    let offset = value - 0x1_0000
                    units.append(0xD800 | UInt16(offset >> 10))
                    units.append(0xDC00 | UInt16(offset & 0x3FF))
                }
                index += encoded.count
            case .error(let length):
                units.append(0xFFFD)
                index += length
            case .emptyInput:
                return
            }
        }
    }
}
