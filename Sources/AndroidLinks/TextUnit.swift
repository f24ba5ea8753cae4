import ASCIIBytes

/// The units a URL's decoded path, query and fragment are read in: UTF-16 code units, or, for a
/// target that is ASCII without an escape, its bytes, which are the same values (A2). Deciding
/// such a target on its bytes spares widening and copying it; patterns keep their UTF-16
/// units, and a text unit is widened to compare, so a pattern's non-ASCII unit equals no byte.
protocol TextUnit: FixedWidthInteger, UnsignedInteger, Sendable {}

extension UInt8: TextUnit {}
extension UInt16: TextUnit {}

extension TextUnit {
    /// The unit as UTF-16 (exact: both unit types fit).
    @inline(__always)
    var wide: UInt16 { UInt16(truncatingIfNeeded: self) }
}

extension UnsafeBufferPointer where Element: TextUnit {
    /// Where `unit` first is in `range`: bytes are searched by `memchr`, many at a time.
    @inline(__always)
    func firstIndex(of unit: UInt16, in range: Range<Int>) -> Int? {
        if Element.self == UInt8.self {
            guard unit < 0x100 else { return nil }
            return UnsafeRawBufferPointer(self).assumingMemoryBound(to: UInt8.self)
                .find(UInt8(unit), from: range.lowerBound, to: range.upperBound)
        }
        var index = range.lowerBound
        while index < range.upperBound {
            if self[index].wide == unit { return index }
            index += 1
        }
        return nil
    }

    /// Where `unit` first is at or after `start`.
    @inline(__always)
    func firstIndex(of unit: UInt16, from start: Int) -> Int? {
        start < count ? firstIndex(of: unit, in: start..<count) : nil
    }
}
