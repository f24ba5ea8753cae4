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
    /// per global rule of such a file, the global indices of the apps of its entry (none for
    /// the rules of the other files);
    private let ruleApps: [[Int]]
    /// and the rules that decide each app apart from the others, in the walk of the decision
    /// (`decideWithApps`), beside each file's default answers;
    private let deciders: FileDeciders
    private let appDefaults: [FileAppDefaults]
    /// Behind a pointer, as `summary` is: each tally that leaves the cache adds to it.
    private let appVectors: UnsafeMutablePointer<AppVectors>
    /// Android's decision of each tally, with `--android-manifest`.
    private let android: AndroidRecorder?
    /// With Android, the decision cache keeps a request that a log names as `http` (an
    /// origin-form target on a logged port 80) under its file's number plus this, apart from
    /// the `https` ones: Android may decide it otherwise (a filter may take `https` alone),
    /// iOS never does (S9). 0 without Android: every request under its file's number.
    let httpFiles: Int
    /// Where the rules that decide a request are marked for others to see (`RulesSeen`), and
    /// which of them this recorder has marked already: a bit is set once per worker.
    private let rulesSeen: RulesSeen?
    private let marked: UnsafeMutablePointer<Bool>?

    init(
        _ associations: Associations, shape: CoverageShape, perApp: Bool,
        observer: (any RequestObserver)?, deciders: FileDeciders,
        android: AndroidScanSetup? = nil, newAppCount: Int? = nil, rulesSeen: RulesSeen? = nil
    ) {
        summary = .allocate(capacity: 1)
        summary.initialize(to: CoverageSummary(shape: shape))
        summary.pointee.eligibility = perApp ? .counted : .notCounted
        appVectors = .allocate(capacity: 1)
        appVectors.initialize(to: AppVectors())
        outcomes = GlobalOutcomes(associations)
        self.observer = observer
        self.perApp = perApp
        // Per-app tables only when asked for, read from the compiled entries: hashing the
        // app IDs of a 5,000-rule file took each worker milliseconds before the first line.
        let singleEntry = !perApp ? [] : associations.files.map { $0.rules.entriesNamingApps <= 1 }
        self.singleEntry = singleEntry
        ruleApps = zip(associations.files, singleEntry).flatMap { file, single in
            file.rules.rules.indices.map { rule in
                single ? file.rules.apps(ofRule: rule).map { file.appOffset + Int($0) } : []
            }
        }
        self.deciders = deciders
        appDefaults = !perApp ? [] : associations.files.map { FileAppDefaults($0.rules) }
        self.android = android.map {
            AndroidRecorder($0, appCount: associations.appCount, newAppCount: newAppCount)
        }
        httpFiles = android == nil ? 0 : associations.files.count
        self.rulesSeen = rulesSeen
        marked = rulesSeen.map {
            let marked = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, $0.ruleCount))
            marked.initialize(repeating: false, count: max(1, $0.ruleCount))
            return marked
        }
    }

    /// Marks the rule of `outcome`, if it has one, in `rulesSeen`.
    @inline(__always)
    private func markSeen(_ outcome: CoverageOutcome) {
        guard let marked, let rulesSeen else { return }
        switch outcome {
        case .handled(_, let rule), .excluded(_, let rule):
            if !marked[rule] {
                marked[rule] = true
                rulesSeen.insert(rule)
            }
        case .unmatched, .noAssociation: break
        }
    }

    /// Whether a request the log names as `http` on `host` (lower-cased, no port) is to be
    /// kept apart: Android may decide it otherwise than as `https` there.
    @inline(__always)
    func keepsHTTPApart(host: UnsafeBufferPointer<UInt8>) -> Bool {
        android?.tellsHTTPApart(host: host) ?? false
    }

    /// The number the decision cache keeps a request of file `file` under (`httpFiles`).
    @inline(__always)
    func cacheFile(_ file: Int, http: Bool) -> Int { http ? file + httpFiles : file }

    /// The file and scheme of a `cacheFile` number.
    @inline(__always)
    func fileAndScheme(ofCacheFile number: Int) -> (file: Int, http: Bool) {
        httpFiles > 0 && number >= httpFiles ? (number - httpFiles, true) : (number, false)
    }

    deinit {
        marked?.deallocate()
        summary.deinitialize(count: 1)
        summary.deallocate()
        appVectors.deinitialize(count: 1)
        appVectors.deallocate()
    }

    /// Whether the decisions of file `file` are to be made with each app's own
    /// (`FileDeciders.decideWithApps`), and the answers kept with the decision
    /// (`appVector(file:_:)`, stored as the cache slot's `answers`): with `perApp`, for a file
    /// of more than one entry.
    @inline(__always)
    func decidesApps(file: Int) -> Bool { !singleEntry.isEmpty && !singleEntry[file] }

    /// Each app's own answer for the target just decided under file `file` (with
    /// `decideWithApps`) as `decision`, as an index into `appVectors`; -1 when no app has an
    /// answer (`decision` is unmatched) or it does not fit. Taken before the target is stored:
    /// storing may evict a tally that decides again.
    @inline(__always)
    func appVector(file: Int, _ decision: Decision) -> Int32 {
        guard decision.kind != .unmatched else { return -1 }
        return appVectors.pointee.intern(
            deciders.appOverrides(file: file), file: file, defaults: appDefaults[file],
            outcomes: outcomes)
            ?? -1
    }

    /// Spreads the requests counted per answer (`appVectors`) over the apps; call once the
    /// cache has handed over every tally.
    func finish() {
        appVectors.pointee.spread(defaults: appDefaults, outcomes: outcomes) {
            app, excluded, weight in
            summary.pointee.recordEligible(app: app, excluded: excluded, weight: weight)
        }
        if let android {
            android.flush()
            summary.pointee.android = android.counts
        }
    }

    /// Records the requests the cache tallied for one target.
    func record(_ tally: DecisionCache.Tally) {
        let (file, http) = fileAndScheme(ofCacheFile: tally.file)
        let outcome = outcomes.outcome(tally.decision, file: file)
        summary.pointee.recordRequests(
            outcome, path: tally.path, lines: tally.lines, weight: tally.weight)
        markSeen(outcome)
        let target = Self.target(ofKey: tally.key)
        android?.record(
            key: tally.key, target: target, isPath: tally.keyEndsWithPath, http: http,
            iosApp: outcome.openingApp, weight: tally.weight)
        if decidesApps(file: file), tally.answers >= 0 {
            appVectors.pointee.add(tally.weight, to: tally.answers)
        } else {
            recordEligibility(
                tally.decision, file: file, target: target, weight: tally.weight,
                decidedJustNow: false)
        }
        observer?.observe(
            target: target, file: file, decision: tally.decision, weight: tally.weight)
    }

    /// Records one request that the cache does not keep, just decided (with each app's own
    /// decision when `decidesApps(file:)`); `host` and `http` as `recordAndroid` takes them.
    func record(
        _ decision: Decision, file: Int, path: UnsafeRawBufferPointer,
        host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, http: Bool,
        weight: UInt64
    ) {
        let outcome = outcomes.outcome(decision, file: file)
        summary.pointee.recordRequests(outcome, path: path, lines: 1, weight: weight)
        markSeen(outcome)
        android?.record(
            host: host, target: target, http: http, iosApp: outcome.openingApp, weight: weight)
        recordEligibility(
            decision, file: file, target: target, weight: weight, decidedJustNow: true)
        observer?.observe(target: target, file: file, decision: decision, weight: weight)
    }

    /// Records one request of a host no AASA file covers, with `host` lower-cased and with
    /// `:port` unless the scheme's default (empty when the log names none).
    @inline(__always)
    func recordWithoutAssociation(
        host: UnsafeBufferPointer<UInt8>, path: UnsafeRawBufferPointer,
        target: UnsafeBufferPointer<UInt8>, http: Bool, weight: UInt64
    ) {
        summary.pointee.record(
            .noAssociation, host: UnsafeRawBufferPointer(host), path: path, weight: weight)
        android?.record(host: host, target: target, http: http, iosApp: nil, weight: weight)
    }

    /// True when Android decides too.
    var hasAndroid: Bool { android != nil }

    /// `diff`: Android's decision of `weight` requests of `target` on `host` (as
    /// `recordWithoutAssociation` takes it), opened by `oldApp` of the old files and `newApp`
    /// of the new ones.
    func recordAndroid(
        host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, http: Bool,
        oldApp: Int?, newApp: Int?, weight: UInt64
    ) {
        android?.record(
            host: host, target: target, http: http, iosApp: oldApp, newIOSApp: newApp,
            weight: weight)
    }

    /// `diff`: hands Android's counts to both summaries; call once, at the end.
    func finishAndroid(newSummary: UnsafeMutablePointer<DiffSummary>) {
        guard let android else { return }
        android.flush()
        summary.pointee.android = android.counts
        newSummary.pointee.android = android.newCounts
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
    /// installed (its own first decisive rule). Unmatched means no app has a decisive rule,
    /// and in a file with one entry its decision is every app's; in the others each app's
    /// own comes from the walk that made the decision: for a request the cache did not keep,
    /// still in the scratch, counted with its answer in `appVectors` when it fits; for a
    /// tally whose answers did not fit there, decided again.
    private func recordEligibility(
        _ decision: Decision, file: Int, target: UnsafeBufferPointer<UInt8>, weight: UInt64,
        decidedJustNow: Bool
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
        if decidedJustNow {
            let vector = appVector(file: file, decision)
            if vector >= 0 { return appVectors.pointee.add(weight, to: vector) }
        }
        let own =
            decidedJustNow
            ? deciders.appDecisions(file: file, of: decision)
            : deciders.appDecisions(file: file, decidingAgain: target)
        for own in own {
            summary.pointee.recordEligible(
                app: outcomes.app(own.app, file: file), excluded: own.kind == .excluded,
                weight: weight)
        }
    }

    /// The target inside a cache key: the key itself, or what follows a leading host (whose
    /// key starts `host/`, where an absolute target starts `scheme://`).
    @inline(__always)
    static func target(ofKey key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let first = key.first, first != ASCII.slash,
            let slash = key.firstIndex(of: ASCII.slash), slash > 0, key[slash - 1] != ASCII.colon
        else { return key }
        return UnsafeBufferPointer(rebasing: key[slash...])
    }
}
