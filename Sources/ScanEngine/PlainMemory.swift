extension UnsafeMutableBufferPointer where Element: BitwiseCopyable {
    /// `values` copied into plain memory that the caller deallocates: read at every tally,
    /// where an array access would retain and release its storage. Never empty, so an empty
    /// list still has an address.
    static func copying(_ values: [Element]) -> Self {
        let buffer = Self.allocate(capacity: Swift.max(values.count, 1))
        _ = buffer.initialize(from: values)
        return buffer
    }
}
