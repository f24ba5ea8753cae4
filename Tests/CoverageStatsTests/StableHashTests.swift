import Testing

@testable import CoverageStats

/// Expected values computed independently with the reference implementation (Python `xxhash`
/// 4.1.0, `xxhash.xxh64(data, seed=...).intdigest()`); inputs cover every tail path of XXH64
/// (empty, 1..3 bytes, 8-byte words, a 4-byte word, the 32-byte stripe loop).
struct StableHashTests {
    static let hundredBytes = (0..<100).map { UInt8($0) }

    @Test(arguments: [
        ([UInt8](), 0x1D63_761F_E9B8_D115 as UInt64, 0xEF46_DB37_51D8_E999 as UInt64),
        (Array("a".utf8), 0x31CC_2E46_E4D7_5393, 0xD24E_C4F1_A98C_6E5B),
        (Array("abc".utf8), 0x8463_F880_81DA_6618, 0x44BC_2CF5_AD77_0999),
        (Array("/path/to/thing".utf8), 0xB645_DA9C_31CE_8EE0, 0x0250_F786_197B_B38A),
        (
            Array("0123456789abcdef0123456789abcdef".utf8), 0x1B63_44CC_F920_5B8C,
            0x642A_9495_8E71_E6C5
        ),
        (hundredBytes, 0x33C3_5D08_26D1_6B2D, 0x6AC1_E580_3216_6597),
        (
            Array("The quick brown fox jumps over the lazy dog".utf8), 0x7A95_BB15_802E_1CDC,
            0x0B24_2D36_1FDA_71BC
        ),
    ])
    func matchesReferenceXXH64(input: [UInt8], seeded: UInt64, unseeded: UInt64) {
        input.withUnsafeBytes { bytes in
            #expect(StableHash.hash(bytes) == seeded)
            #expect(StableHash.hash(bytes, seed: 0) == unseeded)
        }
    }

    @Test func unalignedInputHashesLikeAligned() {
        let padded: [UInt8] = [0xFF] + Array("The quick brown fox jumps over the lazy dog".utf8)
        padded.withUnsafeBytes { bytes in
            let shifted = UnsafeRawBufferPointer(rebasing: bytes[1...])
            #expect(StableHash.hash(shifted) == 0x7A95_BB15_802E_1CDC)
        }
    }
}
