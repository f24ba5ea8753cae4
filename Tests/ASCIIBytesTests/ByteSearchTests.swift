import ASCIIBytes
import Testing

struct ByteSearchTests {
    /// Every length up to 40 and every position: one byte made the excluded one, or non-ASCII,
    /// or an excluded byte's neighbours (which must not count), against a byte-by-byte check.
    @Test func isASCIIAgreesWithAByteByByteCheck() {
        let excluded = UInt8(ascii: "%")
        for count in 0...40 {
            let plain = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            var texts = [plain]
            for position in 0..<count {
                for byte: UInt8 in [excluded, excluded - 1, excluded + 1, 0x80, 0xFF, 0x7F, 0] {
                    var changed = plain
                    changed[position] = byte
                    texts.append(changed)
                }
            }
            for text in texts {
                let expected = text.allSatisfy { $0 < 0x80 && $0 != excluded }
                let answer = text.withUnsafeBufferPointer { $0.isASCII(without: excluded) }
                #expect(answer == expected, "\(text)")
                let isASCII = text.withUnsafeBufferPointer(\.isASCII)
                #expect(isASCII == text.allSatisfy { $0 < 0x80 }, "\(text)")
            }
        }
    }
}
