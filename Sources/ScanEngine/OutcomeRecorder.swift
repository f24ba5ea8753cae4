import ASCIIBytes
import CoverageStats
import LinkMatcher

/// Records a worker's decisions into its `CoverageSummary`: one request at a time, or a tally
/// of one target's requests handed over by the decision cache; with `--per-app`, also what
/// each app would do alone; and to the observer, when there is one.
final class OutcomeRecorder {
    /// Behind a pointer: it is updated at every line, and pointer accesses carry none of the
    /// run-time exclusivity checks of class properties.
    let summary: UnsafeMutablePointer<CoverageSummary>
    let outcomes: GlobalOutcomes
    /// Sees every classified request, when the caller asked for it (`LogScan.run`).
    private let observer: (any RequestObserver)?
    /// Whether per-app eligibility is counted (`ScanConfiguration.perApp`), and what it needs:
    private let perApp: Bool
    /// per file, true when at most one `details` entry names apps, so that every app's own
    /// decision is the file's decision and needs no second look;
    private let singleEntry: [Bool]
    /// per global rule, the global indices of the apps of its entry;
    private let ruleApps: [[Int]]
    /// and the rules for that second look.
    private let deciders: FileDeciders

    init(
        _ associations: Associations, shape: CoverageShape, perApp: Bool,
        observer: (any RequestObserver)?, deciders: FileDeciders
    ) {
        summary = .allocate(capacity: 1)
        summary.initialize(to: CoverageSummary(shape: shape))
        summary.pointee.eligibility = perApp ? .counted : .notCounted
        outcomes = GlobalOutcomes(associations)
        self.observer = observer
        self.perApp = perApp
        // Per-app tables only when asked for: each worker builds its own, and a 5,000-rule file
        // takes milliseconds of string hashing before the first line.
        singleEntry =
            !perApp
            ? []
            : associations.files.map { file in
                Set(file.rules.rules.filter { !$0.appIDs.isEmpty }.map(\.entryIndex)).count <= 1
            }
        ruleApps =
            !perApp
            ? []
            : associations.files.flatMap { file in
                let appIndex = file.rules.appIndex
                return file.rules.rules.map { rule in
                    rule.appIDs.compactMap { app in appIndex[app].map { file.appOffset + $0 } }
                }
            }
        self.deciders = deciders
    }

    deinit {
        summary.deinitialize(count: 1)
        summary.deallocate()
    }

    /// Records the requests the cache tallied for one target.
    func record(_ tally: DecisionCache.Tally) {
        summary.pointee.recordRequests(
            outcomes.outcome(tally.decision, file: tally.file), path: tally.path,
            lines: tally.lines, weight: tally.weight)
        let target = Self.target(ofKey: tally.key)
        recordEligibility(tally.decision, file: tally.file, target: target, weight: tally.weight)
        observer?.observe(
            target: target, file: tally.file, decision: tally.decision, weight: tally.weight)
    }

    /// Records one request that the cache does not keep.
    func record(
        _ decision: Decision, file: Int, path: UnsafeRawBufferPointer,
        target: UnsafeBufferPointer<UInt8>, weight: UInt64
    ) {
        summary.pointee.recordRequests(
            outcomes.outcome(decision, file: file), path: path, lines: 1, weight: weight)
        recordEligibility(decision, file: file, target: target, weight: weight)
        observer?.observe(target: target, file: file, decision: decision, weight: weight)
    }

    /// Counts `weight` requests to `host` in the lane of `kind`.
    @inline(__always)
    func recordHost(_ kind: Decision.Kind, host: UnsafeBufferPointer<UInt8>, weight: UInt64) {
        let lane: CoverageOutcome.HostLane =
            switch kind {
            case .handled: .handled
            case .excluded: .excluded
            case .unmatched: .unmatched
            }
        summary.pointee.recordHost(lane, host: UnsafeRawBufferPointer(host), weight: weight)
    }

    /// Counts what each app would do with `weight` requests of `target` were it the only app
    /// installed (its own first decisive rule). Most requests need no second look: unmatched
    /// means no app has a decisive rule, and in a file with one entry its decision is the
    /// overall one. Paid once per tally, not per line, and only with `--per-app`.
    private func recordEligibility(
        _ decision: Decision, file: Int, target: UnsafeBufferPointer<UInt8>, weight: UInt64
    ) {
        if !perApp || decision.kind == .unmatched { return }
        if singleEntry[file] {
            // The deciding rule's entry names every app: they all get its decision.
            for app in ruleApps[outcomes.rule(decision.rule, file: file)] {
                summary.pointee.recordEligible(
                    app: app, excluded: decision.kind == .excluded, weight: weight)
            }
            return
        }
        for own in deciders.decidePerApp(file: file, target) {
            summary.pointee.recordEligible(
                app: outcomes.app(own.app, file: file), excluded: own.kind == .excluded,
                weight: weight)
        }
    }

    /// The target inside a cache key: the key itself, or what follows a leading host (whose
    /// key starts `host/`, where an absolute target starts `scheme://`).
    @inline(__always)
    private static func target(ofKey key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>
    {
        guard let first = key.first, first != ASCII.slash,
            let slash = key.firstIndex(of: ASCII.slash), slash > 0, key[slash - 1] != ASCII.colon
        else { return key }
        return UnsafeBufferPointer(rebasing: key[slash...])
    }
}
