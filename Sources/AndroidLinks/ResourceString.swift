/// A manifest attribute value read as Android reads a resource string (A9): `\\` is one
/// backslash, `\n`, `\t`, `\uXXXX` are what they say, and any other `\x` is `x`. That is why a
/// pattern's literal `*` is written `\\*` (A5.2). Values that only the build can resolve are
/// refused with the reason.
enum ResourceString {
    /// Why a value cannot be used as written.
    enum Problem: Error, Equatable {
        case reference(String)
        case placeholder(String)
    }

    static func decode(_ raw: String) -> Result<String, Problem> {
        if let first = raw.unicodeScalars.first, first == "@" || first == "?" {
            return .failure(.reference(raw))
        }
        if raw.contains("${") { return .failure(.placeholder(raw)) }
        guard raw.contains("\\") else { return .success(raw) }
        var out = String.UnicodeScalarView()
        let scalars = Array(raw.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\", index < scalars.count else {
                out.append(scalar)
                continue
            }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "u":
                if let decoded = hexScalar(scalars, at: index) {
                    out.append(decoded)
                    index += 4
                } else {
                    out.append("u")
                }
            default: out.append(escaped)
            }
        }
        return .success(String(out))
    }

    /// The scalar of four hex digits at `start`, when they are there and name one.
    private static func hexScalar(_ scalars: [Unicode.Scalar], at start: Int) -> Unicode.Scalar? {
        guard start + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[start..<start + 4] {
            guard let digit = hexValue(scalar) else { return nil }
            value = value << 4 | digit
        }
        return Unicode.Scalar(value)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 97 + 10
        case "A"..."F": scalar.value - 65 + 10
        default: nil
        }
    }
}
