/// Byte-level ASCII shared by the matcher, the log scanners, the scan and the summaries:
/// named bytes, character classes and case.
///
/// Everything is `@inlinable` and computed, so a call from another module compiles to the
/// same few instructions as code written in place: these run for every byte of every line.
/// `public` rather than `package` for that reason alone: the Swift 6.3 compiler does not
/// inline `@inlinable package` declarations across modules. The target is no product, so
/// none of this is API of the libraries.
public enum ASCII {
    @inlinable public static var tab: UInt8 { 0x09 }
    @inlinable public static var newline: UInt8 { 0x0A }
    @inlinable public static var carriageReturn: UInt8 { 0x0D }
    @inlinable public static var space: UInt8 { 0x20 }
    @inlinable public static var quote: UInt8 { 0x22 }
    @inlinable public static var hash: UInt8 { 0x23 }
    @inlinable public static var plus: UInt8 { 0x2B }
    @inlinable public static var minus: UInt8 { 0x2D }
    @inlinable public static var dot: UInt8 { 0x2E }
    @inlinable public static var slash: UInt8 { 0x2F }
    @inlinable public static var zero: UInt8 { 0x30 }
    @inlinable public static var colon: UInt8 { 0x3A }
    @inlinable public static var question: UInt8 { 0x3F }
    @inlinable public static var at: UInt8 { 0x40 }
    @inlinable public static var leftBracket: UInt8 { 0x5B }
    @inlinable public static var backslash: UInt8 { 0x5C }
    @inlinable public static var rightBracket: UInt8 { 0x5D }
    @inlinable public static var leftBrace: UInt8 { 0x7B }
    @inlinable public static var rightBrace: UInt8 { 0x7D }

    /// `0`-`9`. The subtraction wraps, so one unsigned comparison tests both ends.
    @inlinable @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// `A`-`Z`.
    @inlinable @inline(__always)
    public static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    /// `a`-`z`.
    @inlinable @inline(__always)
    public static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }

    /// `A`-`Z` or `a`-`z`: setting bit 5 maps upper to lower case and no other byte onto a
    /// lower-case letter.
    @inlinable @inline(__always)
    public static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// A letter or a digit.
    @inlinable @inline(__always)
    public static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    /// `0`-`9`, `A`-`F` or `a`-`f`.
    @inlinable @inline(__always)
    public static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    /// Space or tab.
    @inlinable @inline(__always)
    public static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// An upper-case ASCII letter in lower case; any other byte (UTF-8 ones included) as it is.
    @inlinable @inline(__always)
    public static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    /// A lower-case ASCII letter in upper case; any other byte as it is.
    @inlinable @inline(__always)
    public static func uppercased(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte & 0xDF : byte }

    /// The value of a hexadecimal digit of either case, or nil.
    @inlinable @inline(__always)
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        if isDigit(byte) { return byte &- 0x30 }
        let lower = byte | 0x20
        return lower &- 0x61 < 6 ? lower &- 0x61 &+ 10 : nil
    }

    /// The upper-case hexadecimal digit of `value` (0-15), as percent-encoding writes it.
    @inlinable @inline(__always)
    public static func upperHexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x37 &+ value
    }
}
