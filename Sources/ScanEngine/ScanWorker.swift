import ASCIIBytes
import CoverageStats
import LinkMatcher
import LogIO
import LogParsing

/// One worker: classifies the lines of the chunks it is given into its own summary, with its
/// own scratch, so workers share nothing while they run.
///
/// Per line: parse (one line ahead, `RequestPipeline`) → filter → place (`HostResolver`) →
/// decide (`DecisionCache`, else `FileDeciders`) → record (`OutcomeRecorder`). Each of those
/// keeps its own speed tricks, with their reasons.
final class ScanWorker {
    let filter: RequestFilter
    /// False when no filter was asked for, read once instead of at every line.
    private let filtering: Bool
    private let pipeline: RequestPipeline
    let hosts: HostResolver
    let deciders: FileDeciders
    let cache: DecisionCache
    let recorder: OutcomeRecorder
    /// The new files of `diff`, decided beside the files of `associations`; nil for a scan.
    let comparison: ComparisonSide?
    /// The same, used at every line without retaining it (the worker owns it).
    private let unmanagedComparison: Unmanaged<ComparisonSide>?
    /// Per file, when its decisions are remembered for the target without its query and
    /// fragment; nil when no file's are, or when an observer is to see each target. Plain
    /// memory, read at cache misses without retaining.
    private let pathMemory: UnsafeMutableBufferPointer<PathMemory>?
    /// With Android, what it reads beyond the path: a target is remembered by path only when
    /// Android too decides it by path.
    private let android: AndroidScanSetup?
    private(set) var inputCounts: [InputCounts] = []
    /// True when request times are read (`--since`, `--until`, `--bucket`): only then, so
    /// that a scan without them pays nothing for times.
    private let readsTime: Bool
    /// True when the summary keeps a time series (`--bucket`, not for `diff`).
    private let bucketing: Bool
    /// What the worker keeps of times until `finish()` hands it to the summary. Behind a
    /// pointer for the reason the summary is: it changes at every line.
    private let times: UnsafeMutablePointer<WorkerTimes>
    /// The file of hostless requests when `classify` may count them straight in the cache
    /// (a scan without filters or comparison; a time series may be kept); -1 otherwise.
    private let quickFile: Int
    private let chunkSize: Int
    /// The buffer this worker reads a `SharedInput` into, made when first needed: its own, so
    /// that the bytes it reads are still in its core's cache when it classifies them.
    private(set) lazy var ownChunk = Chunk(capacity: chunkSize)

    init(
        associations: Associations, filter: RequestFilter, shape: CoverageShape, lineLimit: Int,
        perApp: Bool = false, observer: (any RequestObserver)? = nil,
        comparedWith newFiles: Associations? = nil, bucket: BucketSize? = nil,
        perAppSeries: Bool = false, android: AndroidScanSetup? = nil, rulesSeen: RulesSeen? = nil
    ) {
        self.filter = filter
        self.android = android
        readsTime = filter.filtersTime || bucket != nil
        bucketing = bucket != nil && newFiles == nil
        filtering = !filter.isEmpty
        pipeline = .allocate(lineLimit: lineLimit)
        chunkSize = lineLimit
        hosts = HostResolver(associations)
        deciders = FileDeciders(associations)
        cache = DecisionCache()
        recorder = OutcomeRecorder(
            associations, shape: shape, perApp: perApp, observer: observer, deciders: deciders,
            android: android, newAppCount: newFiles?.appCount, rulesSeen: rulesSeen)
        comparison = newFiles.map {
            ComparisonSide($0, oldFiles: associations, topCapacity: shape.topCapacity)
        }
        unmanagedComparison = comparison.map { Unmanaged.passUnretained($0) }
        times = .allocate(capacity: 1)
        times.initialize(to: WorkerTimes())
        if let bucket, newFiles == nil {
            times.pointee.series = TimeSeries(
                size: bucket, appCount: perAppSeries ? associations.appCount : 0)
        }
        let byPath = associations.files.map {
            PathMemory($0.rules, android: android?.pathReading)
        }
        // Android decides the remembered key as it decides the target: not by path alone
        // when its rules read the query or the fragment.
        let keepsWholeTargets = observer != nil || (android != nil && android?.pathReading == nil)
        pathMemory =
            !keepsWholeTargets && byPath.contains(where: { $0 != .never })
            ? .copying(byPath) : nil
        quickFile = filter.isEmpty && newFiles == nil ? hosts.hostlessFile ?? -1 : -1
    }

    deinit {
        times.deinitialize(count: 1)
        times.deallocate()
        pathMemory?.deallocate()
        cache.free()
        pipeline.deallocate()
    }

    /// What this worker counted (complete once `finish()` was called).
    var summary: CoverageSummary { recorder.summary.pointee }

    /// What this worker's DFA caches did, per association file.
    var globCaches: [GlobCacheStatistics] { deciders.globCaches }

    /// Classifies every line of `chunk`, reading it with `parser` as it was at the chunk's start.
    func process(_ chunk: Chunk, parser initial: LineParser) {
        var parser = initial
        let input = chunk.inputIndex
        while inputCounts.count <= input { inputCounts.append(InputCounts()) }
        var counts = inputCounts[input]
        recordOverlongLines(of: chunk, counts: &counts)
        let prefetch = ChunkPrefetch(chunk)
        var pipeline = self.pipeline
        var lineNumber = UInt64(chunk.firstLineNumber)
        let source = timeSource(parser)
        // The window as two plain bounds: `.min`, the mark of a format without times, is
        // below every window, so one test keeps the usual line.
        let since = filter.since ?? (Int64.min + 1)
        let until = filter.until ?? Int64.max
        // The chunk's time range, folded into the input's and the worker's once at its end.
        var first = Int64.max
        var last = Int64.min
        for line in chunk.lines {
            counts.lines.addSaturating(1)
            prefetch.ahead(of: line)
            let slot = pipeline.free
            switch parser.parse(line, scratch: slot.pointee.scratch, into: &slot.pointee.request) {
            case .ok:
                if source != .none {
                    let time: Int64? =
                        switch source {
                        case .bracketed:
                            LineParser.bracketedTime(
                                line, before: slot.pointee.request.method.lowerBound,
                                memo: &times.pointee.memo)
                        case .parsed:
                            parser.timestamp(
                                in: line, of: slot.pointee.request, memo: &times.pointee.memo)
                        case .unlogged, .none: .min
                        }
                    if let time, time >= since, time < until {
                        if time < first { first = time }
                        if time > last { last = time }
                        slot.pointee.time = time
                    } else if !admitsTime(time, line, slot, lineNumber, input, &counts) {
                        lineNumber &+= 1
                        continue
                    }
                }
                let agent =
                    filter.skipBots ? parser.userAgent(in: line, of: slot.pointee.request) : nil
                slot.pointee.take(line: line, agent: agent)
                slot.pointee.lineNumber = lineNumber
                counts.requests.addSaturating(slot.pointee.weight)
                cache.prefetch(slot.pointee.key, hash: slot.pointee.hash)
                if let due = pipeline.hold() { classify(due, input: input, counts: &counts) }
            case .skip:
                recorder.summary.pointee.recordSkipped()
            case .malformed:
                counts.malformed.addSaturating(1)
                recorder.summary.pointee.recordMalformed(
                    input: input, line: lineNumber, bytes: UnsafeRawBufferPointer(line))
            }
            lineNumber &+= 1
        }
        while let due = pipeline.drain() { classify(due, input: input, counts: &counts) }
        if first <= last {
            counts.time.include(first)
            counts.time.include(last)
            times.pointee.include(first)
            times.pointee.include(last)
        }
        inputCounts[input] = counts
    }

    /// Where the lines of `parser`'s format give their time, when times are read.
    private enum TimeSource {
        case none, unlogged, bracketed, parsed
    }

    private func timeSource(_ parser: LineParser) -> TimeSource {
        guard readsTime else { return .none }
        guard parser.logsTime else { return .unlogged }
        return parser.logsBracketedTime ? .bracketed : .parsed
    }

    /// The lines the time loop of `process` does not keep at once (`time` is nil when it
    /// does not read, `.min` when the format logs none, else outside the window): true to
    /// classify the request, false when it was counted already, as filtered by the time
    /// window or as malformed.
    ///
    /// A line whose time does not read is counted as malformed (`bad-timestamp` is not a
    /// reason of its own: the line is sampled like other malformed lines) rather than kept:
    /// kept, it would fall in no time bucket (the buckets would no longer sum to the totals)
    /// and no `--since`/`--until` window could say it belongs. Inputs that log no time at all
    /// (URL lists, a W3C header without date and time) keep their requests, counted in
    /// `unknownTime` for a warning, as the other filters keep what they cannot judge.
    @inline(never)
    private func admitsTime(
        _ time: Int64?, _ line: LineBytes, _ slot: UnsafeMutablePointer<PendingRequest>,
        _ lineNumber: UInt64, _ input: Int, _ counts: inout InputCounts
    ) -> Bool {
        let weight = UInt64(max(slot.pointee.request.weight, 0))
        guard let time else {
            counts.malformed.addSaturating(1)
            recorder.summary.pointee.recordMalformed(
                input: input, line: lineNumber, bytes: UnsafeRawBufferPointer(line))
            return false
        }
        guard time != .min else {
            counts.unknownTime.addSaturating(weight)
            slot.pointee.time = .min
            return true
        }
        counts.requests.addSaturating(weight)
        recorder.summary.pointee.recordFiltered(.time, weight: weight)
        return false
    }

    /// The lines the reader dropped before `chunk` for being too long: malformed, each with
    /// its first bytes as the sample, marked truncated.
    private func recordOverlongLines(of chunk: Chunk, counts: inout InputCounts) {
        let skippedCount = chunk.overlongLinesSkipped
        for skipped in 0..<skippedCount {
            let head =
                skipped < chunk.overlongHeadCount
                ? chunk.overlongHead(skipped) : UnsafeBufferPointer(start: nil, count: 0)
            recorder.summary.pointee.recordMalformed(
                input: chunk.inputIndex,
                line: UInt64(chunk.firstLineNumber) - UInt64(skippedCount - skipped),
                bytes: UnsafeRawBufferPointer(head), truncated: true)
            counts.lines.addSaturating(1)
            counts.malformed.addSaturating(1)
        }
    }

    /// Classifies a request that waited its turn in the pipeline. The usual line of a plain
    /// scan (an origin-form target, no host or port column) whose target the cache holds is
    /// counted here; every other goes through `classifyInFull`, whose many cases cost the
    /// common one register spills at every line.
    @inline(__always)
    private func classify(
        _ pending: UnsafeMutablePointer<PendingRequest>, input: Int, counts: inout InputCounts
    ) {
        guard quickFile >= 0, pending.pointee.target.first == ASCII.slash,
            pending.pointee.request.host.isEmpty, pending.pointee.request.port.isEmpty
        else { return classifyInFull(pending, input: input, counts: &counts) }
        let decision =
            cache.count(
                pending.pointee.key, file: quickFile, hash: pending.pointee.hash,
                weight: pending.pointee.weight, evicted: { self.recorder.record($0) })
            ?? decideHostless(pending)
        recorder.recordHost(
            decision.kind, host: UnsafeBufferPointer(start: nil, count: 0),
            weight: pending.pointee.weight)
        if bucketing {
            recordTime(pending, decision, file: quickFile, weight: pending.pointee.weight)
        }
    }

    /// `decideAndRemember` for the request `classify` counts itself, which the cache does not
    /// hold: what `classifyInFull` would do, without working out again the place that every
    /// such request shares.
    @inline(never)
    private func decideHostless(_ pending: UnsafeMutablePointer<PendingRequest>) -> Decision {
        decideAndRemember(
            pending, file: quickFile, http: false, parts: URLParts.empty, isSplit: false,
            host: UnsafeBufferPointer(start: nil, count: 0))
    }

    @inline(never)
    private func classifyInFull(
        _ pending: UnsafeMutablePointer<PendingRequest>, input: Int, counts: inout InputCounts
    ) {
        let target = pending.pointee.target
        let weight = pending.pointee.weight
        // Origin-form targets (`/p?q`, nearly every line) have no scheme or host: splitting
        // them waits until the automaton needs the parts, which a cache hit never does.
        let isSplit = target.first != ASCII.slash || filtering
        let parts = isSplit ? URLParts.split(target) : URLParts.empty
        if filtering, let reason = filterReason(pending, parts, weight: weight, counts: &counts) {
            recorder.summary.pointee.recordFiltered(reason, weight: weight)
            if bucketing { recordTimeFiltered(pending, weight: weight) }
            return
        }
        let place = hosts.place(of: pending, parts)
        if place.hasInvalidHost {
            recordInvalidHost(pending, input: input, counts: &counts)
            return
        }
        // Android may tell a request the log names as `http` (port 80) from an `https` one.
        let http =
            recorder.httpFiles > 0 && place.port == 80 && target.first == ASCII.slash
            && recorder.keepsHTTPApart(host: place.host)
        if let unmanagedComparison {
            // `diff`: the new files decide too, in the same pass.
            unmanagedComparison._withUnsafeGuaranteedRef { side in
                classifyPair(pending, place, side, http: http, weight: weight)
            }
            return
        }
        let host = hosts.hostWithPort(place)
        guard let file = place.file else {
            let split = isSplit ? parts : URLParts.split(target)
            recorder.recordWithoutAssociation(
                host: host, path: pending.pointee.pathKey(split), target: target, http: http,
                weight: weight)
            if bucketing { recordTimeWithoutAssociation(pending, weight: weight) }
            return
        }
        let decision =
            cache.count(
                pending.pointee.key, file: recorder.cacheFile(file, http: http),
                hash: pending.pointee.hash, weight: weight, evicted: { self.recorder.record($0) })
            ?? decideAndRemember(
                pending, file: file, http: http, parts: parts, isSplit: isSplit, host: host)
        recorder.recordHost(decision.kind, host: host, weight: weight)
        if bucketing { recordTime(pending, decision, file: file, weight: weight) }
    }

    /// Counts a request filtered by another filter than the time in its time bucket.
    @inline(__always)
    private func recordTimeFiltered(_ pending: UnsafeMutablePointer<PendingRequest>, weight: UInt64)
    {
        let time = pending.pointee.time
        if !times.pointee.countFiltered(at: time, weight: weight) {
            recordTimeFilteredElsewhere(time, weight: weight)
        }
    }

    /// `recordTimeFiltered` of a request outside the current bucket, or of any with per-app
    /// buckets (they never have a current one).
    @inline(never)
    private func recordTimeFilteredElsewhere(_ time: Int64, weight: UInt64) {
        guard time != .min else { return }
        guard !times.pointee.perApp else {
            times.pointee.series?.recordFiltered(at: time, weight: weight)
            return
        }
        times.pointee.enter(time)
        _ = times.pointee.countFiltered(at: time, weight: weight)
    }

    /// Counts a decided request in its time bucket (and its app's, with `--per-app`).
    @inline(__always)
    private func recordTime(
        _ pending: UnsafeMutablePointer<PendingRequest>, _ decision: Decision, file: Int,
        weight: UInt64
    ) {
        let time = pending.pointee.time
        if !times.pointee.count(decision.kind, at: time, weight: weight) {
            recordTimeElsewhere(time, decision, file: file, weight: weight)
        }
    }

    /// `recordTime` of a request outside the current bucket, or of any with per-app buckets
    /// (they never have a current one: the app takes a look-up the outcome alone does not).
    @inline(never)
    private func recordTimeElsewhere(
        _ time: Int64, _ decision: Decision, file: Int, weight: UInt64
    ) {
        guard time != .min else { return }
        guard times.pointee.perApp else {
            times.pointee.enter(time)
            _ = times.pointee.count(decision.kind, at: time, weight: weight)
            return
        }
        let lane: CoverageOutcome.HostLane =
            switch decision.kind {
            case .handled: .handled
            case .excluded: .excluded
            case .unmatched: .unmatched
            }
        var app: Int?
        switch recorder.outcomes.outcome(decision, file: file) {
        case .handled(let index, _), .excluded(let index, _): app = index
        case .unmatched, .noAssociation: break
        }
        times.pointee.series?.record(lane, app: app, at: time, weight: weight)
    }

    /// Counts a request of a host without an AASA file in its time bucket.
    @inline(never)
    private func recordTimeWithoutAssociation(
        _ pending: UnsafeMutablePointer<PendingRequest>, weight: UInt64
    ) {
        let time = pending.pointee.time
        guard time != .min else { return }
        times.pointee.series?.record(.unmatched, noAssociation: true, at: time, weight: weight)
    }

    /// A request whose host cannot be a host name: no file applies, so it is no request but
    /// a malformed line, sampled with its number like one the parser refused.
    @inline(never)
    private func recordInvalidHost(
        _ pending: UnsafeMutablePointer<PendingRequest>, input: Int, counts: inout InputCounts
    ) {
        // Counted as a request when parsed; a saturated count stays at its limit.
        if counts.requests != .max { counts.requests -= pending.pointee.weight }
        counts.malformed &+= 1
        recorder.summary.pointee.recordMalformed(
            input: input, line: pending.pointee.lineNumber,
            bytes: UnsafeRawBufferPointer(pending.pointee.line))
    }

    /// A decision the cache did not have: made by the file's rules, then remembered, or,
    /// for a key the cache does not take, recorded at once. `parts` are the target's when
    /// `isSplit`; `http` as `OutcomeRecorder.cacheFile` takes it.
    ///
    /// A file whose rules never look at the query or the fragment gives every target with
    /// the same path the same decision: its decisions are remembered by the key without
    /// query and fragment, so `/p/1?utm_source=a` and `/p/1?utm_source=b` share one slot
    /// (tracking parameters make most such targets unique, or longer than the cache takes).
    /// So does a file whose rules read only a few query items (Apple's opt-out rule), for
    /// the targets whose query has none of them. The summary counts paths, so its exact
    /// figures are the same either way.
    @inline(always)
    private func decideAndRemember(
        _ pending: UnsafeMutablePointer<PendingRequest>, file: Int, http: Bool, parts: URLParts,
        isSplit: Bool, host: UnsafeBufferPointer<UInt8>
    ) -> Decision {
        let target = pending.pointee.target
        let weight = pending.pointee.weight
        let split = isSplit ? parts : URLParts.split(target)
        if let memory = pathMemory?[file], memory != .never,
            let pathKey = pending.pointee.keyWithoutQuery(split), DecisionCache.admits(pathKey),
            memory == .always || deciders.decidesByPathAlone(file: file, target, split),
            memory == .unlessItemsNamedForBoth || android?.decidesByPathAlone(target, split) ?? true
        {
            return decideForPath(pathKey, pending, file: file, http: http, split: split)
        }
        let decidesApps = recorder.decidesApps(file: file)
        let decision = decide(file: file, split, target, withApps: decidesApps)
        let key = pending.pointee.key
        if DecisionCache.admits(key), pending.pointee.keyIsWhole {
            cache.store(
                key, file: recorder.cacheFile(file, http: http), hash: pending.pointee.hash,
                decision, answers: decidesApps ? recorder.appVector(file: file, decision) : -1,
                path: pending.pointee.pathRange(split), weight: weight,
                evicted: { self.recorder.record($0) })
        } else {
            recorder.record(
                decision, file: file, path: pending.pointee.pathKey(split), host: host,
                target: target, http: http, weight: weight)
        }
        return decision
    }

    /// `decideAndRemember` for a target its file decides by the path alone: the decision
    /// remembered for `pathKey`, the request's key without query and fragment, or made and
    /// remembered for it.
    @inline(never)
    private func decideForPath(
        _ pathKey: UnsafeBufferPointer<UInt8>, _ pending: UnsafeMutablePointer<PendingRequest>,
        file: Int, http: Bool, split: URLParts
    ) -> Decision {
        let weight = pending.pointee.weight
        let hash = DecisionCache.hash(pathKey)
        let cacheFile = recorder.cacheFile(file, http: http)
        if let decision = cache.count(
            pathKey, file: cacheFile, hash: hash, weight: weight,
            evicted: { self.recorder.record($0) })
        {
            return decision
        }
        let decidesApps = recorder.decidesApps(file: file)
        let decision = decide(file: file, split, pending.pointee.target, withApps: decidesApps)
        cache.store(
            pathKey, file: cacheFile, hash: hash, decision,
            answers: decidesApps ? recorder.appVector(file: file, decision) : -1,
            path: pending.pointee.pathRange(split), weight: weight,
            evicted: { self.recorder.record($0) })
        return decision
    }

    /// File `file`'s decision for `target`, and with `withApps` each app's own in the same
    /// walk (`--per-app`, for files with several entries).
    @inline(__always)
    private func decide(
        file: Int, _ split: URLParts, _ target: UnsafeBufferPointer<UInt8>, withApps: Bool
    ) -> Decision {
        withApps
            ? deciders.decideWithApps(file: file, split, in: target)
            : deciders.decide(file: file, split, in: target)
    }

    /// Why `--methods`, `--status`, `--path-prefix` or `--skip-bots` leave the request out, if
    /// they do; requests that log no method, status or agent are kept and counted as such.
    private func filterReason(
        _ pending: UnsafeMutablePointer<PendingRequest>, _ parts: URLParts, weight: UInt64,
        counts: inout InputCounts
    ) -> FilterReason? {
        let request = pending.pointee.request
        let method = pending.pointee.bytes(request.method, .method)
        let path = UnsafeBufferPointer(rebasing: pending.pointee.target[parts.path])
        if method.isEmpty, !filter.methods.isEmpty { counts.unknownMethod.addSaturating(weight) }
        if request.status == 0, filter.filtersStatus { counts.unknownStatus.addSaturating(weight) }
        var agent: UnsafeBufferPointer<UInt8>?
        if filter.skipBots {
            if let range = pending.pointee.agent {
                agent = UnsafeBufferPointer(rebasing: pending.pointee.line[range])
            } else {
                counts.unknownAgent.addSaturating(weight)
            }
        }
        return filter.reason(method: method, status: request.status, path: path, agent: agent)
    }

    /// Records what the cache still holds; call once, after the last chunk.
    func finish() {
        if readsTime {
            times.pointee.flush()
            recorder.summary.pointee.timeRange = times.pointee.range
            recorder.summary.pointee.series = times.pointee.series
        }
        if let comparison {
            cache.flush { recordPair($0, comparison) }
            comparison.finish()
            recorder.finishAndroid(newSummary: comparison.summary)
        } else {
            cache.flush(recorder.record)
            recorder.finish()
        }
    }
}

/// When a file's decisions are remembered for the target without its query and fragment.
enum PathMemory: UInt8 {
    case never
    /// Its rules read neither (`CompiledRuleSet.decidesByPathAlone`).
    case always
    /// Its rules read of the query only a few items
    /// (`CompiledRuleSet.decidesByPathUnlessItemsNamed`): for targets whose query has none of
    /// them, and that have no fragment its rules read.
    case unlessItemsNamed
    /// As `unlessItemsNamed`, and those items and that fragment are all Android reads
    /// (`QueryItemNames.areCovered(by:)`): a target the file decides by path, Android does
    /// too, without a check of its own.
    case unlessItemsNamedForBoth

    /// `android`: what Android reads beyond the path, with `--android-manifest`.
    init(_ rules: CompiledRuleSet, android: QueryItemNames?) {
        if rules.decidesByPathAlone {
            self = .always
        } else if !rules.decidesByPathUnlessItemsNamed {
            self = .never
        } else {
            self =
                android?.areCovered(by: rules) == true
                ? .unlessItemsNamedForBoth : .unlessItemsNamed
        }
    }
}

// Each worker is driven by exactly one thread from its start to `DispatchGroup.wait()`, after
// which only the caller reads it.
extension ScanWorker: @unchecked Sendable {}

/// A worker's times: the memo of the last minute read, the range of the times kept, and the
/// series of `--bucket`.
struct WorkerTimes {
    var memo = MinuteMemo()
    /// The range as two plain values (`Int64.max`/`min` until a time is seen): cheaper at
    /// every line than an optional.
    var first = Int64.max
    var last = Int64.min
    var series: TimeSeries? {
        didSet { perApp = series.map { $0.appCount > 0 } ?? false }
    }
    /// True when the series counts per app: each request then goes to the series itself.
    private(set) var perApp = false
    /// The bucket the last requests fell in (empty until one did), and their counts: plain
    /// fields while requests stay in it, added to the series when one falls in another
    /// bucket (`flush`). Its `requests` are the sum of the others, made at the flush.
    private var bucketStart: Int64 = 1
    private var bucketEnd: Int64 = 0
    private var bucket = BucketCounts()

    /// Counts a classified request at `time` when it falls in the current bucket; false
    /// when it does not (another bucket, no time, or per-app buckets), for the caller to
    /// `enter` its bucket or count it in the series.
    @inline(__always)
    mutating func count(_ kind: Decision.Kind, at time: Int64, weight: UInt64) -> Bool {
        guard time >= bucketStart, time < bucketEnd else { return false }
        switch kind {
        case .handled: bucket.handled.addSaturating(weight)
        case .excluded: bucket.excluded.addSaturating(weight)
        case .unmatched: bucket.unmatched.addSaturating(weight)
        }
        return true
    }

    /// Counts a request another filter than the time removed, as `count` does.
    @inline(__always)
    mutating func countFiltered(at time: Int64, weight: UInt64) -> Bool {
        guard time >= bucketStart, time < bucketEnd else { return false }
        bucket.filtered.addSaturating(weight)
        return true
    }

    /// Makes the bucket of `time` the current one (never with per-app buckets).
    mutating func enter(_ time: Int64) {
        flush()
        guard let size = series?.size else { return }
        bucketStart = size.start(of: time)
        bucketEnd = bucketStart + size.seconds
    }

    /// Adds the current bucket's counts to the series.
    mutating func flush() {
        var counts = bucket
        counts.requests = counts.filtered.addingSaturating(counts.handled)
            .addingSaturating(counts.excluded).addingSaturating(counts.unmatched)
        guard counts.requests > 0 else { return }
        let start = bucketStart
        bucket = BucketCounts()
        series?.add(counts, containing: start)
    }

    @inline(__always)
    mutating func include(_ time: Int64) {
        if time < first { first = time }
        if time > last { last = time }
    }

    var range: TimeRange? { first <= last ? TimeRange(first: first, last: last) : nil }
}
