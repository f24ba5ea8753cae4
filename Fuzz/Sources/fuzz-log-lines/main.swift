// Every log-format scanner and the format detector. The first byte picks the format (or a
// custom layout, given by the first line); each further line is parsed, and every field range
// a scanner returns must lie inside the bytes it points into.
import FuzzSupport
import LogParsing

let formats = LogFormat.allCases.filter { $0 != .custom }

FuzzDriver.run { bytes in
    guard let selector = bytes.first else { return }
    var body = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self).dropFirst())
    _ = FormatDetector.detect(body)
    var parser: LineParser
    if Int(selector) % (formats.count + 1) == formats.count {
        let end = body.firstIndex(of: 0x0A) ?? body.endIndex
        guard let layout = try? CustomLayout(String(decoding: body[..<end], as: UTF8.self))
        else { return }
        parser = LineParser(layout: layout)
        body = UnsafeBufferPointer(rebasing: body[min(end + 1, body.endIndex)...])
    } else {
        parser = LineParser(format: formats[Int(selector) % (formats.count + 1)])
    }
    var start = body.startIndex
    while start < body.endIndex {
        let end = body[start...].firstIndex(of: 0x0A) ?? body.endIndex
        // A copy of its own, so that the address sanitizer sees any read past the line.
        let line = Array(body[start..<end])
        line.withUnsafeBufferPointer { line in
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(
                capacity: max(line.count, 4096))
            defer { scratch.deallocate() }
            if case .ok(let request) = parser.parse(line, scratch: scratch) {
                check(request, line: line, scratchCount: scratch.count)
                if let agent = parser.userAgent(in: line, of: request) {
                    precondition(agent.upperBound <= line.count, "user agent out of the line")
                }
            }
        }
        start = end + 1
    }
}

func check(_ request: ParsedRequest, line: LineBytes, scratchCount: Int) {
    let fields: [(ScratchFields, Range<Int>)] = [
        (.method, request.method), (.target, request.target), (.host, request.host),
        (.host, request.port),
    ]
    for (kind, range) in fields {
        let limit = request.inScratch.contains(kind) ? scratchCount : line.count
        precondition(
            range.lowerBound >= 0 && range.upperBound <= limit, "field \(range) out of bounds")
    }
    precondition(request.userAgent.upperBound <= line.count, "user agent out of the line")
}
