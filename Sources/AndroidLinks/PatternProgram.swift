/// One pattern compiled into steps over UTF-16 code units, run once from left to right: every
/// pattern Android has (the five `PatternMatcher` types, A5, and the dynamic-rule wildcards,
/// A7.3) is greedy and never backtracks, so a match takes time linear in the text.
struct PatternProgram: Sendable {
    /// One step; each consumes code units from where the previous one stopped.
    enum Step: Sendable, Equatable {
        /// Exactly this unit.
        case unit(UInt16)
        /// Exactly these units of the program's `units`, in a row (a run of `unit` steps,
        /// compared in one loop).
        case units(Range<Int>)
        /// Any one unit.
        case anyUnit
        /// Every following unit equal to this one, none given back (`x*` of `pathPattern`).
        case run(UInt16)
        /// Up to and including the first occurrence of this unit (`.*x`, `*x`).
        case skipPast(UInt16)
        /// The rest of the text, whatever it is: the match succeeds.
        case rest
        /// As many units of the class as it accepts, up to `maximum`; at least `minimum`
        /// (a `pathAdvancedPattern` token and its modifier).
        case repeated(UnitClass, minimum: Int, maximum: Int)
    }

    /// How the text is compared.
    enum Form: Sendable, Equatable {
        /// The text equals the units.
        case literal([UInt16])
        /// The text starts with the units and has at least `more` units after them (`/a/*`,
        /// and `q=?*` with one more).
        case prefix([UInt16], more: Int)
        /// The text ends with the units.
        case suffix([UInt16])
        /// The steps cover the whole text. With `endsWithText`, running out of text ends the
        /// match at once: it succeeds only if the next step is `rest` (`pathPattern`, A5.2
        /// step 5); otherwise the remaining steps run on the empty rest. `units` holds the
        /// runs of `units` steps.
        case steps([Step], sets: [UnitSet], units: [UInt16], endsWithText: Bool)
        /// A pattern Android refuses; it matches nothing.
        case never
    }

    let form: Form

    /// The `steps` form of `steps`, each run of two or more `unit` steps joined into one
    /// `units` step.
    static func joined(_ steps: [Step], sets: [UnitSet], endsWithText: Bool) -> Form {
        var joined: [Step] = []
        var units: [UInt16] = []
        joined.reserveCapacity(steps.count)
        units.reserveCapacity(steps.count)
        var index = 0
        while index < steps.count {
            var end = index
            while end < steps.count, case .unit(let unit) = steps[end] {
                units.append(unit)
                end += 1
            }
            if end - index >= 2 {
                joined.append(.units((units.count - (end - index))..<units.count))
                index = end
            } else {
                if end > index { units.removeLast() }
                joined.append(steps[index])
                index += 1
            }
        }
        return .steps(joined, sets: sets, units: units, endsWithText: endsWithText)
    }

    /// Whether the pattern matches the whole text. The first `known` units of the text are
    /// known to be the pattern's first `known` units, before any wildcard (a dynamic rule's
    /// literal start, found by an index): they are not compared again.
    func matches<Unit: TextUnit>(_ text: UnsafeBufferPointer<Unit>, known: Int = 0) -> Bool {
        switch form {
        case .literal(let units):
            return text.count == units.count && Self.equal(text, 0, units, known: known)
        case .prefix(let units, let more):
            return text.count >= units.count &+ more && Self.equal(text, 0, units, known: known)
        case .suffix(let units):
            return text.count >= units.count && Self.equal(text, text.count - units.count, units)
        case .steps(let steps, let sets, let units, let endsWithText):
            return Self.run(steps, sets, units, known: known, endsWithText: endsWithText, on: text)
        case .never:
            return false
        }
    }

    /// Whether `units`, but for their first `known`, are in `text` from `start + known`
    /// (the text leaves room for them).
    @inline(__always)
    private static func equal<Unit: TextUnit>(
        _ text: UnsafeBufferPointer<Unit>, _ start: Int, _ units: [UInt16], known: Int = 0
    ) -> Bool {
        units.withUnsafeBufferPointer { units in
            var index = known
            while index < units.count {
                guard text[start &+ index].wide == units[index] else { return false }
                index &+= 1
            }
            return true
        }
    }

    private static func run<Unit: TextUnit>(
        _ steps: [Step], _ sets: [UnitSet], _ units: [UInt16], known: Int, endsWithText: Bool,
        on text: UnsafeBufferPointer<Unit>
    ) -> Bool {
        steps.withUnsafeBufferPointer { steps in
            sets.withUnsafeBufferPointer { sets in
                units.withUnsafeBufferPointer {
                    run(steps, sets, $0, known: known, endsWithText: endsWithText, on: text)
                }
            }
        }
    }

    /// Runs `steps` on the text, the first `known` units of which are known to match the first
    /// step, when it is a run of units, and are not compared again.
    /// Offsets stay within the text (each step checks what is left), so they wrap instead of
    /// trapping.
    private static func run<Unit: TextUnit>(
        _ steps: UnsafeBufferPointer<Step>, _ sets: UnsafeBufferPointer<UnitSet>,
        _ units: UnsafeBufferPointer<UInt16>, known: Int, endsWithText: Bool,
        on text: UnsafeBufferPointer<Unit>
    ) -> Bool {
        var at = 0
        // `while` loops, not `for ... in` ranges: a range checks its bounds when made.
        var index = 0
        while index < steps.count {
            if endsWithText, at == text.count {
                if case .rest = steps[index] { return true }
                return false
            }
            switch steps[index] {
            case .unit(let unit):
                guard at < text.count, text[at].wide == unit else { return false }
                at &+= 1
            case .units(let run):
                guard text.count &- at >= run.count else { return false }
                // Only a first step can hold units known to match.
                var offset = index == 0 ? min(known, run.count) : 0
                while offset < run.count {
                    guard text[at &+ offset].wide == units[run.lowerBound &+ offset] else {
                        return false
                    }
                    offset &+= 1
                }
                at &+= run.count
            case .anyUnit:
                guard at < text.count else { return false }
                at &+= 1
            case .run(let unit):
                while at < text.count, text[at].wide == unit { at &+= 1 }
            case .skipPast(let stop):
                guard let found = text.firstIndex(of: stop, from: at) else { return false }
                at = found &+ 1
            case .rest:
                return true
            case .repeated(let unitClass, let minimum, let maximum):
                var taken = 0
                while taken < maximum, at < text.count,
                    unitClass.accepts(text[at].wide, sets: sets)
                {
                    taken &+= 1
                    at &+= 1
                }
                guard taken >= minimum else { return false }
            }
            index &+= 1
        }
        return at == text.count
    }
}

/// The units one `pathAdvancedPattern` token accepts (A5.3). Plain values, so that a step
/// is copied without reference counting; a set's ranges are in the program's `sets`.
enum UnitClass: Sendable, Equatable {
    /// `.`: any unit.
    case any
    /// A character, or an escaped one.
    case unit(UInt16)
    /// `[...]` or `[^...]`: the set at this index of the program's sets.
    case set(Int)

    func accepts(_ unit: UInt16, sets: UnsafeBufferPointer<UnitSet>) -> Bool {
        switch self {
        case .any: true
        case .unit(let expected): unit == expected
        case .set(let index): sets[index].contains(unit)
        }
    }
}

/// `[...]` or `[^...]`: inclusive ranges; an upside-down range holds nothing.
struct UnitSet: Sendable, Equatable {
    let lows: [UInt16]
    let highs: [UInt16]
    let inverted: Bool

    func contains(_ unit: UInt16) -> Bool {
        var inside = false
        for index in lows.indices where lows[index] <= unit && unit <= highs[index] {
            inside = true
            break
        }
        return inside != inverted
    }
}
