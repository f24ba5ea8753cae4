/// JSON string literals for machine output: everything outside printable ASCII is escaped,
/// so output is plain ASCII whatever bytes a log contained.
package enum JSONText {
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quoted(text)`, appended to `out` as bytes: a report writes thousands of these (every
    /// rule's pattern, whose quotes need escapes). ASCII text is escaped byte by byte, each
    /// byte being its own scalar; other text scalar by scalar.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        let done = text.withUTF8 { bytes in
            if bytes.allSatisfy(isPlain) {
                out.append(0x22)
                out.append(contentsOf: bytes)
                out.append(0x22)
                return true
            }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            // Runs of plain bytes are copied whole: a pattern has a few quotes among many bytes.
            out.append(0x22)
            var runStart = 0
            for index in bytes.indices where !isPlain(bytes[index]) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscaped(UInt32(bytes[index]), to: &out)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            out.append(0x22)
            return true
        }
        if !done { appendQuoted(scalars: text.unicodeScalars, to: &out) }
    }

    /// Printable ASCII that needs no escape: most report strings, written as they are.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Bytes from logs: those that are not valid UTF-8 are written as `%XX` (as a device would
    /// percent-encode them in a URL), so nothing is silently replaced.
    package static func quoted(bytes: some Collection<UInt8>) -> String {
        if bytes.allSatisfy(isPlain) { return "\"" + String(decoding: bytes, as: UTF8.self) + "\"" }
        return quoted(scalars: validScalarsPercentEncodingTheRest(Array(bytes)))
    }

    /// Log bytes as text: valid UTF-8 kept, other bytes and control characters as `%XX`.
    package static func urlText(bytes: some Collection<UInt8>) -> String {
        var text = ""
        for scalar in validScalarsPercentEncodingTheRest(Array(bytes)) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = Array("0123456789ABCDEF")
                text +=
                    "%" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func validScalarsPercentEncodingTheRest(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length =
                switch lead {
                case 0..<0x80: 1
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 0
                }
            if length > 0, index + length <= bytes.count,
                let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
                let scalar = text.unicodeScalars.first
            {
                scalars.append(scalar)
                index += length
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                scalars += ["%", hex[Int(lead >> 4)], hex[Int(lead & 0xF)]]
                index += 1
            }
        }
        return scalars
    }

    private static func quoted(scalars: some Sequence<Unicode.Scalar>) -> String {
        var out: [UInt8] = []
        appendQuoted(scalars: scalars, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendQuoted(
        scalars: some Sequence<Unicode.Scalar>, to out: inout [UInt8]
    ) {
        out.append(0x22)
        for scalar in scalars { appendEscaped(scalar.value, to: &out) }
        out.append(0x22)
    }

    /// One scalar inside a string literal: printable ASCII as it is, the rest escaped.
    @inline(__always)
    private static func appendEscaped(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0x22, 0x5C: appendEscape(UInt8(value), to: &out)  // \" and \\
        case 0x0A: appendEscape(UInt8(ascii: "n"), to: &out)
        case 0x09: appendEscape(UInt8(ascii: "t"), to: &out)
        case 0x0D: appendEscape(UInt8(ascii: "r"), to: &out)
        case 0x20..<0x7F: out.append(UInt8(value))
        case 0x10_FF80...0x10_FFFF:
            // A byte of a file name that is not UTF-8 (`FileName` carries it on this scalar):
            // written `\xff`, as messages show it, since JSON text cannot hold the byte.
            appendEscape(UInt8(0x5C), to: &out)
            out.append(UInt8(ascii: "x"))
            let byte = UInt8(value & 0xFF)
            out.append(contentsOf: String(byte, radix: 16).utf8)
        case 0x10000...:
            let offset = value - 0x10000
            appendEscape(0xD800 + (offset >> 10), to: &out)
            appendEscape(0xDC00 + (offset & 0x3FF), to: &out)
        default: appendEscape(value, to: &out)
        }
    }

    /// A backslash and `letter`.
    private static func appendEscape(_ letter: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        out.append(letter)
    }

    /// `\uXXXX` with four lower-case hex digits.
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        appendEscape(UInt8(ascii: "u"), to: &out)
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
