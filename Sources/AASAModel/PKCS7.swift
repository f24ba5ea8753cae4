/// Extracts the content of a CMS/PKCS#7 `SignedData` blob (DER or BER) without verifying it.
///
/// iOS 8 required signed AASA files; they are `ContentInfo { signedData, SignedData {
/// version, digestAlgorithms, encapContentInfo { data, [0] OCTET STRING } ... } }`
/// (RFC 5652 §5.1). Only that path is walked; certificates and signatures are skipped.
enum PKCS7 {
    /// OID 1.2.840.113549.1.7.2 (`signedData`), content bytes of the DER encoding.
    private static let signedDataOID: [UInt8] = [
        0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02,
    ]
    /// Enough for any real CMS structure; stops hostile input from recursing forever.
    static let maxDepth = 32

    /// The DER tags the walk meets (X.690 §8): universal types and the explicit `[0]`.
    enum Tag {
        static let sequence: UInt8 = 0x30
        static let objectIdentifier: UInt8 = 0x06
        static let octetString: UInt8 = 0x04
        /// An OCTET STRING cut into pieces (BER constructed form).
        static let constructedOctetString: UInt8 = 0x24
        /// `[0] EXPLICIT`: context-specific, constructed, number 0.
        static let explicitZero: UInt8 = 0xA0
    }

    /// True when the bytes look like a DER/BER SEQUENCE rather than JSON text.
    /// (`0x30` is also ASCII `0`, but a length byte >= 0x80 is never valid JSON after it.)
    static func looksSigned(_ bytes: [UInt8]) -> Bool {
        bytes.count > 2 && bytes[0] == Tag.sequence && bytes[1] >= 0x80
    }

    /// The embedded content (`eContent`), or nil when the structure is not SignedData.
    static func content(of bytes: [UInt8]) -> [UInt8]? {
        let reader = DERReader(bytes: bytes)
        guard let contentInfo = reader.element(in: 0..<bytes.count, at: 0),
            contentInfo.tag == Tag.sequence,
            let children = reader.children(of: contentInfo), children.count >= 2,
            children[0].tag == Tag.objectIdentifier,
            Array(bytes[children[0].content]) == signedDataOID,
            children[1].tag == Tag.explicitZero,
            let explicit = reader.children(of: children[1]), let signedData = explicit.first,
            signedData.tag == Tag.sequence,
            let fields = reader.children(of: signedData), fields.count >= 3,
            fields[2].tag == Tag.sequence,
            let encap = reader.children(of: fields[2]), encap.count >= 2,
            encap[1].tag == Tag.explicitZero,
            let wrapped = reader.children(of: encap[1]), let octets = wrapped.first
        else { return nil }
        return reader.octetString(octets, depth: 0)
    }

    /// Fallback for blobs the walk cannot read: the first balanced `{...}` outside strings.
    static func firstJSONObject(in bytes: [UInt8]) -> [UInt8]? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for i in start..<bytes.count {
            let byte = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return Array(bytes[start...i]) }
            default: break
            }
        }
        return nil
    }
}

/// One BER element: identifier byte, content range, and the index just past it.
struct DERElement {
    var tag: UInt8
    var content: Range<Int>
    var end: Int
    var isConstructed: Bool { tag & 0x20 != 0 }
}

/// A bounds-checked BER reader: every read returns nil instead of trapping.
struct DERReader {
    let bytes: [UInt8]

    /// Reads the element starting at `at`, which must lie within `bounds`.
    func element(in bounds: Range<Int>, at start: Int, depth: Int = 0) -> DERElement? {
        guard depth < PKCS7.maxDepth, start + 2 <= bounds.upperBound, start >= bounds.lowerBound
        else {
            return nil
        }
        let tag = bytes[start]
        // High tag numbers (low 5 bits all set) never occur on the path we walk.
        guard tag & 0x1F != 0x1F else { return nil }
        var cursor = start + 1
        let first = bytes[cursor]
        cursor += 1
        if first == 0x80 {
            // Indefinite length (BER): children up to an end-of-contents 00 00.
            guard tag & 0x20 != 0 else { return nil }
            var child = cursor
            while true {
                guard child + 2 <= bounds.upperBound else { return nil }
                if bytes[child] == 0, bytes[child + 1] == 0 {
                    return DERElement(tag: tag, content: cursor..<child, end: child + 2)
                }
                guard
                    let inner = element(in: child..<bounds.upperBound, at: child, depth: depth + 1)
                else { return nil }
                child = inner.end
            }
        }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, cursor + count <= bounds.upperBound else { return nil }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[cursor])
                cursor += 1
            }
        }
        guard length <= bounds.upperBound - cursor else { return nil }
        return DERElement(tag: tag, content: cursor..<cursor + length, end: cursor + length)
    }

    /// The direct children of a constructed element, in order.
    func children(of parent: DERElement) -> [DERElement]? {
        guard parent.isConstructed else { return nil }
        var result: [DERElement] = []
        var cursor = parent.content.lowerBound
        while cursor < parent.content.upperBound {
            guard let child = element(in: parent.content, at: cursor) else { return nil }
            result.append(child)
            cursor = child.end
        }
        return result
    }

    /// The bytes of an OCTET STRING, joining the segments of a constructed (BER) one.
    func octetString(_ element: DERElement, depth: Int) -> [UInt8]? {
        guard depth < PKCS7.maxDepth else { return nil }
        if element.tag == PKCS7.Tag.octetString { return Array(bytes[element.content]) }
        guard element.tag == PKCS7.Tag.constructedOctetString, let parts = children(of: element)
        else { return nil }
        var joined: [UInt8] = []
        for part in parts {
            guard let piece = octetString(part, depth: depth + 1) else { return nil }
            joined += piece
        }
        return joined
    }
}
