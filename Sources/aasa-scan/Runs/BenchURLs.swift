import CLISupport
import LogIO
import LogParsing
import Reports
import Workload

/// The URLs `bench` measures, as bytes in one buffer (no allocation per URL): the request
/// targets of the inputs, read as `scan` reads them (any compression, format detected), or
/// targets of the generated traffic when no input is given.
struct BenchURLs {
    private(set) var bytes: [UInt8] = []
    /// `bytes[ends[i - 1]..<ends[i]]` is URL `i` (with `ends[-1]` taken as 0).
    private(set) var ends: [Int] = []

    var count: Int { ends.count }

    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    func text(_ index: Int) -> String {
        String(decoding: bytes[range(index)], as: UTF8.self)
    }

    mutating func append(_ url: some Collection<UInt8>) {
        bytes.append(contentsOf: url)
        ends.append(bytes.count)
    }

    /// `count` request targets of the generated traffic of `seed` (the skew of real traffic:
    /// a few pages take most requests).
    static func generated(count: Int, seed: UInt64) -> BenchURLs {
        var generator = AccessLogGenerator(seed: seed)
        var urls = BenchURLs()
        for target in generator.requestTargets(count) { urls.append(target) }
        return urls
    }

    /// What went wrong reading an input.
    struct ReadFailure: Error {
        var message: String
    }

    /// The request targets of every input, in order, up to `limit`.
    static func read(_ arguments: [String], limit: Int) throws(ReadFailure) -> BenchURLs {
        var urls = BenchURLs()
        for resolved in InputResolver.resolve(arguments) where urls.count < limit {
            let source: InputSource
            switch resolved {
            case .success(let found): source = found
            case .failure(let error): throw ReadFailure(message: error.description)
            }
            let reader: ChunkReader
            do throws(LogIOError) {
                reader = try ChunkReader.open(source)
            } catch {
                throw ReadFailure(message: error.description)
            }
            try urls.appendTargets(of: reader, limit: limit)
        }
        return urls
    }

    private mutating func appendTargets(of reader: ChunkReader, limit: Int) throws(ReadFailure) {
        let chunk = reader.makeChunk()
        var parser: LineParser?
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: reader.chunkSize)
        defer { scratch.deallocate() }
        while count < limit, try Self.next(reader, chunk) {
            if parser == nil {
                guard let detected = FormatDetector.detect(chunk.bytes).makeParser() else {
                    throw ReadFailure(
                        message: "\(reader.path): no known log format fits its first lines")
                }
                parser = detected
            }
            for line in chunk.lines where count < limit {
                guard case .ok(let request) = parser?.parse(line, scratch: scratch) else {
                    continue
                }
                let source =
                    request.inScratch.contains(.target)
                    ? UnsafeBufferPointer(scratch) : line
                if !request.target.isEmpty { append(source[request.target]) }
            }
        }
    }

    private static func next(_ reader: ChunkReader, _ chunk: Chunk) throws(ReadFailure) -> Bool {
        do throws(LogIOError) {
            return try reader.next(into: chunk)
        } catch {
            throw ReadFailure(message: error.description)
        }
    }
}
