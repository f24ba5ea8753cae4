import ASCIIBytes

extension ASCIISet {
    /// The set of `units`; nil when one is missing or outside ASCII.
    init?(units: [UInt16?]) {
        self.init()
        for unit in units {
            guard let unit, unit < 128 else { return nil }
            insert(UInt32(unit))
        }
    }
}
