extension PatternProgram {
    private static let dot = UInt16(UInt8(ascii: "."))
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let plus = UInt16(UInt8(ascii: "+"))
    private static let question = UInt16(UInt8(ascii: "?"))
    private static let backslash = UInt16(UInt8(ascii: "\\"))

    /// The program of a manifest pattern (A5).
    init(_ pattern: AndroidPattern) {
        let units = Array(pattern.text.utf16)
        switch pattern.kind {
        case .literal: form = .literal(units)
        case .prefix: form = .prefix(units, more: 0)
        case .suffix: form = .suffix(units)
        case .simpleGlob:
            form = Self.joined(Self.simpleGlobSteps(units), sets: [], endsWithText: true)
        case .advancedGlob:
            form =
                Self.advancedGlobSteps(units).map {
                    Self.joined($0.steps, sets: $0.sets, endsWithText: false)
                } ?? .never
        }
    }

    /// The program of a dynamic rule's pattern (A7.3): `*` is zero or more units up to and
    /// including the first occurrence of the literal after it (the rest when it ends the
    /// pattern, nothing when a wildcard follows), `?` one unit, `?*` one unit and then `*`;
    /// every other unit is itself.
    init(wildcards pattern: String) {
        let units = Array(pattern.utf16)
        var steps: [Step] = []
        // A step a unit at most: the array does not grow step by step.
        steps.reserveCapacity(units.count + 1)
        var index = 0
        while index < units.count {
            let unit = units[index]
            index += 1
            let oneOrMore =
                unit == Self.question && index < units.count && units[index] == Self.star
            guard unit == Self.star || oneOrMore else {
                steps.append(unit == Self.question ? .anyUnit : .unit(unit))
                continue
            }
            if oneOrMore {
                steps.append(.anyUnit)
                index += 1
            }
            guard index < units.count else {
                steps.append(.rest)
                break
            }
            if units[index] != Self.question, units[index] != Self.star {
                steps.append(.skipPast(units[index]))
                index += 1
            }
        }
        form = Self.simplest(steps)
    }

    /// The form of wildcard steps: most dynamic rules are a literal path (`/id/k2vb`), one
    /// with `*` at its end (`/checkout/*`) or a query item with `?*` (`q=?*`), compared as
    /// such.
    private static func simplest(_ steps: [Step]) -> Form {
        var units: [UInt16] = []
        units.reserveCapacity(steps.count)
        var more = 0
        for (index, step) in steps.enumerated() {
            switch step {
            case .unit(let unit) where more == 0: units.append(unit)
            case .anyUnit: more += 1
            case .rest where index == steps.count - 1: return .prefix(units, more: more)
            default: return joined(steps, sets: [], endsWithText: false)
            }
        }
        return more == 0 ? .literal(units) : joined(steps, sets: [], endsWithText: false)
    }

    /// `pathPattern` (A5.2), read as `PatternMatcher.matchGlobPattern` reads it: a character
    /// (a `\` takes the next one), then a `*` after it makes `.*` a skip to the next character
    /// and anything else a run.
    static func simpleGlobSteps(_ pattern: [UInt16]) -> [Step] {
        var steps: [Step] = []
        var index = 0
        // The character at `index`, a `\` taking the one after it (NUL past the end).
        func take() -> (unit: UInt16, escaped: Bool) {
            var unit = pattern[index]
            index += 1
            let escaped = unit == backslash
            if escaped {
                unit = index < pattern.count ? pattern[index] : 0
                index += 1
            }
            return (unit, escaped)
        }
        while index < pattern.count {
            let (unit, escaped) = take()
            guard index < pattern.count, pattern[index] == star else {
                // An escaped `.` still matches any character (A5.2 step 4).
                steps.append(unit == dot ? .anyUnit : .unit(unit))
                continue
            }
            index += 1
            if escaped || unit != dot {
                steps.append(.run(unit))
            } else if index < pattern.count {
                steps.append(.skipPast(take().unit))
            } else {
                steps.append(.rest)
            }
        }
        return steps
    }

    /// `pathAdvancedPattern` (A5.3) as `PatternMatcher.parseAndVerifyAdvancedPattern` reads it:
    /// tokens, each with at most one modifier, and the sets `[...]` they name; nil when Android
    /// refuses the pattern.
    static func advancedGlobSteps(_ units: [UInt16]) -> (steps: [Step], sets: [UnitSet])? {
        var tokens: [(unitClass: UnitClass, minimum: Int, maximum: Int)] = []
        var sets: [UnitSet] = []
        var modifiable = false
        var index = 0
        while index < units.count {
            let unit = units[index]
            switch unit {
            case UInt16(UInt8(ascii: "[")):
                guard let (set, end) = Self.set(units, openingAt: index) else { return nil }
                sets.append(set)
                tokens.append((.set(sets.count - 1), 1, 1))
                index = end
                modifiable = true
                continue
            case star, plus, UInt16(UInt8(ascii: "{")):
                guard modifiable else { return nil }
                modifiable = false
                if unit == UInt16(UInt8(ascii: "{")) {
                    guard
                        let close = units[(index + 1)...].firstIndex(of: UInt16(UInt8(ascii: "}"))),
                        let bounds = AdvancedPatternSyntax.bounds(units[(index + 1)..<close]),
                        bounds.minimum <= bounds.maximum
                    else { return nil }
                    (tokens[tokens.count - 1].minimum, tokens[tokens.count - 1].maximum) = bounds
                    index = close + 1
                } else {
                    tokens[tokens.count - 1].minimum = unit == star ? 0 : 1
                    tokens[tokens.count - 1].maximum = Int(Int32.max)
                    index += 1
                }
                continue
            case UInt16(UInt8(ascii: "}")):
                // Outside a range Android drops it.
                index += 1
                continue
            case dot:
                tokens.append((.any, 1, 1))
            case backslash:
                guard index + 1 < units.count else { return nil }
                index += 1
                tokens.append((.unit(units[index]), 1, 1))
            default:
                tokens.append((.unit(unit), 1, 1))
            }
            index += 1
            modifiable = true
        }
        let steps: [Step] = tokens.map { token in
            switch (token.unitClass, token.minimum, token.maximum) {
            case (.unit(let unit), 1, 1): .unit(unit)
            case (.any, 1, 1): .anyUnit
            default: .repeated(token.unitClass, minimum: token.minimum, maximum: token.maximum)
            }
        }
        return (steps, sets)
    }

    /// The set `[...]` or `[^...]` whose `[` is at `start`, and where it ends; nil when Android
    /// refuses it (empty, not closed, a `\` at the end).
    private static func set(_ units: [UInt16], openingAt start: Int) -> (UnitSet, Int)? {
        guard start + 1 < units.count else { return nil }
        let inverted = units[start + 1] == UInt16(UInt8(ascii: "^"))
        var index = start + (inverted ? 2 : 1)
        var lows: [UInt16] = []
        var highs: [UInt16] = []
        // The unit at `index`, a `\` taking the one after it.
        func take() -> UInt16? {
            if units[index] == backslash {
                guard index + 1 < units.count else { return nil }
                index += 1
            }
            return units[index]
        }
        while true {
            guard index < units.count else { return nil }
            if units[index] == UInt16(UInt8(ascii: "]")) { break }
            guard let low = take() else { return nil }
            var high = low
            if index + 2 < units.count, units[index + 1] == UInt16(UInt8(ascii: "-")),
                units[index + 2] != UInt16(UInt8(ascii: "]"))
            {
                index += 2
                guard let upper = take() else { return nil }
                high = upper
            }
            lows.append(low)
            highs.append(high)
            index += 1
        }
        guard !lows.isEmpty else { return nil }
        return (UnitSet(lows: lows, highs: highs, inverted: inverted), index + 1)
    }
}
