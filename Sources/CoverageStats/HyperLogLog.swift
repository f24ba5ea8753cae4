/// A HyperLogLog sketch of distinct keys, fed with 64-bit `StableHash` values.
///
/// Precision 14 (16,384 one-byte registers, 16 KiB): standard error about 0.81 %. Two sketches
/// merge by taking the maximum of each register, so the merge is associative, commutative and
/// idempotent, and the estimate does not depend on how keys were split among workers.
public struct HyperLogLog: Sendable, Equatable {
    /// Bits of the hash that choose a register.
    public static let precision = 14
    /// Number of registers (2^precision).
    public static let registerCount = 1 << precision
    /// Hash bits left after the register index; a register holds at most `hashBits + 1`.
    private static let hashBits = 64 - precision

    private var registers: [UInt8]

    /// An empty sketch.
    public init() {
        registers = Array(repeating: 0, count: Self.registerCount)
    }

    /// Adds a key given by its 64-bit hash.
    @inline(__always)
    public mutating func insert(hash: UInt64) {
        let index = Int(truncatingIfNeeded: hash >> UInt64(Self.hashBits))
        // Position of the first one bit among the low `hashBits` bits, 1-based, capped at
        // hashBits + 1 when they are all zero (the convention Ertl's estimator expects).
        let rest = hash << UInt64(Self.precision)
        let rank = UInt8(truncatingIfNeeded: min(rest.leadingZeroBitCount, Self.hashBits) + 1)
        if rank > registers[index] {
            registers[index] = rank
        }
    }

    /// Adds a key given by its bytes.
    public mutating func insert(_ bytes: UnsafeRawBufferPointer) {
        insert(hash: StableHash.hash(bytes))
    }

    /// Merges `other` into this sketch (register-wise maximum).
    public mutating func formUnion(_ other: HyperLogLog) {
        for index in 0..<Self.registerCount where other.registers[index] > registers[index] {
            registers[index] = other.registers[index]
        }
    }

    /// The estimated number of distinct keys inserted.
    ///
    /// Uses Ertl's improved raw estimator ("New cardinality estimation algorithms for HyperLogLog
    /// sketches", 2017, algorithm 6). It needs no empirical bias tables: it behaves like linear
    /// counting while many registers are empty and like the bias-corrected raw HyperLogLog
    /// estimate beyond, without the jump between the two regimes.
    public func estimate() -> Double {
        let q = Self.hashBits
        var histogram = [Int](repeating: 0, count: q + 2)
        for value in registers {
            histogram[Int(value)] += 1
        }
        let m = Double(Self.registerCount)
        var z = m * Self.tau(1 - Double(histogram[q + 1]) / m)
        for k in stride(from: q, through: 1, by: -1) {
            z = 0.5 * (z + Double(histogram[k]))
        }
        z += m * Self.sigma(Double(histogram[0]) / m)
        // alpha_infinity = 1 / (2 ln 2)
        let alphaInfinity = 0.721_347_520_444_481_7
        return alphaInfinity * m * m / z
    }

    private static func sigma(_ value: Double) -> Double {
        guard value < 1 else { return .infinity }
        var x = value
        var y = 1.0
        var z = value
        while true {
            x *= x
            let previous = z
            z += x * y
            y += y
            if z == previous { return z }
        }
    }

    private static func tau(_ value: Double) -> Double {
        guard value > 0, value < 1 else { return 0 }
        var x = value
        var y = 1.0
        var z = 1 - value
        while true {
            x = x.squareRoot()
            let previous = z
            y *= 0.5
            z -= (1 - x) * (1 - x) * y
            if z == previous { return z / 3 }
        }
    }
}

extension HyperLogLog: CustomStringConvertible {
    /// A one-line summary with the estimate.
    public var description: String { "HyperLogLog(estimate: \(estimate()))" }
}

extension HyperLogLog {
    /// The registers, for saving a sketch.
    var registerBytes: [UInt8] { registers }

    /// A sketch with these registers (a saved one); nil when the count is wrong.
    /// Registers read back from a saved state; nil unless every one is a value a sketch can
    /// hold (a damaged state must be refused, not trap in `estimate`).
    init?(registerBytes: [UInt8]) {
        guard registerBytes.count == Self.registerCount,
            registerBytes.allSatisfy({ Int($0) <= Self.hashBits + 1 })
        else { return nil }
        registers = registerBytes
    }
}
