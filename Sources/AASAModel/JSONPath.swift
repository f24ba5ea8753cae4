import ASCIIBytes

/// JSON paths as used in diagnostics: `applinks.details[2].components[0]["?"]`.
enum JSONPath {
    /// Path shown for the document as a whole.
    static let root = "(top level)"

    /// Appends an object key: `.key` for identifiers, `["key"]` otherwise.
    static func key(_ base: String, _ key: String) -> String {
        let bytes = Array(key.utf8)
        let isIdentifier =
            !bytes.isEmpty
            && bytes.allSatisfy { ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
            && !ASCII.isDigit(bytes[0])
        if isIdentifier { return base.isEmpty || base == root ? key : "\(base).\(key)" }
        return quotedKey(base, key)
    }

    /// Appends an object key always in bracket form: `["key"]`. Used for app IDs serving as
    /// keys (legacy `details` dictionary), so references look alike whatever the ID is.
    static func quotedKey(_ base: String, _ key: String) -> String {
        let escaped = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        let prefix = base == root ? "" : base
        return "\(prefix)[\"\(escaped)\"]"
    }

    /// Appends an array index: `[3]`.
    static func index(_ base: String, _ index: Int) -> String { "\(base)[\(index)]" }
}
