import ASCIIBytes
import Testing

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
