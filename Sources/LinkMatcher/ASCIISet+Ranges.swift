import ASCIIBytes

/// The classes of the predefined variables.
extension ASCIISet {
    init(ranges: [(Character, Character)]) {
        self.init()
        for (first, last) in ranges {
            guard let a = first.asciiValue, let b = last.asciiValue else { continue }
            for byte in a...b { insert(UInt32(byte)) }
        }
    }

    /// The set as a case-insensitive rule sees it: every member lower-cased.
    var folded: ASCIISet {
        var result = ASCIISet()
        for scalar in UInt32(0)..<128 where contains(scalar) {
            result.insert(CaseFolding.fold(scalar))
        }
        return result
    }
}
