/// JSON string literals for machine output: everything outside printable ASCII is escaped,
/// so output is plain ASCII whatever bytes a log contained.
enum JSONText {
    static func quoted(_ text: String) -> String { quoted(bytes: Array(text.utf8)) }

    /// Invalid UTF-8 bytes become U+FFFD; the text stays valid JSON.
    static func quoted(bytes: some Collection<UInt8>) -> String {
        var result = "\""
        for scalar in String(decoding: Array(bytes), as: UTF8.self).unicodeScalars {
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
