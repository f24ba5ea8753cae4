import Benchmark
import Foundation
import LogIO
import LogParsing

/// The scan's first stages alone, without matching: reading (decompression and line
/// splitting), then reading and parsing every line as a combined log. On the pipeline's
/// generated log and its compressed copies, and on a large log of your own named by
/// `AASA_SCAN_BENCH_FILE`. `MB/s` counts megabytes of decoded log per second of wall clock.
func readParseBenchmarks(_ fixture: PipelineFixture) {
    var inputs = [("plain", fixture.plain), ("gzip", fixture.gzip), ("zstd", fixture.zstd)]
    if let file = ProcessInfo.processInfo.environment["AASA_SCAN_BENCH_FILE"] {
        inputs.append(("AASA_SCAN_BENCH_FILE", file))
    }
    for (name, path) in inputs {
        for parse in [false, true] {
            Benchmark(
                "Read\(parse ? " and parse" : "") \(name)",
                configuration: .init(scalingFactor: .one)
            ) { benchmark in
                let clock = ContinuousClock()
                let start = clock.now
                let counts = readLines(path, parse: parse)
                let elapsed = (clock.now - start) / .microseconds(1)
                precondition(counts.lines > 0, "no line read from \(path)")
                precondition(!parse || counts.requests > 0, "no request parsed in \(path)")
                blackHole(counts.targetBytes)
                benchmark.measurement(megabytesPerSecond, Int(Double(counts.decoded) / elapsed))
            }
        }
    }
}

/// What one pass over a file saw.
struct ReadCounts {
    var lines = 0
    var requests = 0
    var targetBytes = 0
    var decoded = 0
}

/// Reads every line of `path` and, when asked, parses it as a combined log.
func readLines(_ path: String, parse: Bool) -> ReadCounts {
    var counts = ReadCounts()
    guard let reader = try? ChunkReader.open(.file(path)) else {
        fatalError("cannot open \(path)")
    }
    let chunk = reader.makeChunk()
    var parser = LineParser(format: .combined)
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    defer { scratch.deallocate() }
    do {
        while try reader.next(into: chunk) {
            counts.decoded += chunk.count
            for line in chunk.lines {
                counts.lines += 1
                if parse, case .ok(let request) = parser.parse(line, scratch: scratch) {
                    counts.requests += 1
                    counts.targetBytes &+= request.target.count
                }
            }
        }
    } catch {
        fatalError("reading \(path) failed: \(error)")
    }
    return counts
}
