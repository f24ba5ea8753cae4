import Foundation

@testable import CoverageStats

/// SplitMix64: a tiny seeded generator so every randomised test replays identically.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Draws ranks 0..<n with probability proportional to 1 / (rank + 1)^exponent.
struct ZipfSampler {
    private var cumulative: [Double] = []

    init(n: Int, exponent: Double) {
        var sum = 0.0
        cumulative.reserveCapacity(n)
        for rank in 1...n {
            sum += 1 / pow(Double(rank), exponent)
            cumulative.append(sum)
        }
        for index in cumulative.indices { cumulative[index] /= sum }
    }

    func sample(_ generator: inout SeededGenerator) -> Int {
        let u = Double.random(in: 0..<1, using: &generator)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] < u { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// Path-like key of a rank.
func pathKey(_ rank: Int) -> [UInt8] {
    Array("/p/\(rank)/item".utf8)
}

extension SpaceSaving {
    mutating func add(_ key: [UInt8], weight: UInt64 = 1, lane: Int? = nil) {
        key.withUnsafeBytes { add($0, weight: weight, lane: lane) }
    }
}

extension CoverageSummary {
    mutating func record(
        _ outcome: CoverageOutcome, host: String, path: [UInt8], weight: UInt64 = 1
    ) {
        let hostBytes = Array(host.utf8)
        hostBytes.withUnsafeBytes { h in
            path.withUnsafeBytes { p in record(outcome, host: h, path: p, weight: weight) }
        }
    }

    mutating func recordMalformed(input: Int, line: UInt64, text: String) {
        Array(text.utf8).withUnsafeBytes { recordMalformed(input: input, line: line, bytes: $0) }
    }
}
