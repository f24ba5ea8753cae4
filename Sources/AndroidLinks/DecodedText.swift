import ASCIIBytes

/// Turns the bytes of a URL part into the UTF-16 code units Android compares (A2): `%XX` becomes
/// its byte (a malformed escape stays as written, `+` stays `+`), then the bytes are read as
/// UTF-8, each ill-formed sequence read as U+FFFD, as Android's `Uri` getters return them.
/// `PatternMatcher` works on Java `char`s, so a pattern's `.` takes one code unit.
enum DecodedText {
    /// Appends the decoded units of `text` to `units`; `bytes` is scratch for the decoded bytes.
    static func append(
        _ text: UnsafeBufferPointer<UInt8>, percentDecoded: Bool, to units: inout UnitStore,
        bytes: inout [UInt8]
    ) {
        // Nearly every part of a logged URL is ASCII without an escape: its units are its bytes.
        let escape = percentDecoded ? UInt8(ascii: "%") : 0x80
        if !text.contains(where: { $0 >= 0x80 || $0 == escape }) {
            units.appendWidened(text)
            return
        }
        bytes.removeAll(keepingCapacity: true)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if percentDecoded, byte == UInt8(ascii: "%"), index + 2 < text.count,
                let high = ASCII.hexValue(text[index + 1]),
                let low = ASCII.hexValue(text[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        bytes.withUnsafeBufferPointer { appendUTF16(of: $0, to: &units) }
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
