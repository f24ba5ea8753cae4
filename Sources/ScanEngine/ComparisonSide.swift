import CoverageStats
import LinkMatcher

/// The new AASA files of `diff` as one worker uses them: their rule sets with this worker's
/// scratches, the host lookup, and the `DiffSummary` the worker counts into. The old files
/// are the worker's own `associations`, counted into its `CoverageSummary` exactly as a scan
/// counts them.
final class ComparisonSide {
    let associations: Associations
    let deciders: FileDeciders
    private let outcomes: GlobalOutcomes
    /// The new file of a host, as the worker finds the old.
    let hosts: HostLookup
    /// Per global app of the old files and of the new ones: a number shared by equal app IDs,
    /// so that a request handled by the same app ID under both is no app change.
    private let oldAppKeys: UnsafeMutableBufferPointer<Int>
    private let newAppKeys: UnsafeMutableBufferPointer<Int>
    /// Number of new files plus one: a pair of files is known by one number (`pairFile`).
    private let pairStride: Int
    /// More than any `pairFile` number: the decision cache keeps the requests a log names as
    /// `http` under their pair's number plus this, as `OutcomeRecorder.httpFiles` says why.
    private let httpPairs: Int
    /// Lives behind a pointer for the same reason as the worker's `CoverageSummary`; gets
    /// the changed requests as they come, and `counts` at the end (`finish`).
    let summary: UnsafeMutablePointer<DiffSummary>
    /// The exact counts of every request, in plain memory in `DiffCountLayout` order: most
    /// requests change nothing, and need nothing but these.
    private let counts: UnsafeMutableBufferPointer<UInt64>
    private let layout: DiffCountLayout
    /// The new files' decisions, numbered: the worker's decision cache keeps a target's
    /// number in its slot (`answers`), beside the old files' decision. Behind a pointer for
    /// the reason the summary is.
    let newDecisions: UnsafeMutablePointer<DecisionNumbers>

    init(_ associations: Associations, oldFiles: Associations, topCapacity: Int) {
        self.associations = associations
        deciders = FileDeciders(associations)
        outcomes = GlobalOutcomes(associations)
        hosts = HostLookup(associations)
        var keys: [String: Int] = [:]
        func key(_ app: String) -> Int {
            if let known = keys[app] { return known }
            keys[app] = keys.count
            return keys.count - 1
        }
        oldAppKeys = .copying(oldFiles.files.flatMap { $0.rules.apps.map(key) })
        newAppKeys = .copying(associations.files.flatMap { $0.rules.apps.map(key) })
        pairStride = associations.files.count + 1
        httpPairs = (oldFiles.files.count + 1) * pairStride
        let shape = CoverageShape(
            appCount: associations.appCount, ruleCount: associations.ruleCount,
            topCapacity: topCapacity)
        summary = .allocate(capacity: 1)
        summary.initialize(to: DiffSummary(shape: shape))
        layout = DiffCountLayout(shape)
        counts = .allocate(capacity: layout.count)
        counts.initialize(repeating: 0)
        newDecisions = .allocate(capacity: 1)
        newDecisions.initialize(to: DecisionNumbers())
    }

    deinit {
        summary.deinitialize(count: 1)
        summary.deallocate()
        for buffer in [oldAppKeys, newAppKeys] {
            buffer.deallocate()
        }
        counts.deallocate()
        newDecisions.deinitialize(count: 1)
        newDecisions.deallocate()
    }

    /// Counts `weight` requests decided `old` by the old files (a lane and, when handled, the
    /// old global app) and `new` by the new file `newFile` (nil: the host has none); a changed
    /// request's `path` also goes to the summary's top lists. Returns the new app that opens
    /// the requests, if any.
    @inline(__always)
    @discardableResult
    func record(
        old: CoverageOutcome.HostLane, oldApp: Int, new: Decision, newFile: Int?,
        path: UnsafeRawBufferPointer, pathHash: UInt64, weight: UInt64
    ) -> Int? {
        let outcome = newFile.map { outcomes.outcome(new, file: $0) } ?? .noAssociation
        layout.count(old: old, new: outcome, weight: weight, into: counts)
        if old != outcome.hostLane {
            summary.pointee.recordChange(
                from: old, to: outcome.hostLane, path: path, pathHash: pathHash, weight: weight)
        } else if case .handled(let newApp, _) = outcome, oldAppKeys[oldApp] != newAppKeys[newApp] {
            summary.pointee.recordChange(
                appChange: AppPair(old: oldApp, new: newApp), path: path, pathHash: pathHash,
                weight: weight)
        }
        return outcome.openingApp
    }

    /// Hands the exact counts to the summary; call once, after the last request.
    func finish() {
        summary.pointee.add(counts: UnsafeBufferPointer(counts))
        counts.update(repeating: 0)
    }

    /// One number for an old file and a new file (either may be missing), never 0 unless both
    /// are: the decision cache keys a target by it.
    @inline(__always)
    func pairFile(old: Int?, new: Int?) -> Int {
        (old.map { $0 + 1 } ?? 0) * pairStride + (new.map { $0 + 1 } ?? 0)
    }

    /// The number the decision cache keeps a request of pair `pairFile` under (`httpPairs`),
    /// and back.
    @inline(__always)
    func cacheNumber(_ pairFile: Int, http: Bool) -> Int { http ? pairFile + httpPairs : pairFile }

    @inline(__always)
    func pairAndScheme(ofCacheNumber number: Int) -> (pairFile: Int, http: Bool) {
        number >= httpPairs ? (number - httpPairs, true) : (number, false)
    }

    /// The old and new file of a `pairFile` number.
    @inline(__always)
    func files(of pairFile: Int) -> (old: Int?, new: Int?) {
        let old = pairFile / pairStride
        let new = pairFile % pairStride
        return (old > 0 ? old - 1 : nil, new > 0 ? new - 1 : nil)
    }

    /// What the new files' DFA caches did, per file.
    var globCaches: [GlobCacheStatistics] { deciders.globCaches }
}
