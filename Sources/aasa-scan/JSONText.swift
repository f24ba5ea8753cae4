/// JSON string literals for machine output: everything outside printable ASCII is escaped,
/// so output is plain ASCII whatever bytes a log contained.
enum JSONText {
    static func quoted(_ text: String) -> String {
        if text.utf8.allSatisfy(isPlain) { return "\"" + text + "\"" }
        return quoted(scalars: Array(text.unicodeScalars))
    }

    /// Printable ASCII that needs no escape: most report strings, written as they are.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Bytes from logs: those that are not valid UTF-8 are written as `%XX` (as a device would
    /// percent-encode them in a URL), so nothing is silently replaced.
    static func quoted(bytes: some Collection<UInt8>) -> String {
        if bytes.allSatisfy(isPlain) { return "\"" + String(decoding: bytes, as: UTF8.self) + "\"" }
        return quoted(scalars: validScalarsPercentEncodingTheRest(Array(bytes)))
    }

    /// Log bytes as text: valid UTF-8 kept, other bytes and control characters as `%XX`.
    static func urlText(bytes: some Collection<UInt8>) -> String {
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

    private static func quoted(scalars: [Unicode.Scalar]) -> String {
        var result = "\""
        for scalar in scalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F:
                result.unicodeScalars.append(scalar)
            case _ where scalar.value > 0xFFFF:
                let value = scalar.value - 0x10000
                result +=
                    "\\u" + hex4(0xD800 + (value >> 10)) + "\\u" + hex4(0xDC00 + (value & 0x3FF))
            default:
                result += "\\u" + hex4(scalar.value)
            }
        }
        return result + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
