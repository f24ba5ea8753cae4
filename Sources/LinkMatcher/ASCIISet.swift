/// A set of ASCII characters as two 64-bit masks; the classes of the predefined variables.
package struct ASCIISet: Sendable, Equatable, Hashable, BitwiseCopyable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init(ranges: [(Character, Character)]) {
        for (first, last) in ranges {
            guard let a = first.asciiValue, let b = last.asciiValue else { continue }
            for byte in a...b { insert(UInt32(byte)) }
        }
    }

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    mutating func insert(_ scalar: UInt32) {
        if scalar < 64 {
            low |= 1 << UInt64(scalar)
        } else if scalar < 128 {
            high |= 1 << UInt64(scalar - 64)
        }
    }

    @inline(__always)
    package func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return high & (1 << UInt64(scalar - 64)) != 0 }
        return false
    }

    /// The set as a case-insensitive rule sees it: every member lower-cased.
    var folded: ASCIISet {
        var result = ASCIISet(low: 0, high: 0)
        for scalar in UInt32(0)..<128 where contains(scalar) {
            result.insert(CaseFolding.fold(scalar))
        }
        return result
    }
}
