import CPrefetch
import CoverageStats
import LibC
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
    /// Lives behind a pointer for the same reason as the worker's `CoverageSummary`; gets
    /// the changed requests as they come, and `counts` at the end (`finish`).
    let summary: UnsafeMutablePointer<DiffSummary>
    /// The exact counts of every request, in plain memory in `DiffCountLayout` order: most
    /// requests change nothing, and need nothing but these.
    private let counts: UnsafeMutableBufferPointer<UInt64>
    private let layout: DiffCountLayout
    /// Per slot of the worker's decision cache: the new files' decision of the target the
    /// slot remembers (the cache itself keeps the old files').
    let seconds: UnsafeMutablePointer<Decision>

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
        let shape = CoverageShape(
            appCount: associations.appCount, ruleCount: associations.ruleCount,
            topCapacity: topCapacity)
        summary = .allocate(capacity: 1)
        summary.initialize(to: DiffSummary(shape: shape))
        layout = DiffCountLayout(shape)
        counts = .allocate(capacity: layout.count)
        counts.initialize(repeating: 0)
        seconds = .allocate(capacity: DecisionCache.slotCount)
        seconds.initialize(repeating: .unmatched, count: DecisionCache.slotCount)
    }

    deinit {
        summary.deinitialize(count: 1)
        summary.deallocate()
        for buffer in [oldAppKeys, newAppKeys] {
            buffer.deallocate()
        }
        counts.deallocate()
        seconds.deallocate()
    }

    /// Counts `weight` requests decided `old` by the old files (a lane and, when handled, the
    /// old global app) and `new` by the new file `newFile` (nil: the host has none); a changed
    /// request's `path` also goes to the summary's top lists.
    @inline(__always)
    func record(
        old: CoverageOutcome.HostLane, oldApp: Int, new: Decision, newFile: Int?,
        path: UnsafeRawBufferPointer, pathHash: UInt64, weight: UInt64
    ) {
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

extension ScanWorker {
    /// `diff`: decides a request under the old files (`old`, found for its host already) and
    /// the new ones, counts the old side into the summary exactly as `classify` does for a
    /// scan (per-host counts aside: the diff report has none, and they cost a table update
    /// a line), and the pair into the diff. The cache remembers both decisions of a target.
    /// Kept out of `classify`, whose scan path it would otherwise weigh down.
    @inline(never)
    func classifyPair(
        _ pending: UnsafeMutablePointer<PendingRequest>, _ place: RequestPlace,
        _ side: ComparisonSide, weight: UInt64
    ) {
        let oldFile = place.file
        let target = pending.pointee.target
        let key = pending.pointee.key
        let hash = pending.pointee.hash
        // The second decisions of the target's set: needed on a hit, so fetched first.
        prefetch_for_read(side.seconds + DecisionCache.firstSlot(hash: hash))
        let newFile = side.hosts.file(
            host: place.host, port: place.port, defaultPort: place.defaultPort)
        let pairFile = side.pairFile(old: oldFile, new: newFile)
        if pairFile == 0 {
            // No file on either side: nothing to decide or remember.
            recordPair(
                .unmatched, .unmatched, side, pairFile: 0,
                path: pending.pointee.pathKey(URLParts.split(target)), lines: 1, weight: weight)
            return
        }
        if cache.countSlot(
            key, file: pairFile, hash: hash, weight: weight,
            evicted: { self.recordPair($0, side) }) != nil
        {
            return
        }
        let split = URLParts.split(target)
        let oldDecision = oldFile.map { deciders.decide(file: $0, split, in: target) } ?? .unmatched
        let newDecision =
            newFile.map { side.deciders.decide(file: $0, split, in: target) } ?? .unmatched
        if DecisionCache.admits(key), pending.pointee.keyIsWhole {
            let slot = cache.nextSlot(hash: hash)
            cache.store(
                key, file: pairFile, hash: hash, oldDecision,
                path: pending.pointee.pathRange(split), weight: weight,
                evicted: { self.recordPair($0, side) })
            side.seconds[slot] = newDecision
        } else {
            recordPair(
                oldDecision, newDecision, side, pairFile: pairFile,
                path: pending.pointee.pathKey(split), lines: 1, weight: weight)
        }
    }

    private func recordPair(_ tally: DecisionCache.Tally, _ side: ComparisonSide) {
        recordPair(
            tally.decision, side.seconds[tally.slot], side, pairFile: tally.file,
            path: tally.path, lines: tally.lines, weight: tally.weight)
    }

    /// Records the requests the cache tallied for one target under both sets of files.
    func recordPairTally(_ tally: DecisionCache.Tally) {
        guard let side = comparison else { return }
        recordPair(
            tally.decision, side.seconds[tally.slot], side, pairFile: tally.file,
            path: tally.path, lines: tally.lines, weight: tally.weight)
    }

    /// Records `weight` requests (`lines` lines) of one target: the old decision into the
    /// coverage summary, as a scan of the old files records it, and the pair into the diff.
    @inline(__always)
    private func recordPair(
        _ old: Decision, _ new: Decision, _ side: ComparisonSide, pairFile: Int,
        path: UnsafeRawBufferPointer, lines: UInt64, weight: UInt64
    ) {
        let files = side.files(of: pairFile)
        let oldOutcome =
            files.old.map { recorder.outcomes.outcome(old, file: $0) } ?? .noAssociation
        let pathHash = recorder.summary.pointee.recordRequests(
            oldOutcome, path: path, lines: lines, weight: weight)
        let oldApp: Int
        if case .handled(let app, _) = oldOutcome { oldApp = app } else { oldApp = 0 }
        side.record(
            old: oldOutcome.hostLane, oldApp: oldApp, new: new, newFile: files.new, path: path,
            pathHash: pathHash, weight: weight)
    }
}
