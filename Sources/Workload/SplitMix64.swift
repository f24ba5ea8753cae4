/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast generator whose output depends only on
/// its seed, so a workload is the same bytes on every run and every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 output function: a good 64-bit mixer on its own, used to derive
    /// per-item features (a slug, an IP address) from an index without any state.
    @inline(__always)
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0). The modulo bias is below 2^-40 for the bounds used
    /// here, and unlike `Int.random(in:using:)` the result is pinned by this code alone.
    @inline(__always)
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability `perMille / 1000`.
    @inline(__always)
    public mutating func chance(perMille: Int) -> Bool {
        below(1000) < perMille
    }

    /// A double in `[0, 1)` with 53 random bits.
    @inline(__always)
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
