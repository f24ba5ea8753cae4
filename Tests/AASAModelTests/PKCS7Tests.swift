import Testing

@testable import AASAModel

/// Signed wrappers built by hand: DER definite lengths and BER indefinite/constructed forms.
struct PKCS7Tests {
    static let signedDataOID: [UInt8] = [
        0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02,
    ]
    static let dataOID: [UInt8] = [
        0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01,
    ]
    static let json = Array(
        "{\"applinks\": {\"details\": [{\"appID\": \"ABCDE12345.a\", \"paths\": [\"/s/*\"]}]}}".utf8
    )

    /// DER TLV with a long-form length, the form real signers emit for bigger content.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        return [tag, 0x82, UInt8(n >> 8), UInt8(n & 0xFF)] + content
    }

    /// BER TLV with indefinite length.
    static func indefinite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag, 0x80] + content + [0x00, 0x00]
    }

    static func signed(eContent: [UInt8], wrap: (UInt8, [UInt8]) -> [UInt8]) -> [UInt8] {
        let encap = wrap(0x30, dataOID + wrap(0xA0, eContent))
        let signedData = wrap(0x30, [0x02, 0x01, 0x01] + [0x31, 0x00] + encap + wrap(0xA0, []))
        return wrap(0x30, signedDataOID + wrap(0xA0, signedData))
    }

    @Test func definiteLengthDER() throws {
        let blob = Self.signed(eContent: Self.tlv(0x04, Self.json), wrap: Self.tlv)
        #expect(PKCS7.content(of: blob) == Self.json)
        let document = try AASADocument.parse(blob)
        #expect(document.wasSigned)
        #expect(document.byteCount == blob.count)
        #expect(document.applinks?.details.first?.paths == ["/s/*"])
    }

    @Test func indefiniteLengthWithChunkedOctetString() {
        let chunks = Self.indefinite(
            0x24, Self.tlv(0x04, Array(Self.json[..<10])) + Self.tlv(0x04, Array(Self.json[10...])))
        let blob = Self.signed(eContent: chunks, wrap: Self.indefinite)
        #expect(PKCS7.content(of: blob) == Self.json)
    }

    @Test func brokenStructureFallsBackToTheFirstObject() throws {
        var blob = Self.signed(eContent: Self.tlv(0x04, Self.json), wrap: Self.tlv)
        blob[5] = 0x05  // corrupt the OID tag: the ASN.1 walk fails
        #expect(PKCS7.content(of: blob) == nil)
        let document = try AASADocument.parse(blob)
        #expect(document.wasSigned)
        #expect(document.applinks?.details.first?.appIDs == ["ABCDE12345.a"])
    }

    @Test func truncatedBlobsNeverTrap() {
        let blob = Self.signed(eContent: Self.tlv(0x04, Self.json), wrap: Self.tlv)
        for length in 0..<blob.count {
            _ = PKCS7.content(of: Array(blob[..<length]))
            _ = try? AASADocument.parse(Array(blob[..<length]))
        }
        #expect(throws: AASAParseError.self) {
            _ = try AASADocument.parse([0x30, 0x82, 0x00, 0x01, 0xFF])
        }
    }
}
