import ASCIIBytes

/// Simple one-to-one lower-casing, the folding of `caseSensitive: false` (SEMANTICS.md S8, S11 Q2).
public enum CaseFolding {
    /// The lower-case form of a scalar value, or the value itself when lower-casing would not
    /// give exactly one scalar (such as U+0130, whose full lower case is two scalars).
    @inline(__always)
    public static func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return UInt32(ASCII.lowercased(UInt8(truncatingIfNeeded: scalar)))
        }
        return foldNonASCII(scalar)
    }

    /// An ASCII letter in lower case; any other byte as it is.
    @inline(__always)
    public static func foldASCII(_ byte: UInt8) -> UInt8 {
        ASCII.lowercased(byte)
    }

    @inline(never)
    static func foldNonASCII(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else {
            return value
        }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        guard mapping.count == 1, let lower = mapping.first else { return value }
        return lower.value
    }
}
