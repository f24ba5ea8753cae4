import Testing
import Workload

@testable import LinkMatcher

/// `?` counts characters (Unicode scalars, an invalid byte read alone: SEMANTICS.md S5.2).
/// The counts of a path's rest settle most texts by their byte count or by being ASCII; every
/// answer must be the one of decoding the text scalar by scalar.
struct CharacterCountTests {
    @Test(arguments: [0xC0_0123 as UInt64, 0xC0_0124, 0xC0_0125])
    func shortcutsAnswerAsDecodingDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // ASCII, two-, three- and four-byte scalars, and bytes that start or continue none.
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("/".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8),
            [0x80], [0xFF], [0xE2, 0x82], [0xF0, 0x9D],
        ]
        for _ in 0..<4_000 {
            // ASCII alone, one piece over and over (the byte count is then furthest from the
            // character count), or a mix.
            let kind = random.next() % 3
            let repeated = Int(random.next() % UInt64(pieces.count))
            let length = Int(random.next() % 40)
            var text: [UInt8] = []
            for _ in 0..<length {
                switch kind {
                case 0: text += pieces[Int(random.next() % 2)]
                case 1: text += pieces[repeated]
                default: text += pieces[Int(random.next() % UInt64(pieces.count))]
                }
            }
            let characters = text.withUnsafeBufferPointer { buffer in
                var index = 0
                var count = 0
                while index < buffer.count {
                    index += UTF8Scalars.decode(buffer, at: index).1
                    count += 1
                }
                return count
            }
            for count in 0...(characters + 2) {
                text.withUnsafeBufferPointer { buffer in
                    #expect(
                        PartMatcher.hasCharacters(buffer, atLeast: count) == (characters >= count),
                        "\(text) at least \(count)")
                    #expect(
                        PartMatcher.hasCharacters(buffer, exactly: count) == (characters == count),
                        "\(text) exactly \(count)")
                }
            }
        }
    }
}
