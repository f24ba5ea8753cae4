import ASCIIBytes

/// What `diff` counts beside the old file's `CoverageSummary`: every request's pair of
/// decisions, old file then new file, in bounded memory, mergeable with `+`.
///
/// Exact: the 3 x 3 transition counts, the new file's totals and per-app and per-rule counts,
/// and the requests that change app. Approximate: the top paths of each changed transition
/// (Space-Saving, with the error bounds of `SpaceSaving`). Memory: `16 * appCount + 8 *
/// ruleCount` for the new file, one entry per pair of apps seen changing, and at most seven
/// top-path tables of `topCapacity` keys (the six transitions off the diagonal and the app
/// changes, each with its filter once full), about 2.2 MiB with the default shape.
public struct DiffSummary: Sendable {
    /// The new file's apps and rules, and the top-path table sizes.
    public let shape: CoverageShape
    /// Every exact count in one array, in `DiffCountLayout` order.
    var counts: [UInt64]

    /// Requests per transition, `from * 3 + to` with lanes in `CoverageOutcome.HostLane`
    /// order (handled, excluded, unmatched).
    public var transitions: [UInt64] { Array(counts[DiffCountLayout.transitions]) }
    /// The new files' side of the totals (the old side is the scan's `CoverageTotals`).
    public var newTotals: DecisionTotals {
        var totals = DecisionTotals()
        totals.handled = counts[DiffCountLayout.handled]
        totals.excluded = counts[DiffCountLayout.excluded]
        totals.unmatched = counts[DiffCountLayout.unmatched]
        totals.noAssociation = counts[DiffCountLayout.noAssociation]
        return totals
    }
    /// Requests the new files open, per new app index (the overall decision).
    public var appHandled: [UInt64] { Array(counts[layout.appHandled]) }
    /// Requests an exclusion of the new files blocked, per new app index.
    public var appExcluded: [UInt64] { Array(counts[layout.appExcluded]) }
    /// Requests each new rule decided, per new global rule index.
    public var ruleHits: [UInt64] { Array(counts[layout.ruleHits]) }
    /// Requests handled under both, by one app under the old files and another under the new
    /// ones, per pair of app indices (old, new).
    public internal(set) var appChanges: [AppPair: UInt64] = [:]
    /// What Android did with the requests, its cross table against the new files' apps
    /// (`diff --android-manifest`); nil without.
    public var android: AndroidCounts?
    /// Top paths per transition off the diagonal, indexed like `transitions` (the diagonal's
    /// tables stay empty).
    var transitionPaths: [SpaceSaving]
    /// Top paths of the requests that change app.
    var appChangePaths: SpaceSaving

    /// An empty summary: the identity of `+` for summaries of this shape.
    public init(shape: CoverageShape) {
        precondition(shape.appCount >= 0 && shape.ruleCount >= 0, "negative app or rule count")
        self.shape = shape
        counts = Array(repeating: 0, count: DiffCountLayout(shape).count)
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
        let layout = layout
        counts.withUnsafeMutableBufferPointer { counts in
            layout.count(old: old.hostLane, new: new, weight: weight, into: counts)
        }
        if case .handled(let oldApp, _) = old, case .handled(let newApp, _) = new, !sameApp {
            recordChange(appChange: AppPair(old: oldApp, new: newApp), path: path, weight: weight)
        } else if old.hostLane != new.hostLane {
            recordChange(from: old.hostLane, to: new.hostLane, path: path, weight: weight)
        }
    }

    /// The part of `record` for a request that changes transition (`from != to`): its path
    /// in that transition's top list. A caller that keeps the exact counts itself, in
    /// `DiffCountLayout` order, calls this for the changed requests only and adds its counts
    /// with `add(counts:)`.
    /// `pathHash`, when given, is `StableHash.hash(path)` as the caller computed it already.
    public mutating func recordChange(
        from: CoverageOutcome.HostLane, to: CoverageOutcome.HostLane,
        path: UnsafeRawBufferPointer, pathHash: UInt64? = nil, weight: UInt64
    ) {
        transitionPaths[from.rawValue * 3 + to.rawValue].add(
            path, hash: keyHash(path, pathHash), weight: weight, lane: -1)
    }

    /// The part of `record` for a request handled under both by different app IDs.
    public mutating func recordChange(
        appChange apps: AppPair, path: UnsafeRawBufferPointer, pathHash: UInt64? = nil,
        weight: UInt64
    ) {
        appChanges[apps, default: 0].addSaturating(weight)
        appChangePaths.add(path, hash: keyHash(path, pathHash), weight: weight, lane: -1)
    }

    /// The top-list hash of `path`, from its full `StableHash` unless the path is cut short.
    @inline(__always)
    private func keyHash(_ path: UnsafeRawBufferPointer, _ fullHash: UInt64?) -> UInt64 {
        if let fullHash, path.count <= shape.maxKeyLength { return fullHash }
        return SpaceSaving.keyHash(path, maxKeyLength: shape.maxKeyLength)
    }

    /// Adds exact counts kept apart in `DiffCountLayout(shape)` order.
    public mutating func add(counts other: UnsafeBufferPointer<UInt64>) {
        precondition(other.count == counts.count, "counts of another shape")
        for index in counts.indices { counts[index].addSaturating(other[index]) }
    }

    /// Requests of one transition (lanes in `CoverageOutcome.HostLane` order).
    public func requests(from: CoverageOutcome.HostLane, to: CoverageOutcome.HostLane) -> UInt64 {
        counts[from.rawValue * 3 + to.rawValue]
    }

    var layout: DiffCountLayout { DiffCountLayout(shape) }

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

/// Where each exact count of a `DiffSummary` lies in one flat array: the nine transitions,
/// the new side's totals, per new app its handled then its excluded requests, per new rule
/// its hits. A counter that keeps these in plain memory hands them over with `add(counts:)`.
public struct DiffCountLayout: Sendable, Equatable {
    public static let transitions = 0..<9
    public static let handled = 9
    public static let excluded = 10
    public static let unmatched = 11
    public static let noAssociation = 12
    public let appHandled: Range<Int>
    public let appExcluded: Range<Int>
    public let ruleHits: Range<Int>
    /// Counts in all.
    public var count: Int { ruleHits.upperBound }

    public init(_ shape: CoverageShape) {
        appHandled = 13..<(13 + shape.appCount)
        appExcluded = appHandled.upperBound..<(appHandled.upperBound + shape.appCount)
        ruleHits = appExcluded.upperBound..<(appExcluded.upperBound + shape.ruleCount)
    }

    /// Adds `weight` requests that went from `old` to `new` to `counts`.
    @inlinable
    public func count(
        old: CoverageOutcome.HostLane, new: CoverageOutcome, weight: UInt64,
        into counts: UnsafeMutableBufferPointer<UInt64>
    ) {
        counts[old.rawValue * 3 + new.hostLane.rawValue].addSaturating(weight)
        switch new {
        case .handled(let app, let rule):
            counts[Self.handled].addSaturating(weight)
            counts[appHandled.lowerBound + app].addSaturating(weight)
            counts[ruleHits.lowerBound + rule].addSaturating(weight)
        case .excluded(let app, let rule):
            counts[Self.excluded].addSaturating(weight)
            counts[appExcluded.lowerBound + app].addSaturating(weight)
            counts[ruleHits.lowerBound + rule].addSaturating(weight)
        case .unmatched:
            counts[Self.unmatched].addSaturating(weight)
        case .noAssociation:
            counts[Self.unmatched].addSaturating(weight)
            counts[Self.noAssociation].addSaturating(weight)
        }
    }
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
}

/// An app of the old files and an app of the new ones (indices of each side's numbering).
public struct AppPair: Sendable, Hashable {
    public var old: Int
    public var new: Int

    public init(old: Int, new: Int) { (self.old, self.new) = (old, new) }
}
