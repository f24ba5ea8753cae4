/// Draws ranks `0..<count` with probability proportional to `1 / (rank + 1)^1.125`, a Zipf-like
/// popularity typical of web traffic.
///
/// The exponent is 1 + 1/8 because `x^(1/8)` is three square roots, and IEEE 754 rounds square
/// roots exactly: the table, hence every drawn rank, is identical on every machine, which
/// `pow` from the platform's libm does not promise.
public struct ZipfTable: Sendable {
    /// Cumulative weights; `cumulative[i]` is the total weight of ranks `0...i`.
    private let cumulative: [Double]

    /// The number of ranks.
    public var count: Int { cumulative.count }

    /// A table over `count` ranks (count > 0).
    public init(count: Int) {
        var cumulative: [Double] = []
        cumulative.reserveCapacity(count)
        var total = 0.0
        for rank in 1...max(count, 1) {
            let k = Double(rank)
            total += 1 / (k * k.squareRoot().squareRoot().squareRoot())
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    /// One rank, drawn with `generator`.
    @inline(__always)
    public func draw(_ generator: inout SplitMix64) -> Int {
        let target = generator.unit() * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) >> 1
            if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
