import LogParsing
import Testing

@Suite struct HeaderStateTests {
    /// The engine's hand-off: parser state before each chunk comes from absorbing the earlier
    /// chunks, so a chunk parsed alone gives the same results as one serial pass.
    @Test func chunkedParsingMatchesSerialParsing() {
        let text = """
            #Fields: date cs-method cs-uri-stem sc-status
            d GET /one 200
            d GET /two 200
            #Fields: date sc-status cs-uri-stem cs-method
            d 404 /three POST
            d 500 /four PUT

            """
        let bytes = Array(text.utf8)
        let split =
            bytes.firstIndex(of: UInt8(ascii: "4")).map { bytes[..<$0].lastIndex(of: 10) ?? 0 } ?? 0
        let first = Array(bytes[...split])
        let second = Array(bytes[(split + 1)...])
        var reader = LineParser(format: .w3c)
        let beforeFirst = reader
        first.withUnsafeBufferPointer { reader.absorbHeaders(in: $0) }
        let beforeSecond = reader
        let serial = targets(bytes, beforeFirst)
        let chunked = targets(first, beforeFirst) + targets(second, beforeSecond)
        #expect(serial == ["GET /one 200", "GET /two 200", "POST /three 404", "PUT /four 500"])
        #expect(chunked == serial)
        second.withUnsafeBufferPointer { reader.absorbHeaders(in: $0) }
        #expect(reader.columns.status == 1)
    }

    func targets(_ bytes: [UInt8], _ start: LineParser) -> [String] {
        var parser = start
        var out: [String] = []
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
        defer { scratch.deallocate() }
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            for i in 0..<buffer.count where buffer[i] == 10 {
                let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<i])
                if case .ok(let r) = parser.parse(line, scratch: scratch) {
                    let m = String(decoding: line[r.method], as: UTF8.self)
                    let t = String(decoding: line[r.target], as: UTF8.self)
                    out.append("\(m) \(t) \(r.status)")
                }
                lineStart = i + 1
            }
        }
        return out
    }
}
