/// Appending text to a byte buffer without building a `String` per field: the log generator
/// writes millions of lines, and a report thousands of rule rows.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal.
    @inlinable @inline(__always)
    public mutating func append<Value: BinaryInteger>(decimal value: Value) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        var rest = value.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        self[start...].reverse()
    }
}
