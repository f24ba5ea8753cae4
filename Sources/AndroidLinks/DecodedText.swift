import ASCIIBytes

/// Turns the bytes of a URL part into the UTF-16 code units Android compares (A2), as
/// `Uri.decode` does: the text's characters stay as they are (`+` stays `+`), and each run of
/// `%XX` escapes becomes its bytes read as UTF-8, each ill-formed sequence read as U+FFFD. A
/// malformed escape becomes U+FFFD: `%` at the end ends the text; `%` and a character that is
/// not a hex digit take that character (and a first digit before it), and the value read so far
/// (0 without a digit) still counts as an escaped byte: `%zz` reads as U+FFFD, U+0000, `z`.
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
        guard percentDecoded else { return appendUTF16(of: text, to: &units) }
        // The escaped bytes are never more than the text's: room on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { escaped in
            var escapedCount = 0
            // The escaped bytes waiting, read as UTF-8 when a character or the end follows.
            func flush(_ units: inout UnitStore) {
                appendUTF16(
                    of: UnsafeBufferPointer(rebasing: escaped[0..<escapedCount]), to: &units)
                escapedCount = 0
            }
            var index = 0
            while index < text.count {
                guard text[index] == UInt8(ascii: "%") else {
                    // The characters up to the next `%`, as they are.
                    flush(&units)
                    let end =
                        text.find(UInt8(ascii: "%"), from: index, to: text.count) ?? text.count
                    appendUTF16(of: UnsafeBufferPointer(rebasing: text[index..<end]), to: &units)
                    index = end
                    continue
                }
                index += 1
                var value: UInt8 = 0
                var digits = 0
                var trailing: UInt16?
                while digits < 2 {
                    guard index < text.count else {
                        flush(&units)
                        units.append(0xFFFD)
                        return
                    }
                    if let digit = ASCII.hexValue(text[index]) {
                        value = value &<< 4 | digit
                        index += 1
                        digits += 1
                        continue
                    }
                    flush(&units)
                    units.append(0xFFFD)
                    // The character taken is one Java `char`: a scalar beyond U+FFFF leaves
                    // its second surrogate behind, a character of its own.
                    let taken = character(at: index, in: text)
                    index += taken.length
                    trailing = taken.trailing
                    break
                }
                escaped[escapedCount] = value
                escapedCount += 1
                if let trailing {
                    flush(&units)
                    units.append(trailing)
                }
            }
            flush(&units)
        }
    }

    /// How many bytes the character at `index` takes (an ill-formed sequence is one character,
    /// U+FFFD, as when the text became a Java string), and the second surrogate of a scalar
    /// beyond U+FFFF.
    private static func character(at index: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (length: Int, trailing: UInt16?)
    {
        guard text[index] >= 0x80 else { return (1, nil) }
        var parser = Unicode.UTF8.ForwardParser()
        var input = UnsafeBufferPointer(rebasing: text[index...]).makeIterator()
        switch parser.parseScalar(from: &input) {
        case .valid(let encoded):
            let value = Unicode.UTF8.decode(encoded).value
            return (encoded.count, value < 0x1_0000 ? nil : 0xDC00 | UInt16(value & 0x3FF))
        case .error(let length):
            return (length, nil)
        case .emptyInput:
            return (1, nil)
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
