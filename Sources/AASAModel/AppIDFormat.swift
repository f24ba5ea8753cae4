import ASCIIBytes

/// The shape of an app ID: `<Team ID>.<bundle ID>` (SEMANTICS.md S2.2).
enum AppIDFormat {
    /// True for 10 upper-case ASCII letters or digits, a dot, then a bundle ID of letters,
    /// digits, `-` and `.` that neither starts nor ends with a dot.
    static func isWellFormed(_ appID: String) -> Bool {
        let bytes = Array(appID.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
        let team = bytes[0..<10].allSatisfy { ASCII.isUpper($0) || ASCII.isDigit($0) }
        let bundle = bytes[11...]
        let bundleOK = bundle.allSatisfy { byte in
            ASCII.isAlphanumeric(byte) || byte == ASCII.minus || byte == ASCII.dot
        }
        return team && bundleOK && bundle.first != UInt8(ascii: ".")
            && bundle.last != UInt8(ascii: ".")
    }
}
