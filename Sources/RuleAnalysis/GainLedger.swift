import ASCIIBytes

/// What each candidate rule would change, measured request by request, in bounded memory.
///
/// A request that some candidates would newly open (unmatched before, handled with the
/// candidate added) is counted under the set of those candidates, a bit mask, and its path
/// category. That is enough to know exactly what any group of candidates adds together: all
/// go to the end of one entry, so a request is handled with several of them added exactly when
/// it is handled with one of them added (`SuggestionRanking` relies on it). Distinct masks
/// are few in practice (candidates nest or are disjoint); should they exceed `keyLimit`, the
/// candidate that gains least alone is dropped from every mask, which keeps the other counts
/// exact, until they fit.
public struct GainLedger: Sendable {
    /// Candidates one ledger can follow (bits of a mask).
    public static let maxCandidates = 64

    struct Key: Hashable, Sendable {
        var mask: UInt64
        var category: PathCategory
    }

    public let candidateCount: Int
    /// Most distinct (mask, category) keys held.
    public let keyLimit: Int
    private(set) var gains: [Key: UInt64] = [:]
    /// Candidates left out to stay within `keyLimit`.
    public private(set) var dropped: UInt64 = 0
    /// Per candidate, added alone: excluded requests it would open (it is then never
    /// suggested: a suggestion must not undo an exclusion).
    public private(set) var openedExcluded: [UInt64]
    /// Per candidate, added alone: requests it would open whose path a rule of the file
    /// matches but for its fragment (`{"/": "/help/*", "#": "app-*"}` leaves `/help/faq`
    /// out on purpose): it is then never suggested, as it would drop that constraint.
    public private(set) var takenFromFragmentRules: [UInt64]
    /// Handled requests that would no longer be handled (adding an include rule cannot do
    /// that; counted so that it is checked, not assumed).
    public private(set) var lostHandled: [UInt64]
    /// Handled requests another app opens now that would go to the target's app instead (an
    /// earlier entry of the target wins them).
    public private(set) var moved: [UInt64]
    /// Any other change of decision (none is possible; counted for the same reason).
    public private(set) var otherChanges: [UInt64]
    /// Per candidate and category: examples of the requests it would open.
    private(set) var examples: [[ExampleSample]]
    /// Per candidate: examples of the excluded requests it would open (or of those a
    /// fragment rule leaves out).
    private(set) var excludedExamples: [ExampleSample]

    public init(candidateCount: Int, keyLimit: Int = 65_536) {
        precondition(candidateCount <= Self.maxCandidates, "too many candidates for a mask")
        self.candidateCount = candidateCount
        self.keyLimit = keyLimit
        openedExcluded = Array(repeating: 0, count: candidateCount)
        takenFromFragmentRules = openedExcluded
        lostHandled = openedExcluded
        moved = openedExcluded
        otherChanges = openedExcluded
        examples = Array(
            repeating: Array(repeating: ExampleSample(), count: PathCategory.allCases.count),
            count: candidateCount)
        excludedExamples = Array(repeating: ExampleSample(), count: candidateCount)
    }

    /// Distinct keys held now (at most `keyLimit`).
    public var storedKeys: Int { gains.count }

    /// `weight` unmatched requests for `path` that each candidate of `mask` would open.
    public mutating func addGain(
        mask: UInt64, category: PathCategory, path: UnsafeBufferPointer<UInt8>, hash: UInt64,
        weight: UInt64
    ) {
        let kept = mask & ~dropped
        guard kept != 0 else { return }
        gains[Key(mask: kept, category: category), default: 0].addSaturating(weight)
        var bits = kept
        while bits != 0 {
            let candidate = bits.trailingZeroBitCount
            bits &= bits - 1
            examples[candidate][category.rawValue].offer(path, hash: hash)
        }
        if gains.count > keyLimit { enforceLimit() }
    }

    mutating func addOpenedExcluded(
        _ candidate: Int, path: UnsafeBufferPointer<UInt8>, hash: UInt64, weight: UInt64
    ) {
        openedExcluded[candidate].addSaturating(weight)
        excludedExamples[candidate].offer(path, hash: hash)
    }

    mutating func addTakenFromFragmentRule(
        _ candidate: Int, path: UnsafeBufferPointer<UInt8>, hash: UInt64, weight: UInt64
    ) {
        takenFromFragmentRules[candidate].addSaturating(weight)
        excludedExamples[candidate].offer(path, hash: hash)
    }

    mutating func addLostHandled(_ candidate: Int, weight: UInt64) {
        lostHandled[candidate].addSaturating(weight)
    }

    mutating func addMoved(_ candidate: Int, weight: UInt64) {
        moved[candidate].addSaturating(weight)
    }

    mutating func addOtherChange(_ candidate: Int, weight: UInt64) {
        otherChanges[candidate].addSaturating(weight)
    }

    /// Requests candidate `index` would open if it were the only one added.
    public func gainAlone(_ index: Int) -> UInt64 {
        let bit: UInt64 = 1 << UInt64(index)
        return gains.reduce(0) { $0.addingSaturating($1.key.mask & bit != 0 ? $1.value : 0) }
    }

    /// Requests opened by at least one of `chosen` (a mask), by category.
    public func gain(of chosen: UInt64) -> [PathCategory: UInt64] {
        var result: [PathCategory: UInt64] = [:]
        for (key, weight) in gains where key.mask & chosen != 0 {
            result[key.category, default: 0].addSaturating(weight)
        }
        return result
    }

    /// Examples of what candidate `index` would open, in `category`.
    public func examples(_ index: Int, _ category: PathCategory) -> [[UInt8]] {
        examples[index][category.rawValue].paths
    }

    /// Examples of the excluded requests candidate `index` would open.
    public func excludedExamples(_ index: Int) -> [[UInt8]] { excludedExamples[index].paths }

    /// Drops candidates, least gain first, until the keys fit.
    private mutating func enforceLimit() {
        while gains.count > keyLimit {
            let live = (0..<candidateCount).filter { dropped & (1 << UInt64($0)) == 0 }
            guard let weakest = live.min(by: { gainAlone($0) < gainAlone($1) }) else { return }
            drop(1 << UInt64(weakest))
        }
    }

    private mutating func drop(_ bits: UInt64) {
        dropped |= bits
        var kept: [Key: UInt64] = [:]
        for (key, weight) in gains where key.mask & ~dropped != 0 {
            kept[Key(mask: key.mask & ~dropped, category: key.category), default: 0].addSaturating(
                weight)
        }
        gains = kept
    }

    /// Both ledgers' counts (of the same candidates).
    public static func + (lhs: GainLedger, rhs: GainLedger) -> GainLedger {
        precondition(lhs.candidateCount == rhs.candidateCount, "ledgers of other candidates")
        var merged = lhs
        merged.gains.merge(rhs.gains, uniquingKeysWith: { $0.addingSaturating($1) })
        for index in 0..<lhs.candidateCount {
            merged.openedExcluded[index].addSaturating(rhs.openedExcluded[index])
            merged.takenFromFragmentRules[index].addSaturating(rhs.takenFromFragmentRules[index])
            merged.lostHandled[index].addSaturating(rhs.lostHandled[index])
            merged.moved[index].addSaturating(rhs.moved[index])
            merged.otherChanges[index].addSaturating(rhs.otherChanges[index])
            merged.excludedExamples[index] =
                lhs.excludedExamples[index]
                + rhs.excludedExamples[index]
            for category in PathCategory.allCases {
                merged.examples[index][category.rawValue] =
                    lhs.examples[index][category.rawValue] + rhs.examples[index][category.rawValue]
            }
        }
        if rhs.dropped & ~merged.dropped != 0 || merged.gains.count > merged.keyLimit {
            merged.drop(rhs.dropped)
            merged.enforceLimit()
        }
        return merged
    }
}
