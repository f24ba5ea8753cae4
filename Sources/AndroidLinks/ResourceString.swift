/// A manifest attribute value read as the build writes a plain string into the app (A9), by
/// aapt2's rules for attribute text, spaces kept: `\\` is one backslash, `\n` and `\t` are what
/// they say, `\u` takes up to four hex digits (fewer at the end of the text), any other `\x` is
/// `x`, and a `\` that ends the text is dropped. That is why a pattern's literal `*` is written
/// `\\*` (A5.2). Values that only the build can resolve, and `\u` escapes the build refuses, are
/// refused with the reason.
enum ResourceString {
    /// Why a value cannot be used as written.
    enum Problem: Error, Equatable {
        case reference(String)
        case placeholder(String)
        /// `\u` followed by a character that is not a hex digit, or naming a surrogate.
        case unicodeEscape(String)
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
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            guard index < scalars.count else { break }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "u":
                var value: UInt32 = 0
                let end = min(index + 4, scalars.count)
                while index < end {
                    guard let digit = hexValue(scalars[index]) else {
                        return .failure(.unicodeEscape(raw))
                    }
                    value = value << 4 | digit
                    index += 1
                }
                guard let decoded = Unicode.Scalar(value) else {
                    return .failure(.unicodeEscape(raw))
                }
                out.append(decoded)
            default: out.append(escaped)
            }
        }
        return .success(String(out))
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
