/// A set of ASCII units, a bit each: what a walk tests a path's unit against in two shifts.
struct ASCIIUnitSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of `units`; nil when one is missing or outside ASCII.
    init?(_ units: [UInt16?]) {
        for unit in units {
            guard let unit, unit < 128 else { return nil }
            if unit < 64 { low |= 1 << unit } else { high |= 1 << (unit - 64) }
        }
    }

    @inline(__always)
    func contains(_ unit: UInt16) -> Bool {
        guard unit < 128 else { return false }
        return (unit < 64 ? low &>> unit : high &>> (unit &- 64)) & 1 != 0
    }
}
