/// The shape of an app ID: `<Team ID>.<bundle ID>` (SEMANTICS.md S2.2).
enum AppIDFormat {
    /// True for 10 upper-case ASCII letters or digits, a dot, then a bundle ID of letters,
    /// digits, `-` and `.` that neither starts nor ends with a dot.
    static func isWellFormed(_ appID: String) -> Bool {
        let bytes = Array(appID.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
        let team = bytes[0..<10].allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let bundle = bytes[11...]
        let bundleOK = bundle.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        return team && bundleOK && bundle.first != UInt8(ascii: ".")
            && bundle.last != UInt8(ascii: ".")
    }
}
