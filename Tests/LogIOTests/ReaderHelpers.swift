import LogIO

/// In-memory source that hands out at most `maxRead` bytes per call and can fail at an offset.
final class MemorySource: ByteSource {
    let bytes: [UInt8]
    let maxRead: Int
    let failAt: Int?
    var position = 0
    var knownSize: Int? { bytes.count }

    init(_ bytes: [UInt8], maxRead: Int = .max, failAt: Int? = nil) {
        self.bytes = bytes
        self.maxRead = maxRead
        self.failAt = failAt
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        if let failAt, position >= failAt {
            throw LogIOError(code: .readFailed, path: "memory", detail: "injected failure")
        }
        var n = min(buffer.count, maxRead, bytes.count - position)
        if let failAt { n = min(n, failAt - position) }
        for i in 0..<n { buffer[i] = bytes[position + i] }
        position += n
        return n
    }
}

/// What a reader delivered before it stopped.
struct Collected {
    var lines: [String] = []
    var chunks: [(firstLine: Int, lineCount: Int, offset: Int, bytes: [UInt8])] = []
    var overlong = 0
    var error: LogIOError?
}

func collect(_ reader: ChunkReader) -> Collected {
    var result = Collected()
    let chunk = reader.makeChunk()
    do {
        while try reader.next(into: chunk) {
            result.overlong += chunk.overlongLinesSkipped
            result.chunks.append(
                (chunk.firstLineNumber, chunk.lineCount, chunk.byteOffset, Array(chunk.bytes)))
            for line in chunk.lines {
                result.lines.append(String(decoding: line, as: UTF8.self))
            }
        }
    } catch {
        result.error = error
    }
    return result
}

func collect(bytes: [UInt8], maxRead: Int = .max, chunkSize: Int = 4096) throws -> Collected {
    let reader = try ChunkReader(
        source: MemorySource(bytes, maxRead: maxRead), path: "memory", chunkSize: chunkSize)
    return collect(reader)
}

/// Deterministic sample log: lines of varied length, some with a query string.
func sampleLines(_ count: Int, seed: Int = 1) -> [String] {
    (0..<count).map { i in
        let n = (i * 7919 + seed) % 97
        return "line \(i) /path/\(n)" + String(repeating: "x", count: n)
            + (i % 3 == 0 ? "?q=\(i)" : "")
    }
}

func joined(_ lines: [String]) -> [UInt8] {
    Array((lines.joined(separator: "\n") + "\n").utf8)
}

/// The bytes of a file, read through LogIO's own file source.
func bytesOfFile(_ path: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let reader = try FileByteSource(path: path)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if n == 0 { break }
        bytes += buffer.prefix(n)
    }
    return bytes
}
