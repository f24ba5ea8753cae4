/// The query parameters that a host's dynamic rules name word for word (a `?` entry without
/// wildcards, `"type": "users"` → `type=users`), each with a number, found by a parameter's
/// text in one hash look-up. A rule that needs such a parameter is tried only when the URL has
/// it (`DynamicRuleIndex`): of sixteen `/search` rules that differ only in their `type`, a URL
/// then tries one.
struct ParameterLiterals: Sendable {
    /// Literal `n`'s units are `units[starts[n]..<starts[n + 1]]`.
    private let units: [UInt16]
    private let starts: [Int]
    /// Open addressing, a power of two in size and at most half full: a literal's number, or
    /// -1 for an empty slot.
    private let slots: [Int32]

    /// The table of `literals`, numbered in order; equal ones share the first one's number.
    /// Returns, per literal, its number (-1 for nil).
    static func make(_ literals: [[UInt16]?]) -> (table: ParameterLiterals, numbers: [Int]) {
        var distinct: [[UInt16]: Int] = [:]
        var units: [UInt16] = []
        var starts = [0]
        let numbers = literals.map { literal in
            guard let literal else { return -1 }
            if let known = distinct[literal] { return known }
            distinct[literal] = starts.count - 1
            units += literal
            starts.append(units.count)
            return starts.count - 2
        }
        var capacity = 8
        while capacity < 2 * (starts.count - 1) { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for number in 0..<(starts.count - 1) {
            let literal = units[starts[number]..<starts[number + 1]]
            var slot = Int(truncatingIfNeeded: hash(literal)) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(number)
        }
        return (ParameterLiterals(units: units, starts: starts, slots: slots), numbers)
    }

    private init(units: [UInt16], starts: [Int], slots: [Int32]) {
        (self.units, self.starts, self.slots) = (units, starts, slots)
    }

    /// FNV-1a over the units, widened: a byte and the UTF-16 unit of the same value hash alike,
    /// as `PatternProgram` compares them alike.
    @inline(__always)
    private static func hash<Units: Collection>(_ text: Units) -> UInt64
    where Units.Element: TextUnit {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in text { hash = (hash ^ UInt64(unit.wide)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The number of the literal equal to `text`, or -1.
    func number<Unit: TextUnit>(of text: UnsafeBufferPointer<Unit>) -> Int {
        let mask = slots.count &- 1
        var slot = Int(truncatingIfNeeded: Self.hash(text)) & mask
        return slots.withUnsafeBufferPointer { slots in
            units.withUnsafeBufferPointer { units in
                starts.withUnsafeBufferPointer { starts in
                    while true {
                        let number = Int(slots[slot])
                        guard number >= 0 else { return -1 }
                        let start = starts[number]
                        if starts[number &+ 1] &- start == text.count {
                            var index = 0
                            while index < text.count, text[index].wide == units[start &+ index] {
                                index &+= 1
                            }
                            if index == text.count { return number }
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }
}
