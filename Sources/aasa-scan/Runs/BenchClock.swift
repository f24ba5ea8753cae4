import CLISupport
import LibC
import Reports

/// The monotonic clock in nanoseconds, read directly: `ContinuousClock` adds its `Duration`
/// arithmetic to every reading, and `bench` reads the clock twice per decision.
enum BenchClock {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The least time between two readings, over many tries: what every latency includes.
    static func overhead() -> UInt64 {
        var least = UInt64.max
        for _ in 0..<10_000 {
            let start = nanoseconds()
            least = min(least, nanoseconds() &- start)
        }
        return least
    }
}
