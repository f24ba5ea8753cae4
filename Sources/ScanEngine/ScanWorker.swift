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
    private let hosts: HostResolver
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
    private(set) var inputCounts: [InputCounts] = []

    init(
        associations: Associations, filter: RequestFilter, shape: CoverageShape, lineLimit: Int,
        perApp: Bool = false, observer: (any RequestObserver)? = nil,
        comparedWith newFiles: Associations? = nil
    ) {
        self.filter = filter
        filtering = !filter.isEmpty
        pipeline = .allocate(lineLimit: lineLimit)
        hosts = HostResolver(associations)
        deciders = FileDeciders(associations)
        cache = DecisionCache()
        recorder = OutcomeRecorder(
            associations, shape: shape, perApp: perApp, observer: observer, deciders: deciders)
        comparison = newFiles.map {
            ComparisonSide($0, oldFiles: associations, topCapacity: shape.topCapacity)
        }
        unmanagedComparison = comparison.map { Unmanaged.passUnretained($0) }
        let byPath = associations.files.map { PathMemory($0.rules) }
        pathMemory =
            observer == nil && byPath.contains(where: { $0 != .never }) ? .copying(byPath) : nil
    }

    deinit {
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
        for line in chunk.lines {
            counts.lines.addSaturating(1)
            prefetch.ahead(of: line)
            let slot = pipeline.free
            switch parser.parse(line, scratch: slot.pointee.scratch, into: &slot.pointee.request) {
            case .ok:
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
        inputCounts[input] = counts
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

    private func classify(
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
            return
        }
        let place = hosts.place(of: pending, parts)
        if place.hasInvalidHost {
            recordInvalidHost(pending, input: input, counts: &counts)
            return
        }
        if let unmanagedComparison {
            // `diff`: the new files decide too, in the same pass.
            unmanagedComparison._withUnsafeGuaranteedRef { side in
                classifyPair(pending, place, side, weight: weight)
            }
            return
        }
        let host = hosts.hostWithPort(place)
        guard let file = place.file else {
            let split = isSplit ? parts : URLParts.split(target)
            recorder.summary.pointee.record(
                .noAssociation, host: UnsafeRawBufferPointer(host),
                path: pending.pointee.pathKey(split), weight: weight)
            return
        }
        let decision =
            cache.count(
                pending.pointee.key, file: file, hash: pending.pointee.hash, weight: weight,
                evicted: { self.recorder.record($0) })
            ?? decideAndRemember(pending, file: file, parts: parts, isSplit: isSplit)
        recorder.recordHost(decision.kind, host: host, weight: weight)
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
    /// `isSplit`.
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
        _ pending: UnsafeMutablePointer<PendingRequest>, file: Int, parts: URLParts, isSplit: Bool
    ) -> Decision {
        let target = pending.pointee.target
        let weight = pending.pointee.weight
        let split = isSplit ? parts : URLParts.split(target)
        if let pathMemory, pathMemory[file] != .never,
            let pathKey = pending.pointee.keyWithoutQuery(split), DecisionCache.admits(pathKey),
            pathMemory[file] == .always || deciders.decidesByPathAlone(file: file, target, split)
        {
            return decideForPath(pathKey, pending, file: file, split: split)
        }
        let decision = deciders.decide(file: file, split, in: target)
        let key = pending.pointee.key
        if DecisionCache.admits(key), pending.pointee.keyIsWhole {
            cache.store(
                key, file: file, hash: pending.pointee.hash, decision,
                path: pending.pointee.pathRange(split), weight: weight,
                evicted: { self.recorder.record($0) })
        } else {
            recorder.record(
                decision, file: file, path: pending.pointee.pathKey(split), target: target,
                weight: weight)
        }
        return decision
    }

    /// `decideAndRemember` for a target its file decides by the path alone: the decision
    /// remembered for `pathKey`, the request's key without query and fragment, or made and
    /// remembered for it.
    @inline(never)
    private func decideForPath(
        _ pathKey: UnsafeBufferPointer<UInt8>, _ pending: UnsafeMutablePointer<PendingRequest>,
        file: Int, split: URLParts
    ) -> Decision {
        let weight = pending.pointee.weight
        let hash = DecisionCache.hash(pathKey)
        if let decision = cache.count(
            pathKey, file: file, hash: hash, weight: weight,
            evicted: { self.recorder.record($0) })
        {
            return decision
        }
        let decision = deciders.decide(file: file, split, in: pending.pointee.target)
        cache.store(
            pathKey, file: file, hash: hash, decision, path: pending.pointee.pathRange(split),
            weight: weight, evicted: { self.recorder.record($0) })
        return decision
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
        if let comparison {
            cache.flush { recordPair($0, comparison) }
            comparison.finish()
        } else {
            cache.flush(recorder.record)
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

    init(_ rules: CompiledRuleSet) {
        self =
            rules.decidesByPathAlone
            ? .always : rules.decidesByPathUnlessItemsNamed ? .unlessItemsNamed : .never
    }
}

// Each worker is driven by exactly one thread from its start to `DispatchGroup.wait()`, after
// which only the caller reads it.
extension ScanWorker: @unchecked Sendable {}
