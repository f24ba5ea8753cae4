import ASCIIBytes
import Testing

/// The byte helpers against the standard library's own reading of the same characters, for
/// every byte value.
struct ASCIIClassTests {
    private static let allBytes = (0...255).map { UInt8($0) }

    /// The character of `byte` when it is ASCII; nil for the bytes of multi-byte UTF-8.
    private static func character(_ byte: UInt8) -> Character? {
        byte < 0x80 ? Character(Unicode.Scalar(byte)) : nil
    }

    @Test func classesAgreeWithTheStandardLibrary() {
        for byte in Self.allBytes {
            let character = Self.character(byte)
            let isASCIILetter = character.map { $0.isLetter } ?? false
            #expect(ASCII.isDigit(byte) == (character?.isWholeNumber ?? false), "\(byte)")
            #expect(ASCII.isLetter(byte) == isASCIILetter, "\(byte)")
            let isUpper = isASCIILetter && character?.isUppercase == true
            let isLower = isASCIILetter && character?.isLowercase == true
            #expect(ASCII.isUpper(byte) == isUpper, "\(byte)")
            #expect(ASCII.isLower(byte) == isLower, "\(byte)")
            #expect(
                ASCII.isAlphanumeric(byte) == (ASCII.isLetter(byte) || ASCII.isDigit(byte)))
            #expect(ASCII.isHexDigit(byte) == (character?.isHexDigit ?? false), "\(byte)")
            #expect(ASCII.isBlank(byte) == (byte == 0x20 || byte == 0x09), "\(byte)")
        }
    }

    @Test func caseMapsLettersOnly() {
        for byte in Self.allBytes {
            guard let character = Self.character(byte) else {
                // UTF-8 bytes are never touched.
                #expect(ASCII.lowercased(byte) == byte && ASCII.uppercased(byte) == byte)
                continue
            }
            #expect(ASCII.lowercased(byte) == Array(character.lowercased().utf8)[0], "\(byte)")
            #expect(ASCII.uppercased(byte) == Array(character.uppercased().utf8)[0], "\(byte)")
        }
    }

    @Test func hexDigitsReadAndWrite() {
        for byte in Self.allBytes {
            let expected = Self.character(byte).flatMap { Int(String($0), radix: 16) }
            #expect(ASCII.hexValue(byte).map(Int.init) == expected, "\(byte)")
        }
        for value in UInt8(0)..<16 {
            let written = ASCII.upperHexDigit(value)
            #expect(String(UnicodeScalar(written)) == String(value, radix: 16, uppercase: true))
        }
    }

    @Test func namedBytesAreTheirCharacters() {
        let pairs: [(UInt8, Character)] = [
            (ASCII.tab, "\t"), (ASCII.newline, "\n"), (ASCII.carriageReturn, "\r"),
            (ASCII.space, " "), (ASCII.quote, "\""), (ASCII.hash, "#"), (ASCII.plus, "+"),
            (ASCII.minus, "-"), (ASCII.dot, "."), (ASCII.slash, "/"), (ASCII.zero, "0"),
            (ASCII.colon, ":"), (ASCII.question, "?"), (ASCII.at, "@"),
            (ASCII.leftBracket, "["), (ASCII.backslash, "\\"), (ASCII.rightBracket, "]"),
            (ASCII.leftBrace, "{"), (ASCII.rightBrace, "}"),
        ]
        for (byte, character) in pairs {
            #expect(Character(Unicode.Scalar(byte)) == character)
        }
    }
}
