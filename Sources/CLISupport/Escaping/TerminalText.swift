/// Untrusted text (URLs from logs, strings from files) made safe to print: control
/// characters, C1 controls, bidirectional and other format characters, backslashes and bytes
/// that are not UTF-8 become visible escapes, so a log line can never move the cursor, change
/// colours, reorder what is shown or break a TSV row.
package enum TerminalText {
    /// One piece of untrusted text as it is shown: a character kept as it is, or the visible
    /// escape (`\x1b`, `\u{202e}`, `\\`) that stands for a byte or character. The HTML report
    /// shows the same escapes, marked up.
    package enum Piece {
        case character(Unicode.Scalar)
        case escape(String)
    }

    package static func escaped(_ text: String) -> String { escaped(Array(text.utf8)) }

    /// Our own text that quotes backslashes on purpose (a hint listing the JSON escapes
    /// `\" \\ \n`): controls are still escaped, backslashes are printed as they are.
    package static func escapedKeepingBackslashes(_ text: String) -> String {
        escaped(Array(text.utf8), keepBackslashes: true)
    }

    package static func escaped(_ bytes: some Collection<UInt8>, keepBackslashes: Bool = false)
        -> String
    {
        var result = ""
        result.reserveCapacity(bytes.count)
        forEachPiece(bytes, keepBackslashes: keepBackslashes) { piece in
            switch piece {
            case .character(let scalar): result.unicodeScalars.append(scalar)
            case .escape(let text): result += text
            }
        }
        return result
    }

    /// Calls `body` with the pieces of `bytes`, in order.
    package static func forEachPiece(
        _ bytes: some Collection<UInt8>, keepBackslashes: Bool = false, _ body: (Piece) -> Void
    ) {
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "\\"):
                    body(keepBackslashes ? .character("\\") : .escape("\\\\"))
                case 0x20..<0x7F: body(.character(Unicode.Scalar(byte)))
                default: body(.escape(hex(byte)))
                }
                index += 1
                continue
            }
            let length = utf8Length(bytes, index)
            guard length > 0,
                let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?
                    .unicodeScalars.first
            else {
                body(.escape(hex(byte)))
                index += 1
                continue
            }
            if (0x10_FF80...0x10_FFFF).contains(scalar.value) {
                // A byte of a file name that is not UTF-8, as `FileName` carries it.
                body(.escape(hex(UInt8(scalar.value & 0xFF))))
            } else if scalar.value <= 0x9F || scalar.properties.generalCategory == .format {
                body(.escape("\\u{" + String(scalar.value, radix: 16) + "}"))
            } else {
                body(.character(scalar))
            }
            index += length
        }
    }

    private static func utf8Length(_ bytes: [UInt8], _ index: Int) -> Int {
        let length =
            switch bytes[index] {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        return index + length <= bytes.count ? length : 0
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
