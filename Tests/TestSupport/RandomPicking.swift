import Workload

/// Choices drawn from a seeded generator, for the generators of random test cases: the same
/// seed replays the same cases.
public protocol RandomPicking {
    var random: SplitMix64 { get set }
}

extension RandomPicking {
    /// One of `options`, uniformly.
    public mutating func pick<T>(_ options: [T]) -> T {
        options[Int(random.next() % UInt64(options.count))]
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
}
