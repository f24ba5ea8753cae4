import CoverageStats
import LinkMatcher

#if canImport(Glibc)
    import Glibc
#endif

/// The new AASA files of `diff` as one worker uses them: their rule sets with this worker's
/// scratches, the host lookup, and the `DiffSummary` the worker counts into. The old files
/// are the worker's own `associations`, counted into its `CoverageSummary` exactly as a scan
/// counts them.
final class ComparisonSide {
    let associations: Associations
    private let ruleSets: [Unmanaged<CompiledRuleSet>]
    private let scratches: [MatchScratch]
    private let unmanagedScratches: [Unmanaged<MatchScratch>]
    /// Per new file: global index of its first app and first rule. Per new global rule: the
    /// app an exclusion by that rule counts for.
    private let appOffsets: [Int]
    private let ruleOffsets: [Int]
    private let exclusionApp: [Int]
    /// Per global app of the old files and of the new ones: a number shared by equal app IDs,
    /// so that a request handled by the same app ID under both is no app change.
    private let oldAppKeys: [Int]
    private let newAppKeys: [Int]
    /// Number of new files plus one: a pair of files is known by one number (`pairFile`).
    private let pairStride: Int
    /// Lives behind a pointer for the same reason as the worker's `CoverageSummary`.
    let summary: UnsafeMutablePointer<DiffSummary>
    /// The last host looked up and the new file it found, as the worker keeps for the old.
    private let lastHost: UnsafeMutableBufferPointer<UInt8>
    private var lastHostCount = -1
    private var lastPort = 0
    private var lastDefaultPort = 0
    private var lastFile: Int?

    init(_ associations: Associations, oldFiles: Associations, topCapacity: Int) {
        self.associations = associations
        ruleSets = associations.files.map { Unmanaged.passUnretained($0.rules) }
        scratches = associations.files.map { $0.rules.makeScratch() }
        unmanagedScratches = scratches.map { Unmanaged.passUnretained($0) }
        appOffsets = associations.files.map(\.appOffset)
        ruleOffsets = associations.files.map(\.ruleOffset)
        exclusionApp = associations.files.flatMap { file in
            file.rules.rules.map { file.entryFirstApp[$0.entryIndex] }
        }
        var keys: [String: Int] = [:]
        func key(_ app: String) -> Int {
            if let known = keys[app] { return known }
            keys[app] = keys.count
            return keys.count - 1
        }
        oldAppKeys = oldFiles.files.flatMap { $0.rules.apps.map(key) }
        newAppKeys = associations.files.flatMap { $0.rules.apps.map(key) }
        pairStride = associations.files.count + 1
        summary = .allocate(capacity: 1)
        summary.initialize(
            to: DiffSummary(
                shape: CoverageShape(
                    appCount: associations.appCount, ruleCount: associations.ruleCount,
                    topCapacity: topCapacity)))
        lastHost = .allocate(capacity: 255)
    }

    deinit {
        summary.deinitialize(count: 1)
        summary.deallocate()
        lastHost.deallocate()
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

    /// The new file's decision for a URL already split.
    @inline(__always)
    func decide(file: Int, _ parts: URLParts, in target: UnsafeBufferPointer<UInt8>) -> Decision {
        ruleSets[file]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[file]._withUnsafeGuaranteedRef { scratch in
                rules.decide(parts, in: target, scratch: scratch)
            }
        }
    }

    /// A new file's decision in the summary's terms: global app and rule indices.
    func outcome(_ decision: Decision, file: Int) -> CoverageOutcome {
        let rule = ruleOffsets[file] + Int(decision.rule)
        switch decision.kind {
        case .handled: return .handled(app: appOffsets[file] + Int(decision.app), rule: rule)
        case .excluded: return .excluded(app: exclusionApp[rule], rule: rule)
        case .unmatched: return .unmatched
        }
    }

    /// Whether the apps of two outcomes (old global app, new global app) are the same app ID.
    func sameApp(_ old: CoverageOutcome, _ new: CoverageOutcome) -> Bool {
        guard case .handled(let oldApp, _) = old, case .handled(let newApp, _) = new else {
            return false
        }
        return oldAppKeys[oldApp] == newAppKeys[newApp]
    }

    /// What the new files' DFA caches did, per file.
    var globCaches: [GlobCacheStatistics] { scratches.map(\.globCacheStatistics) }

    /// The new file for a host, remembering the last answer (hosts come in runs).
    @inline(__always)
    func file(host: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int) -> Int? {
        if associations.isSingleFile || host.isEmpty {
            return associations.file(host: host, port: port, defaultPort: defaultPort)
        }
        let effectivePort = port ?? defaultPort
        if host.count == lastHostCount, effectivePort == lastPort, defaultPort == lastDefaultPort,
            let base = host.baseAddress, let last = lastHost.baseAddress,
            memcmp(base, last, host.count) == 0
        {
            return lastFile
        }
        let found = associations.file(host: host, port: port, defaultPort: defaultPort)
        _ = lastHost.initialize(from: UnsafeBufferPointer(rebasing: host.prefix(lastHost.count)))
        lastHostCount = host.count
        lastPort = effectivePort
        lastDefaultPort = defaultPort
        lastFile = found
        return found
    }
}

extension ScanWorker {
    /// `diff`: decides a request under the old files (`old`, found for its host already) and
    /// the new ones, counts the old side into the summary exactly as `classify` does for a
    /// scan, and the pair into the diff summary. The cache remembers both decisions of a
    /// target. Kept out of `classify`, whose scan path it would otherwise weigh down.
    @inline(never)
    func classifyPair(
        _ waiting: UnsafeMutablePointer<Waiting>, old oldFile: Int?, _ side: ComparisonSide,
        host lowercased: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int,
        weight: UInt64
    ) {
        let target = waiting.pointee.target
        let key = waiting.pointee.key
        let hostPrefix = waiting.pointee.hostPrefix
        let hash = waiting.pointee.hash
        let newFile = side.file(host: lowercased, port: port, defaultPort: defaultPort)
        var host = lowercased
        if let port, port != defaultPort { host = appendPort(port, to: host) }
        let pairFile = side.pairFile(old: oldFile, new: newFile)
        let oldDecision: Decision
        if pairFile == 0 {
            // No file on either side: nothing to decide or remember.
            let split = URLParts.split(target)
            oldDecision = .unmatched
            recordPair(
                .unmatched, .unmatched, pairFile: 0,
                path: pathKey(key, hostPrefix: hostPrefix, split), lines: 1, weight: weight)
        } else if let remembered = cache.countPair(
            key, file: pairFile, hash: hash, weight: weight,
            evicted: { self.recordPairTally($0) })
        {
            oldDecision = remembered.0
        } else {
            let split = URLParts.split(target)
            if let oldFile {
                oldDecision = ruleSets[oldFile]._withUnsafeGuaranteedRef { rules in
                    unmanagedScratches[oldFile]._withUnsafeGuaranteedRef { scratch in
                        rules.decide(split, in: target, scratch: scratch)
                    }
                }
            } else {
                oldDecision = .unmatched
            }
            let newDecision = newFile.map { side.decide(file: $0, split, in: target) } ?? .unmatched
            if DecisionCache.admits(key), key.count == hostPrefix + target.count {
                cache.storePair(
                    key, file: pairFile, hash: hash, oldDecision, newDecision,
                    path: pathRange(key, hostPrefix: hostPrefix, split), weight: weight,
                    evicted: { self.recordPairTally($0) })
            } else {
                recordPair(
                    oldDecision, newDecision, pairFile: pairFile,
                    path: pathKey(key, hostPrefix: hostPrefix, split), lines: 1, weight: weight)
            }
        }
        summaryStorage.pointee.recordHost(
            Self.hostLane(oldDecision.kind), host: UnsafeRawBufferPointer(host), weight: weight)
    }

    /// Records the requests the cache tallied for one target under both sets of files.
    func recordPairTally(_ tally: DecisionCache.Tally) {
        recordPair(
            tally.decision, tally.second, pairFile: tally.file, path: tally.path,
            lines: tally.lines, weight: tally.weight)
    }

    /// Records `weight` requests (`lines` lines) of one target: the old decision into the
    /// coverage summary, as a scan of the old files records it, and the pair into the diff.
    private func recordPair(
        _ old: Decision, _ new: Decision, pairFile: Int, path: UnsafeRawBufferPointer,
        lines: UInt64, weight: UInt64
    ) {
        guard let side = comparison else { return }
        let files = side.files(of: pairFile)
        let oldOutcome = files.old.map { outcome(old, file: $0) } ?? .noAssociation
        summaryStorage.pointee.recordRequests(oldOutcome, path: path, lines: lines, weight: weight)
        let newOutcome = files.new.map { side.outcome(new, file: $0) } ?? .noAssociation
        side.summary.pointee.record(
            old: oldOutcome, new: newOutcome, sameApp: side.sameApp(oldOutcome, newOutcome),
            path: path, weight: weight)
    }
}
