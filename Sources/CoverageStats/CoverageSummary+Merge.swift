import ASCIIBytes

/// The monoid: `init(shape:)` is the identity; exact parts add field-wise (associative and
/// commutative), the distinct-path sketch takes register maxima, samples keep the earliest, and
/// the top-K tables merge as described in `SpaceSaving+Merge.swift` (commutative always,
/// associative while no eviction happened).
extension CoverageSummary: MergeableSummary {
    /// Merges `rhs` into `lhs`.
    public static func += (lhs: inout CoverageSummary, rhs: CoverageSummary) {
        precondition(lhs.shape == rhs.shape, "merging coverage summaries of different shapes")
        lhs.totals = lhs.totals + rhs.totals
        lhs.eligibility = lhs.eligibility + rhs.eligibility
        for index in lhs.appHandled.indices {
            lhs.appHandled[index].addSaturating(rhs.appHandled[index])
            lhs.appExcluded[index].addSaturating(rhs.appExcluded[index])
            lhs.appEligible[index].addSaturating(rhs.appEligible[index])
            lhs.appEligibleExcluded[index].addSaturating(rhs.appEligibleExcluded[index])
        }
        for index in lhs.ruleHits.indices { lhs.ruleHits[index].addSaturating(rhs.ruleHits[index]) }
        lhs.hostTable += rhs.hostTable
        lhs.hostless = lhs.hostless + rhs.hostless
        lhs.unmatchedPaths += rhs.unmatchedPaths
        lhs.handledPaths += rhs.handledPaths
        lhs.pathSketch.formUnion(rhs.pathSketch)
        lhs.samples += rhs.samples
        lhs.timeRange = lhs.timeRange + rhs.timeRange
        lhs.series = mergedSeries(lhs, rhs)
        lhs.android = AndroidCounts.merged(lhs.android, rhs.android)
    }

    /// The series of both; one that misses requests the other side counted is partial.
    private static func mergedSeries(_ lhs: CoverageSummary, _ rhs: CoverageSummary)
        -> TimeSeries?
    {
        switch (lhs.series, rhs.series) {
        case (nil, nil): return nil
        case (let series?, nil), (nil, let series?):
            let other = lhs.series == nil ? lhs : rhs
            var merged = series
            if other.totals.requests > 0 { merged.isPartial = true }
            return merged
        case (let left?, let right?): return left + right
        }
    }
}

extension CoverageSummary: Equatable {
    /// Equal shape, counts, reported lists (in full), sketch registers and samples.
    public static func == (lhs: CoverageSummary, rhs: CoverageSummary) -> Bool {
        lhs.shape == rhs.shape && lhs.totals == rhs.totals && lhs.appHandled == rhs.appHandled
            && lhs.appExcluded == rhs.appExcluded && lhs.ruleHits == rhs.ruleHits
            && lhs.appEligible == rhs.appEligible
            && lhs.appEligibleExcluded == rhs.appEligibleExcluded
            && lhs.eligibility == rhs.eligibility
            && lhs.hostTable == rhs.hostTable && lhs.hostless == rhs.hostless
            && lhs.unmatchedPaths == rhs.unmatchedPaths
            && lhs.handledPaths == rhs.handledPaths && lhs.pathSketch == rhs.pathSketch
            && lhs.samples == rhs.samples && lhs.timeRange == rhs.timeRange
            && lhs.series == rhs.series && lhs.android == rhs.android
    }
}

extension CoverageSummary: CustomStringConvertible {
    /// A one-line summary of the totals and table sizes.
    public var description: String {
        "CoverageSummary(\(totals), hosts: \(hostTable), unmatched: \(unmatchedPaths), "
            + "handled: \(handledPaths), samples: \(samples.samples.count))"
    }
}
