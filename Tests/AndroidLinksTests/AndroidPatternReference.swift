import AndroidLinks

/// `PatternMatcher` written out plainly from docs/android-semantics.md A5, on UTF-16 code units
/// (A2), and the dynamic-rule wildcards of A7.3. Slow and obvious on purpose: it is what faster
/// matchers are checked against.
enum AndroidPatternReference {
    static let dot = UInt16(UInt8(ascii: "."))
    static let star = UInt16(UInt8(ascii: "*"))
    static let plus = UInt16(UInt8(ascii: "+"))
    static let backslash = UInt16(UInt8(ascii: "\\"))
    static let question = UInt16(UInt8(ascii: "?"))

    /// Whether the manifest pattern matches `text` (A5).
    static func matches(_ pattern: AndroidPattern, _ text: [UInt16]) -> Bool {
        let units = Array(pattern.text.utf16)
        switch pattern.kind {
        case .literal: return units == text
        case .prefix: return text.starts(with: units)
        case .suffix: return text.count >= units.count && Array(text.suffix(units.count)) == units
        case .simpleGlob: return simpleGlobMatches(units, text)
        case .advancedGlob: return AdvancedGlob(units).map { $0.matches(text) } ?? false
        }
    }

    // MARK: - A5.2 pathPattern

    static func simpleGlobMatches(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
        if pattern.isEmpty { return text.isEmpty }
        var p = 0
        var t = 0
        while p < pattern.count, t < text.count {
            // Step 2: the next pattern character; a backslash takes the one after it.
            var character = pattern[p]
            p += 1
            let escaped = character == backslash
            if escaped {
                character = p < pattern.count ? pattern[p] : 0
                p += 1
            }
            if p < pattern.count, pattern[p] == star {
                p += 1
                if !escaped, character == dot {
                    // `.*`: the rest, or up to and including the first stop character.
                    if p >= pattern.count { return true }
                    var stop = pattern[p]
                    p += 1
                    if stop == backslash {
                        stop = p < pattern.count ? pattern[p] : 0
                        p += 1
                    }
                    guard let found = text[t...].firstIndex(of: stop) else { return false }
                    t = found + 1
                } else {
                    // `x*`: every `x` that follows, none given back.
                    while t < text.count, text[t] == character { t += 1 }
                }
            } else {
                // Step 4: `.` (escaped or not) is any character.
                if character != dot, text[t] != character { return false }
                t += 1
            }
        }
        if p >= pattern.count, t >= text.count { return true }
        // Step 5: the text ran out with exactly `.*` left.
        return pattern.count - p == 2 && pattern[p] == dot && pattern[p + 1] == star
    }

    // MARK: - A7.3 dynamic-rule wildcards

    private enum Wildcard: Equatable {
        case literal(UInt16)
        case anyOne
        case oneOrMore
        case zeroOrMore
    }

    /// `*`, `?`, `?*` as A7.3 reads them; every other character literal; the whole text must be
    /// covered.
    static func dynamicMatches(_ pattern: String, _ text: [UInt16]) -> Bool {
        let units = Array(pattern.utf16)
        var tokens: [Wildcard] = []
        var index = 0
        while index < units.count {
            switch units[index] {
            case question where index + 1 < units.count && units[index + 1] == star:
                tokens.append(.oneOrMore)
                index += 2
            case question:
                tokens.append(.anyOne)
                index += 1
            case star:
                tokens.append(.zeroOrMore)
                index += 1
            default:
                tokens.append(.literal(units[index]))
                index += 1
            }
        }
        var t = 0
        var k = 0
        while k < tokens.count {
            switch tokens[k] {
            case .literal(let unit):
                guard t < text.count, text[t] == unit else { return false }
                t += 1
                k += 1
            case .anyOne:
                guard t < text.count else { return false }
                t += 1
                k += 1
            case .oneOrMore, .zeroOrMore:
                if tokens[k] == .oneOrMore {
                    guard t < text.count else { return false }
                    t += 1
                }
                k += 1
                if k == tokens.count { return true }
                // Up to and including the first occurrence of the next literal; before a
                // wildcard, nothing.
                if case .literal(let stop) = tokens[k] {
                    guard let found = text[t...].firstIndex(of: stop) else { return false }
                    t = found + 1
                    k += 1
                }
            }
        }
        return t == text.count
    }
}

/// A parsed `pathAdvancedPattern` (A5.3): tokens each followed by at most one modifier.
struct AdvancedGlob {
    enum Matcher {
        case any
        case literal(UInt16)
        /// Each range is `low` through `high`; an upside-down one holds nothing.
        case set(ranges: [(low: UInt16, high: UInt16)], inverted: Bool)

        func accepts(_ unit: UInt16) -> Bool {
            switch self {
            case .any: true
            case .literal(let expected): unit == expected
            case .set(let ranges, let inverted):
                ranges.contains { $0.low <= unit && unit <= $0.high } != inverted
            }
        }
    }

    private enum Entry {
        case token(Matcher)
        case modifier(minimum: Int, maximum: Int)
    }

    private var entries: [Entry] = []

    /// Parses the pattern; nil when Android refuses it.
    init?(_ units: [UInt16]) {
        let p = AndroidPatternReference.self
        var index = 0
        while index < units.count {
            let unit = units[index]
            switch unit {
            case UInt16(UInt8(ascii: "[")):
                guard index + 1 < units.count else { return nil }
                let inverted = units[index + 1] == UInt16(UInt8(ascii: "^"))
                index += inverted ? 2 : 1
                var ranges: [(low: UInt16, high: UInt16)] = []
                while true {
                    guard index < units.count else { return nil }
                    var low = units[index]
                    if low == UInt16(UInt8(ascii: "]")) { break }
                    if low == p.backslash {
                        guard index + 1 < units.count else { return nil }
                        index += 1
                        low = units[index]
                    }
                    if index + 2 < units.count, units[index + 1] == UInt16(UInt8(ascii: "-")),
                        units[index + 2] != UInt16(UInt8(ascii: "]"))
                    {
                        index += 2
                        var high = units[index]
                        if high == p.backslash {
                            guard index + 1 < units.count else { return nil }
                            index += 1
                            high = units[index]
                        }
                        ranges.append((low, high))
                    } else {
                        ranges.append((low, low))
                    }
                    index += 1
                }
                guard !ranges.isEmpty else { return nil }
                index += 1
                entries.append(.token(.set(ranges: ranges, inverted: inverted)))
            case p.dot:
                entries.append(.token(.any))
                index += 1
            case p.backslash:
                guard index + 1 < units.count else { return nil }
                entries.append(.token(.literal(units[index + 1])))
                index += 2
            case p.star, p.plus, UInt16(UInt8(ascii: "{")):
                guard case .token? = entries.last else { return nil }
                if unit == UInt16(UInt8(ascii: "{")) {
                    guard
                        let close = units[(index + 1)...].firstIndex(of: UInt16(UInt8(ascii: "}"))),
                        let range = Self.range(units[(index + 1)..<close])
                    else { return nil }
                    entries.append(.modifier(minimum: range.0, maximum: range.1))
                    index = close + 1
                } else {
                    entries.append(
                        .modifier(minimum: unit == p.star ? 0 : 1, maximum: Int(Int32.max)))
                    index += 1
                }
            case UInt16(UInt8(ascii: "}")):
                index += 1  // a `}` outside a range is dropped (A5.3)
            default:
                entries.append(.token(.literal(unit)))
                index += 1
            }
        }
    }

    private static func range(_ units: ArraySlice<UInt16>) -> (Int, Int)? {
        let text = String(decoding: units, as: UTF16.self)
        let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let minimum = javaInt(parts[0]) else { return nil }
        var maximum = minimum
        if parts.count == 2 {
            guard let value = parts[1].isEmpty ? Int(Int32.max) : javaInt(parts[1]) else {
                return nil
            }
            maximum = value
        }
        return minimum <= maximum ? (minimum, maximum) : nil
    }

    private static func javaInt(_ text: Substring) -> Int? {
        guard let value = Int(text), Int(Int32.min)...Int(Int32.max) ~= value else { return nil }
        return value
    }

    /// Each token takes as many characters as it can up to its maximum, never giving any back.
    func matches(_ text: [UInt16]) -> Bool {
        var t = 0
        var k = 0
        while k < entries.count {
            guard case .token(let matcher) = entries[k] else { return false }
            var minimum = 1
            var maximum = 1
            if k + 1 < entries.count, case .modifier(let low, let high) = entries[k + 1] {
                (minimum, maximum) = (low, high)
                k += 2
            } else {
                k += 1
            }
            var taken = 0
            while taken < maximum, t + taken < text.count, matcher.accepts(text[t + taken]) {
                taken += 1
            }
            if taken < minimum { return false }
            t += taken
        }
        return t >= text.count
    }
}
