import LogIO
import LogParsing
import TestSupport
import Testing

/// The real logs of the shared data (`../shared/data/logs-real`).
let realLogs = SharedData.path("logs-real")

/// The whole decoded content of a file, through LogIO (so `.zst` and `.gz` work).
func decodedBytes(_ path: String) throws -> [UInt8] {
    let reader = try ChunkReader.open(.file(path), chunkSize: 1 << 20)
    let chunk = reader.makeChunk()
    var bytes: [UInt8] = []
    while try reader.next(into: chunk) { bytes += chunk.bytes }
    return bytes
}

/// Counts of parsing every line of `bytes` with `parser`.
struct Tally: Equatable, CustomStringConvertible {
    var requests = 0
    var skipped = 0
    var malformed = 0
    var description: String { "requests \(requests), skipped \(skipped), malformed \(malformed)" }
}

func tally(_ bytes: [UInt8], _ parser: LineParser) -> Tally {
    var parser = parser
    var result = Tally()
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    defer { scratch.deallocate() }
    bytes.withUnsafeBufferPointer { buffer in
        for line in LineSequence(buffer) {
            switch parser.parse(line, scratch: scratch) {
            case .ok: result.requests += 1
            case .skip: result.skipped += 1
            case .malformed: result.malformed += 1
            }
        }
    }
    return result
}

func detect(_ bytes: [UInt8]) -> FormatDetector.Detection {
    bytes.withUnsafeBufferPointer { FormatDetector.detect($0) }
}

/// Fields of a parsed line as strings, for table rows.
struct Fields: Equatable, CustomStringConvertible {
    var method = ""
    var target = ""
    var host = ""
    var port = ""
    var status = 0
    var weight = 1
    var description: String {
        "method=\(method) target=\(target) host=\(host) port=\(port) status=\(status) w=\(weight)"
    }
}

enum Outcome: Equatable, CustomStringConvertible {
    case ok(Fields)
    case skip(SkipReason)
    case malformed(MalformedReason)
    var description: String {
        switch self {
        case .ok(let f): return "ok(\(f))"
        case .skip(let r): return "skip(\(r))"
        case .malformed(let r): return "malformed(\(r))"
        }
    }
}

/// Parses `lines` in order with one parser (so headers apply) and returns the last outcome.
func parseLast(_ format: LogFormat, _ lines: [String]) -> Outcome {
    parseLast(parser: LineParser(format: format), lines)
}

/// `parseLast` with a parser made by the caller (a custom layout, say).
func parseLast(parser start: LineParser, _ lines: [String]) -> Outcome {
    var parser = start
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
    defer { scratch.deallocate() }
    var outcome = Outcome.skip(.blank)
    for text in lines {
        let bytes = Array(text.utf8)
        outcome = bytes.withUnsafeBufferPointer { line -> Outcome in
            switch parser.parse(line, scratch: scratch) {
            case .skip(let reason): return .skip(reason)
            case .malformed(let reason): return .malformed(reason)
            case .ok(let request):
                func text(_ range: Range<Int>, _ field: ScratchFields) -> String {
                    if request.inScratch.contains(field) {
                        return String(decoding: scratch[range], as: UTF8.self)
                    }
                    return String(decoding: line[range], as: UTF8.self)
                }
                return .ok(
                    Fields(
                        method: text(request.method, .method),
                        target: text(request.target, .target),
                        host: text(request.host, .host), port: text(request.port, .host),
                        status: request.status, weight: request.weight))
            }
        }
    }
    return outcome
}
