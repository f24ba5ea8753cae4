/// What `diff` counts beside the old file's `CoverageSummary`: every request's pair of
/// decisions, old file then new file, in bounded memory, mergeable with `+`.
///
/// Exact: the 3 x 3 transition counts, the new file's totals and per-app and per-rule counts,
/// and the requests that change app. Approximate: the top paths of each changed transition
/// (Space-Saving, with the error bounds of `SpaceSaving`). Memory: `16 * appCount + 8 *
/// ruleCount` for the new file, one entry per pair of apps seen changing, and at most seven
/// top-path tables of `topCapacity` keys (the six transitions off the diagonal and the app
/// changes), about 2 MiB with the default shape.
public struct DiffSummary: Sendable {
    /// The new file's apps and rules, and the top-path table sizes.
    public let shape: CoverageShape
    /// Requests per transition, `from * 3 + to` with lanes in `CoverageOutcome.HostLane`
    /// order (handled, excluded, unmatched).
    public internal(set) var transitions: [UInt64]
    /// The new file's side of the totals (the old side is the scan's `CoverageTotals`).
    public internal(set) var newTotals = DecisionTotals()
    /// Requests the new files open, per new app index (the overall decision).
    public internal(set) var appHandled: [UInt64]
    /// Requests an exclusion of the new files blocked, per new app index.
    public internal(set) var appExcluded: [UInt64]
    /// Requests each new rule decided, per new global rule index.
    public internal(set) var ruleHits: [UInt64]
    /// Requests handled under both, by one app under the old files and another under the new
    /// ones, per pair of app indices (old, new).
    public internal(set) var appChanges: [AppPair: UInt64] = [:]
    /// Top paths per transition off the diagonal, indexed like `transitions` (the diagonal's
    /// tables stay empty).
    var transitionPaths: [SpaceSaving]
    /// Top paths of the requests that change app.
    var appChangePaths: SpaceSaving

    /// An empty summary: the identity of `+` for summaries of this shape.
    public init(shape: CoverageShape) {
        precondition(shape.appCount >= 0 && shape.ruleCount >= 0, "negative app or rule count")
        self.shape = shape
        transitions = Array(repeating: 0, count: 9)
        appHandled = Array(repeating: 0, count: shape.appCount)
        appExcluded = Array(repeating: 0, count: shape.appCount)
        ruleHits = Array(repeating: 0, count: shape.ruleCount)
        transitionPaths = (0..<9).map { cell in
            // One key is enough for a table that is never written to.
            SpaceSaving(
                capacity: cell % 4 == 0 ? 1 : shape.topCapacity, maxKeyLength: shape.maxKeyLength)
        }
        appChangePaths = SpaceSaving(
            capacity: shape.topCapacity, maxKeyLength: shape.maxKeyLength)
    }

    /// Records `weight` requests of one target decided `old` by the old files and `new` by
    /// the new ones (app and rule indices of each side's own numbering). `sameApp` says
    /// whether two handled outcomes name the same app ID; `path` is the key of the path
    /// lists, as `CoverageSummary.record` takes it.
    public mutating func record(
        old: CoverageOutcome, new: CoverageOutcome, sameApp: Bool, path: UnsafeRawBufferPointer,
        weight: UInt64
    ) {
        let from = old.hostLane.rawValue
        let to = new.hostLane.rawValue
        let cell = from * 3 + to
        transitions[cell] &+= weight
        switch new {
        case .handled(let app, let rule):
            newTotals.handled &+= weight
            appHandled[app] &+= weight
            ruleHits[rule] &+= weight
        case .excluded(let app, let rule):
            newTotals.excluded &+= weight
            appExcluded[app] &+= weight
            ruleHits[rule] &+= weight
        case .unmatched:
            newTotals.unmatched &+= weight
        case .noAssociation:
            newTotals.unmatched &+= weight
            newTotals.noAssociation &+= weight
        }
        if from != to {
            transitionPaths[cell].add(
                path, hash: SpaceSaving.keyHash(path, maxKeyLength: shape.maxKeyLength),
                weight: weight, lane: -1)
        } else if case .handled(let oldApp, _) = old, case .handled(let newApp, _) = new,
            !sameApp
        {
            appChanges[AppPair(old: oldApp, new: newApp), default: 0] &+= weight
            appChangePaths.add(
                path, hash: SpaceSaving.keyHash(path, maxKeyLength: shape.maxKeyLength),
                weight: weight, lane: -1)
        }
    }

    /// Requests of one transition (lanes in `CoverageOutcome.HostLane` order).
    public func requests(from: CoverageOutcome.HostLane, to: CoverageOutcome.HostLane) -> UInt64 {
        transitions[from.rawValue * 3 + to.rawValue]
    }

    /// The most frequent paths of a transition off the diagonal, count descending then bytes
    /// ascending; empty on the diagonal.
    public func topPaths(
        from: CoverageOutcome.HostLane, to: CoverageOutcome.HostLane, limit: Int
    ) -> [RankedKey] {
        transitionPaths[from.rawValue * 3 + to.rawValue].entries(limit: limit).map(RankedKey.init)
    }

    /// True when the counts of `topPaths(from:to:)` are estimates (some path was evicted).
    public func topPathsAreApproximate(
        from: CoverageOutcome.HostLane, to: CoverageOutcome.HostLane
    ) -> Bool {
        transitionPaths[from.rawValue * 3 + to.rawValue].isApproximate
    }

    /// The most frequent paths of the requests that change app.
    public func topAppChangePaths(limit: Int) -> [RankedKey] {
        appChangePaths.entries(limit: limit).map(RankedKey.init)
    }

    /// True when the counts of `topAppChangePaths` are estimates.
    public var appChangePathsAreApproximate: Bool { appChangePaths.isApproximate }
}

/// Handled, excluded and unmatched requests of one side of a diff.
public struct DecisionTotals: Sendable, Equatable {
    public var handled: UInt64 = 0
    public var excluded: UInt64 = 0
    /// Includes `noAssociation`.
    public var unmatched: UInt64 = 0
    /// Requests whose host has no file on this side.
    public var noAssociation: UInt64 = 0

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.handled &+= rhs.handled
        sum.excluded &+= rhs.excluded
        sum.unmatched &+= rhs.unmatched
        sum.noAssociation &+= rhs.noAssociation
        return sum
    }
}

/// An app of the old files and an app of the new ones (indices of each side's numbering).
public struct AppPair: Sendable, Hashable {
    public var old: Int
    public var new: Int

    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }
}
