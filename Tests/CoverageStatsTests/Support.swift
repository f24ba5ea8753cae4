import Foundation
import Workload

@testable import CoverageStats

/// The project's seeded generator, so every randomised test replays identically.
typealias SeededGenerator = SplitMix64

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
