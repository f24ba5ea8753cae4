import LibC
import LogIO
import LogParsing
import Testing

/// Reader + line iteration + parsing over a large file named by `AASA_SCAN_BENCH_FILE`.
///
/// Opt-in because it needs a big input: run with
/// `AASA_SCAN_BENCH_FILE=big.log.zst swift test -c release --filter ThroughputBenchmark`.
let benchFile: String? = getenv("AASA_SCAN_BENCH_FILE").map { String(cString: $0) }

@Suite(.enabled(if: benchFile != nil, "set AASA_SCAN_BENCH_FILE to a large combined log"))
struct ThroughputBenchmark {
    @Test func readIterateAndParseCombined() throws {
        let path = try #require(benchFile)
        for pass in ["read+lines", "read+lines+parse"] {
            let reader = try ChunkReader.open(.file(path))
            let chunk = reader.makeChunk()
            var parser = LineParser(format: .combined)
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
            defer { scratch.deallocate() }
            var lines = 0
            var requests = 0
            var targetBytes = 0
            var decoded = 0
            let parse = pass.hasSuffix("parse")
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                while try reader.next(into: chunk) {
                    decoded += chunk.count
                    for line in chunk.lines {
                        lines += 1
                        if parse, case .ok(let request) = parser.parse(line, scratch: scratch) {
                            requests += 1
                            targetBytes &+= request.target.count
                        }
                    }
                }
            }
            let seconds =
                Double(elapsed.components.seconds)
                + Double(elapsed.components.attoseconds) / 1e18
            let megabytes = Double(decoded) / 1_000_000
            print(
                "BENCH \(pass) \(reader.compression) \(lines) lines, \(Int(megabytes)) MB in "
                    + "\(seconds) s = \(Int(megabytes / seconds)) MB/s, requests \(requests)")
            #expect(lines > 0)
            if parse { #expect(requests == lines) }
        }
    }
}
