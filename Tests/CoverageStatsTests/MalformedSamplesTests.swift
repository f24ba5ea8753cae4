import Testing

@testable import CoverageStats

struct MalformedSamplesTests {
    private static func offer(_ samples: inout MalformedSamples, _ input: Int, _ line: UInt64) {
        Array("bad \(input):\(line)".utf8).withUnsafeBytes {
            samples.offer(input: input, line: line, bytes: $0)
        }
    }

    @Test func keepsEarliestByInputThenLineWhateverTheOrder() {
        var generator = SeededGenerator(seed: 7)
        var positions: [(Int, UInt64)] = []
        for input in 0..<3 {
            for line in 1...20 { positions.append((input, UInt64(line))) }
        }
        positions.shuffle(using: &generator)
        var samples = MalformedSamples(limit: 5, byteLimit: 300)
        for (input, line) in positions { Self.offer(&samples, input, line) }
        let kept = samples.samples.map { "\($0.input):\($0.line)" }
        #expect(kept == ["0:1", "0:2", "0:3", "0:4", "0:5"])
        #expect(samples.samples.first?.bytes == Array("bad 0:1".utf8))
    }

    @Test func mergeKeepsEarliestOfBothRegardlessOfOperandOrder() {
        var a = MalformedSamples(limit: 4, byteLimit: 300)
        var b = MalformedSamples(limit: 4, byteLimit: 300)
        for line: UInt64 in [9, 3, 12, 40] { Self.offer(&a, 1, line) }
        for line: UInt64 in [5, 50] { Self.offer(&b, 1, line) }
        Self.offer(&b, 0, 100)
        let merged = a + b
        #expect(merged == b + a)
        #expect(merged.samples.map { "\($0.input):\($0.line)" } == ["0:100", "1:3", "1:5", "1:9"])
    }

    @Test func longLinesAreCutAndMarked() {
        var samples = MalformedSamples(limit: 2, byteLimit: 8)
        Array("0123456789".utf8).withUnsafeBytes { samples.offer(input: 0, line: 1, bytes: $0) }
        Array("short".utf8).withUnsafeBytes { samples.offer(input: 0, line: 2, bytes: $0) }
        #expect(samples.samples.map(\.bytes) == [Array("01234567".utf8), Array("short".utf8)])
        #expect(samples.samples.map(\.isTruncated) == [true, false])
    }
}
