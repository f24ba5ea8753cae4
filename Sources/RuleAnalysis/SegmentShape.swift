import ASCIIBytes

/// What one segment of a request path looks like, for generalising paths into rules: a word
/// kept as written, a value that changes from request to request, or a locale.
public enum SegmentShape: Sendable, Equatable {
    /// A word such as `products`: written literally in a pattern.
    case literal
    /// A value that varies per request; written `*`.
    case variable(VariableKind)
    /// A two-letter language code such as `en` (`$(lang)`).
    case language
    /// A language code, `-` or `_`, then a region code: `en-US`, `pt_BR` (`$(lang)-$(region)`),
    /// or with a lower-case region, `en-gb` (`$(lang)-??`: `$(region)` is upper case).
    case locale(languageLength: Int, separator: UInt8, upperRegion: Bool)

    /// The kinds of varying values told apart (reports name them; patterns write `*`).
    public enum VariableKind: String, Sendable, Equatable {
        /// Digits only: `4815`.
        case number
        /// Eight or more hexadecimal digits with both digits and letters: `5f2b9c1e`.
        case hex
        /// `8-4-4-4-12` hexadecimal digits.
        case uuid
        /// `2024-05-31`.
        case date
        /// Words joined by `-` or `_` with a digit, or four words or more: `blue-shoes-42`.
        case slug
        /// Eight or more letters and digits mixed, as generated IDs are: `aB3xYz9Q`.
        case token
        /// Text a pattern cannot hold literally (`*`, `$`, spaces, non-ASCII), or very long.
        case opaque
    }

    /// Whether the segment is kept as written.
    public var isLiteral: Bool { self == .literal }

    /// Whether the segment varies per request (written `*`).
    public var isVariable: Bool {
        if case .variable = self { return true }
        return false
    }

    /// Whether the segment is a language or locale.
    public var isLocale: Bool {
        switch self {
        case .language, .locale: true
        case .literal, .variable: false
        }
    }

    /// Segments longer than this are never literal: real page names are short.
    static let longestLiteral = 64

    /// The shape of `segment`; `first` says it is the path's first segment, the only place a
    /// locale is recognised (elsewhere `id`, `it` or `no` are ordinary words).
    public static func classify(_ segment: ArraySlice<UInt8>, first: Bool) -> SegmentShape {
        if segment.isEmpty { return .literal }
        if segment.allSatisfy(ASCII.isDigit) { return .variable(.number) }
        if isUUID(segment) { return .variable(.uuid) }
        if isDate(segment) { return .variable(.date) }
        if !segment.allSatisfy(isLiteralSafe) || !hasValidEscapes(segment)
            || segment.count > longestLiteral
        {
            return .variable(.opaque)
        }
        if segment.count >= 8, segment.allSatisfy(ASCII.isHexDigit),
            segment.contains(where: ASCII.isDigit)
        {
            return .variable(.hex)
        }
        if first, let locale = locale(segment) { return locale }
        if isSlug(segment) { return .variable(.slug) }
        if isToken(segment) { return .variable(.token) }
        return .literal
    }

    // MARK: - Recognisers

    /// Bytes a pattern can hold as themselves under every flag: letters, digits and the URL
    /// punctuation that is neither a wildcard (`*`, `?`) nor the start of a variable (`$`);
    /// `%` only as the start of an escape, which a pattern compares as written.
    private static func isLiteralSafe(_ byte: UInt8) -> Bool {
        if ASCII.isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    /// Every `%` starts a two-digit hexadecimal escape.
    private static func hasValidEscapes(_ segment: ArraySlice<UInt8>) -> Bool {
        var index = segment.startIndex
        while index < segment.endIndex {
            if segment[index] == UInt8(ascii: "%") {
                guard index + 2 < segment.endIndex, ASCII.isHexDigit(segment[index + 1]),
                    ASCII.isHexDigit(segment[index + 2])
                else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    private static func isUUID(_ segment: ArraySlice<UInt8>) -> Bool {
        guard segment.count == 36 else { return false }
        for (offset, byte) in segment.enumerated() {
            let dash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            if dash ? byte != UInt8(ascii: "-") : !ASCII.isHexDigit(byte) { return false }
        }
        return true
    }

    /// `YYYY-MM-DD` with a plausible month and day.
    private static func isDate(_ segment: ArraySlice<UInt8>) -> Bool {
        guard segment.count == 10 else { return false }
        let bytes = Array(segment)
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 || offset == 7 {
                if byte != UInt8(ascii: "-") { return false }
            } else if !ASCII.isDigit(byte) {
                return false
            }
        }
        return bytes.withUnsafeBufferPointer { digits in
            let month = ASCII.decimalValue(digits, in: 5..<7) ?? 0
            let day = ASCII.decimalValue(digits, in: 8..<10) ?? 0
            return (1...12).contains(month) && (1...31).contains(day)
        }
    }

    /// `en`, `en-US`, `pt_BR`, `en-gb`, `fil-PH`: a known language code (two letters alone,
    /// two or three before a region), then a known region code.
    private static func locale(_ segment: ArraySlice<UInt8>) -> SegmentShape? {
        let bytes = Array(segment)
        if bytes.count == 2 {
            return LocaleCodes.languages.contains(bytes) ? .language : nil
        }
        guard bytes.count == 5 || bytes.count == 6 else { return nil }
        let languageLength = bytes.count - 3
        let separator = bytes[languageLength]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_"),
            LocaleCodes.languages.contains(Array(bytes[0..<languageLength]))
        else { return nil }
        let region = Array(bytes[(languageLength + 1)...])
        if LocaleCodes.regions.contains(region) {
            return .locale(languageLength: languageLength, separator: separator, upperRegion: true)
        }
        let upper = region.map(ASCII.uppercased)
        guard region.allSatisfy(ASCII.isLower), LocaleCodes.regions.contains(upper) else {
            return nil
        }
        return .locale(languageLength: languageLength, separator: separator, upperRegion: false)
    }

    /// Words joined by `-` or `_`, with a digit somewhere or at least four words: titles and
    /// product handles. Two or three words without digits (`about-us`, `sign-in`,
    /// `terms-and-conditions`) are page names, kept literal.
    private static func isSlug(_ segment: ArraySlice<UInt8>) -> Bool {
        var words = 1
        var hasDigit = false
        var hasLetter = false
        var previousWasSeparator = true
        for byte in segment {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                if previousWasSeparator { return false }
                words += 1
                previousWasSeparator = true
                continue
            }
            guard ASCII.isAlphanumeric(byte) else { return false }
            hasDigit = hasDigit || ASCII.isDigit(byte)
            hasLetter = hasLetter || ASCII.isLetter(byte)
            previousWasSeparator = false
        }
        return words >= 2 && hasLetter && (hasDigit || words >= 4)
    }

    /// Eight or more letters and digits with both: what generated IDs look like.
    private static func isToken(_ segment: ArraySlice<UInt8>) -> Bool {
        segment.count >= 8 && segment.allSatisfy(ASCII.isAlphanumeric)
            && segment.contains(where: ASCII.isDigit) && segment.contains(where: ASCII.isLetter)
    }
}
