import CLISupport

/// The figures of one way of deciding: latency per URL and throughput on 1 and N threads.
package struct BenchFigures {
    package var p50: UInt64 = 0
    package var p99: UInt64 = 0
    package var max: UInt64 = 0
    /// Decisions per second on one thread.
    package var perSecond: Double = 0
    /// Decisions per second over every thread, each deciding every URL.
    package var perSecondThreads: Double = 0

    package init() {}

    /// p50, p99 and max of the timed decisions (sorted in place).
    package mutating func setLatencies(_ latencies: inout [UInt64]) {
        guard !latencies.isEmpty else { return }
        latencies.sort()
        p50 = latencies[Self.rank(0.50, latencies.count)]
        p99 = latencies[Self.rank(0.99, latencies.count)]
        max = latencies[latencies.count - 1]
    }

    /// The nearest-rank percentile's index: the smallest value with at least that fraction
    /// of the values at or below it.
    package static func rank(_ fraction: Double, _ count: Int) -> Int {
        Swift.max(0, Swift.min(count - 1, Int((fraction * Double(count)).rounded(.up)) - 1))
    }
}
