/// Checks a `pathAdvancedPattern` (and its query and fragment forms) the way Android does when it
/// reads the manifest, so that a pattern Android refuses is reported where it is written (A5.3).
/// Only the verdict is kept: matching is for the matcher.
enum AdvancedPatternSyntax {
    /// Android keeps at most 2048 parsed entries and stops three short of that.
    static let maxEntries = 2045

    private enum Last { case nothing, token, modifier, setStart }

    /// Why Android refuses the pattern, or nil when it accepts it.
    static func problem(in pattern: String) -> String? {
        let units = Array(pattern.utf16)
        var index = 0
        var entries = 0
        var last = Last.nothing
        var inSet = false
        var upperEndDue = false
        while index < units.count {
            if entries > maxEntries { return "the pattern is too long" }
            var unit = units[index]
            if !inSet {
                switch unit {
                case ascii("["):
                    guard index + 1 < units.count else { return "'[' ends the pattern" }
                    if units[index + 1] == ascii("^") { index += 1 }
                    entries += 1
                    last = .setStart
                    inSet = true
                    index += 1
                    continue
                case ascii("{"):
                    guard last == .token else { return "a modifier must follow a character or set" }
                    guard let close = units[(index + 1)...].firstIndex(of: ascii("}")) else {
                        return "a range '{' is not closed with '}'"
                    }
                    if let problem = rangeProblem(Array(units[(index + 1)..<close])) {
                        return problem
                    }
                    entries += 4
                    last = .modifier
                    index = close + 1
                    continue
                case ascii("}"):
                    // Outside a range Android drops it without a word.
                    index += 1
                    continue
                case ascii("*"), ascii("+"):
                    guard last == .token else { return "a modifier must follow a character or set" }
                    entries += 1
                    last = .modifier
                    index += 1
                    continue
                default:
                    break
                }
            } else if unit == ascii("]") {
                if last == .setStart { return "a set must hold at least one character" }
                entries += 1
                last = .token
                inSet = false
                upperEndDue = false
                index += 1
                continue
            }
            if unit == ascii("\\") {
                guard index + 1 < units.count else { return "'\\' ends the pattern" }
                index += 1
                unit = units[index]
            }
            if inSet {
                if upperEndDue {
                    entries += 1
                    upperEndDue = false
                } else if index + 2 < units.count, units[index + 1] == ascii("-"),
                    units[index + 2] != ascii("]")
                {
                    entries += 1
                    index += 1
                    upperEndDue = true
                } else {
                    entries += 2
                }
            } else {
                entries += 1
            }
            last = .token
            index += 1
        }
        return inSet ? "a set '[' is not closed with ']'" : nil
    }

    /// Checks `m`, `m,` or `m,n` as Java's `Integer.parseInt` reads each number.
    private static func rangeProblem(_ units: [UInt16]) -> String? {
        let text = String(decoding: units, as: UTF16.self)
        guard let bounds = bounds(units[...]) else { return "range '{\(text)}' is not numbers" }
        return bounds.minimum > bounds.maximum
            ? "range '{\(text)}' has its minimum above its maximum" : nil
    }

    /// The bounds `m`, `m,` (no maximum) or `m,n` between `{` and `}`; nil when they are not
    /// numbers as Java's `Integer.parseInt` reads them.
    static func bounds(_ units: ArraySlice<UInt16>) -> (minimum: Int, maximum: Int)? {
        let text = String(decoding: units, as: UTF16.self)
        let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let minimum = javaInt(parts[0]) else { return nil }
        guard parts.count == 2 else { return (minimum, minimum) }
        guard let maximum = parts[1].isEmpty ? Int(Int32.max) : javaInt(parts[1]) else {
            return nil
        }
        return (minimum, maximum)
    }

    /// An optionally signed decimal 32-bit integer, or nil.
    static func javaInt(_ text: Substring) -> Int? {
        guard let value = Int(text), Int(Int32.min)...Int(Int32.max) ~= value else { return nil }
        return value
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
}
