/// One suggested rule with what it was measured to add.
public struct Suggestion: Sendable {
    public var candidate: CandidateRule
    /// Its index among the measured candidates.
    public var index: Int
    /// Requests it opens that neither the file nor the suggestions ranked before it open.
    /// Adding the first N suggestions adds exactly the sum of their gains.
    public var gain: UInt64
    /// Requests it would open if it were the only rule added.
    public var gainAlone: UInt64
    /// Of `gain`, per category other than pages: what it would also open.
    public var captures: [PathCategory: UInt64]
    /// Example paths it would open: pages, and per other category.
    public var examples: [PathCategory: [[UInt8]]]
    /// Requests another app opens that this rule, alone, would give to the target app.
    public var movedAlone: UInt64
}

/// A measured candidate that is not suggested, and why.
public struct RejectedCandidate: Sendable {
    public enum Reason: Sendable, Equatable {
        /// It would open requests an exclusion of the file keeps out.
        case opensExcluded(UInt64)
        /// It would open requests a rule of the file leaves out by their fragment.
        case dropsFragmentConstraint(UInt64)
        /// It would change decisions an include rule cannot change (never expected).
        case changesDecisions(UInt64)
        /// It was left out to keep the measurement within its memory bound.
        case notMeasured
    }

    public var candidate: CandidateRule
    public var index: Int
    public var reason: Reason
    /// Example paths of the excluded requests it would open.
    public var examples: [[UInt8]]
}

/// Orders the measured candidates into suggestions, greedily: first the one that opens the
/// most requests, then the one that opens the most of what is left, and so on. Each gain is
/// exact given the ones before it (`GainLedger`), ties go to the narrower rule.
public struct SuggestionRanking: Sendable {
    public var suggestions: [Suggestion] = []
    public var rejected: [RejectedCandidate] = []
    /// Per measured candidate: requests it would open were it the only rule added.
    public var gainsAlone: [UInt64] = []

    public init(ledger: GainLedger, candidates: [CandidateRule]) {
        var eligible: [Int] = []
        gainsAlone = candidates.indices.map { ledger.gainAlone($0) }
        for index in candidates.indices {
            let bit: UInt64 = 1 << UInt64(index)
            let changes =
                ledger.lostHandled[index] &+ ledger.otherChanges[index]
            if ledger.openedExcluded[index] > 0 {
                rejected.append(
                    RejectedCandidate(
                        candidate: candidates[index], index: index,
                        reason: .opensExcluded(ledger.openedExcluded[index]),
                        examples: ledger.excludedExamples(index)))
            } else if ledger.takenFromFragmentRules[index] > 0 {
                rejected.append(
                    RejectedCandidate(
                        candidate: candidates[index], index: index,
                        reason: .dropsFragmentConstraint(ledger.takenFromFragmentRules[index]),
                        examples: ledger.excludedExamples(index)))
            } else if changes > 0 {
                rejected.append(
                    RejectedCandidate(
                        candidate: candidates[index], index: index,
                        reason: .changesDecisions(changes), examples: []))
            } else if ledger.dropped & bit != 0 {
                rejected.append(
                    RejectedCandidate(
                        candidate: candidates[index], index: index, reason: .notMeasured,
                        examples: []))
            } else {
                eligible.append(index)
            }
        }
        var chosen: UInt64 = 0
        var covered = ledger.gain(of: 0)
        while true {
            var best: (index: Int, gain: [PathCategory: UInt64], total: UInt64)?
            for index in eligible where chosen & (1 << UInt64(index)) == 0 {
                let after = ledger.gain(of: chosen | 1 << UInt64(index))
                let total = after.values.reduce(0, &+) &- covered.values.reduce(0, &+)
                guard total > 0 else { continue }
                if let current = best {
                    let better =
                        total != current.total
                        ? total > current.total
                        : Self.narrower(candidates[index], than: candidates[current.index])
                    if !better { continue }
                }
                best = (index, after, total)
            }
            guard let best else { break }
            var captures: [PathCategory: UInt64] = [:]
            for category in PathCategory.allCases where category != .page {
                let added = best.gain[category, default: 0] &- covered[category, default: 0]
                if added > 0 { captures[category] = added }
            }
            var examples: [PathCategory: [[UInt8]]] = [:]
            for category in PathCategory.allCases {
                let paths = ledger.examples(best.index, category)
                if !paths.isEmpty { examples[category] = paths }
            }
            suggestions.append(
                Suggestion(
                    candidate: candidates[best.index], index: best.index, gain: best.total,
                    gainAlone: ledger.gainAlone(best.index), captures: captures,
                    examples: examples, movedAlone: ledger.moved[best.index]))
            chosen |= 1 << UInt64(best.index)
            covered = best.gain
        }
    }

    /// More literal text first, then the shorter pattern, then byte order: a stable choice.
    private static func narrower(_ lhs: CandidateRule, than rhs: CandidateRule) -> Bool {
        if lhs.specificity != rhs.specificity { return lhs.specificity > rhs.specificity }
        if lhs.pattern.utf8.count != rhs.pattern.utf8.count {
            return lhs.pattern.utf8.count < rhs.pattern.utf8.count
        }
        return Array(lhs.pattern.utf8).lexicographicallyPrecedes(Array(rhs.pattern.utf8))
    }
}
