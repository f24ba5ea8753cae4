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

struct ASCIIDecimalTests {
    /// `decimalValue` of the whole of `text`.
    private static func value(_ text: String, limit: Int = .max) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer {
            ASCII.decimalValue($0, in: 0..<$0.count, limit: limit)
        }
    }

    @Test(arguments: [
        ("0", 0), ("7", 7), ("200", 200), ("000123", 123), ("65535", 65535),
        ("9223372036854775807", Int.max),
    ])
    func readsDigits(text: String, expected: Int) {
        #expect(Self.value(text) == expected)
    }

    @Test(arguments: [
        "", "-1", "+1", "1 ", " 1", "12a", "1.0", "٣", "9223372036854775808",
        "99999999999999999999999", "0x10",
    ])
    func refusesWhatIsNotAnUnsignedDecimalThatFits(text: String) {
        #expect(Self.value(text) == nil)
    }

    @Test func agreesWithIntParsingUnderALimit() throws {
        let digits = Array("0123456789".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 1...8)
            let text = String(
                decoding: (0..<length).map { _ in digits[Int.random(in: 0..<10)] }, as: UTF8.self)
            let limit = Int.random(in: 0...99_999_999)
            let parsed = try #require(Int(text))
            #expect(Self.value(text, limit: limit) == (parsed <= limit ? parsed : nil), "\(text)")
        }
    }

    @Test func digitsEndStopsAtTheFirstOtherByte() {
        let bytes = Array("12345 x9".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ASCII.digitsEnd(buffer, from: 0, to: buffer.count) == 5)
            #expect(ASCII.digitsEnd(buffer, from: 5, to: buffer.count) == 5)
            #expect(ASCII.digitsEnd(buffer, from: 7, to: buffer.count) == 8)
            #expect(ASCII.digitsEnd(buffer, from: 1, to: 3) == 3)
        }
    }
}

struct ASCIIWordCompareTests {
    /// Every length up to 40 (short, exactly a word, overlapping last word), with a
    /// difference at each position in turn and none: the same answer as array equality.
    @Test func agreesWithArrayEquality() throws {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var variants = [left]
            for position in 0..<count {
                var changed = left
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for right in variants {
                // One byte more than compared, so that even an empty range has an address.
                let equal = try (left + [0]).withUnsafeBytes { a in
                    try (right + [1]).withUnsafeBytes { b in
                        ASCII.bytesEqual(
                            try #require(a.baseAddress), try #require(b.baseAddress),
                            count: count)
                    }
                }
                #expect(equal == (left == right), "count \(count)")
            }
        }
    }

    /// Bytes past `count` never take part, even when they differ.
    @Test func readsNothingPastTheCount() throws {
        let left = Array("abcdefghij-left".utf8)
        let right = Array("abcdefghij-RIGHT".utf8)
        try left.withUnsafeBytes { a in
            try right.withUnsafeBytes { b in
                let (first, second) = (try #require(a.baseAddress), try #require(b.baseAddress))
                for count in 0...11 {
                    #expect(ASCII.bytesEqual(first, second, count: count))
                }
                #expect(!ASCII.bytesEqual(first, second, count: 12))
            }
        }
    }
}
