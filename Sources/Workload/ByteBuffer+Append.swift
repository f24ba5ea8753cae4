import ASCIIBytes

/// More of `ASCIIBytes`' appending, for the log writer: it produces millions of lines, and
/// these keep it at a few hundred nanoseconds a line.
extension Array where Element == UInt8 {
    /// Appends `value` in decimal, left-padded with zeros to `width` digits.
    @inline(__always)
    mutating func append(decimal value: Int, width: Int) {
        var power = 10
        for _ in 1..<width {
            if value < power { append(UInt8(ascii: "0")) }
            power *= 10
        }
        append(decimal: value)
    }

    /// Appends the low `digits` hexadecimal digits of `value`, lower case.
    @inline(__always)
    mutating func append(hex value: UInt64, digits: Int) {
        var shift = (digits - 1) * 4
        while shift >= 0 {
            append(Vocabulary.hexDigits[Int((value >> UInt64(shift)) & 0xF)])
            shift -= 4
        }
    }
}

extension Vocabulary {
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    static let base36Digits: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    static let alphanumerics: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// UTF-8 bytes of `text` with every byte outside unreserved ASCII written `%XX`
    /// (upper-case hex), as browsers send non-ASCII paths.
    static func percentEncoded(_ text: String) -> [UInt8] {
        let upper: [UInt8] = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x80, byte > 0x20, byte != UInt8(ascii: "%") {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), upper[Int(byte >> 4)], upper[Int(byte & 0xF)]]
            }
        }
        return result
    }
}
