import ASCIIBytes

/// The monoid, as for `CoverageSummary`: `init(shape:)` is the identity, exact counts add,
/// and the top-path tables merge as `SpaceSaving+Merge.swift` describes.
extension DiffSummary: MergeableSummary {
    /// Merges `rhs` into `lhs`.
    public static func += (lhs: inout DiffSummary, rhs: DiffSummary) {
        precondition(lhs.shape == rhs.shape, "merging diff summaries of different shapes")
        for index in lhs.counts.indices { lhs.counts[index].addSaturating(rhs.counts[index]) }
        for (pair, count) in rhs.appChanges {
            lhs.appChanges[pair, default: 0].addSaturating(count)
        }
        for cell in lhs.transitionPaths.indices where cell % 4 != 0 {
            lhs.transitionPaths[cell] += rhs.transitionPaths[cell]
        }
        lhs.appChangePaths += rhs.appChangePaths
        lhs.android = AndroidCounts.merged(lhs.android, rhs.android)
    }
}

extension DiffSummary: Equatable {
    /// Equal shape, counts and top-path tables.
    public static func == (lhs: DiffSummary, rhs: DiffSummary) -> Bool {
        lhs.shape == rhs.shape && lhs.counts == rhs.counts && lhs.appChanges == rhs.appChanges
            && lhs.transitionPaths == rhs.transitionPaths
            && lhs.appChangePaths == rhs.appChangePaths && lhs.android == rhs.android
    }
}
