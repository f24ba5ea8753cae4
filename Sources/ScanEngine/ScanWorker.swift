import CPrefetch
import CoverageStats
import LibC
import LinkMatcher
import LogIO
import LogParsing

/// Counts kept per input by each worker, merged at the end.
public struct InputCounts: Sendable, Equatable {
    public var lines: UInt64 = 0
    public var requests: UInt64 = 0
    public var malformed: UInt64 = 0
    /// Requests kept without a check by `--methods` because they log no method.
    public var unknownMethod: UInt64 = 0
    /// Requests kept without a check by `--status` because they log no status.
    public var unknownStatus: UInt64 = 0
    /// Requests kept without a check by `--skip-bots` because they log no user agent.
    public var unknownAgent: UInt64 = 0

    public init() {}

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.lines &+= rhs.lines
        sum.requests &+= rhs.requests
        sum.malformed &+= rhs.malformed
        sum.unknownMethod &+= rhs.unknownMethod
        sum.unknownStatus &+= rhs.unknownStatus
        sum.unknownAgent &+= rhs.unknownAgent
        return sum
    }
}

/// One worker: classifies the lines of the chunks it is given into its own summary, with its
/// own scratch, so workers share nothing while they run.
final class ScanWorker {
    let associations: Associations
    let filter: RequestFilter
    /// Whether per-app eligibility is counted (`ScanConfiguration.perApp`).
    private let perApp: Bool
    /// Sees every classified request, when the caller asked for it (`LogScan.run`).
    private let observer: (any RequestObserver)?
    /// Per file: true when at most one `details` entry names apps, so that every app's own
    /// decision is the file's decision and needs no second look.
    private let singleEntry: [Bool]
    /// Per global rule: the global indices of the apps of its entry.
    private let ruleApps: [[Int]]
    /// False when no filter was asked for, read once instead of at every line.
    private let filtering: Bool
    /// The last host looked up and the file it found: lines of one host come in runs, and the
    /// domain table is a scan over every domain.
    private let lastHost: UnsafeMutableBufferPointer<UInt8>
    private var lastHostCount = -1
    private var lastPort = 0
    private var lastDefaultPort = 0
    private var lastFile: Int?
    /// The summary lives behind a pointer: it is updated at every line, and pointer accesses
    /// carry none of the run-time exclusivity checks of class properties.
    let summaryStorage: UnsafeMutablePointer<CoverageSummary>
    private(set) var inputCounts: [InputCounts] = []
    /// Rule sets and scratches used without retain/release at every line: the rule sets are
    /// shared by all workers, and counting references to them would make the cores contend.
    let ruleSets: [Unmanaged<CompiledRuleSet>]
    private let scratches: [MatchScratch]
    let unmanagedScratches: [Unmanaged<MatchScratch>]
    let cache: DecisionCache
    /// The new files of `diff`, decided beside the files of `associations`; nil for a scan.
    let comparison: ComparisonSide?
    /// The same, used at every line without retaining it (the worker owns it).
    private let unmanagedComparison: Unmanaged<ComparisonSide>?
    /// Per file: global index of its first app and of its first rule. Per global rule: the
    /// app an exclusion by that rule counts for. Plain memory, read at every line.
    private let appOffsets: UnsafeMutableBufferPointer<Int>
    private let ruleOffsets: UnsafeMutableBufferPointer<Int>
    private let exclusionApp: UnsafeMutableBufferPointer<Int>
    /// Two, used in turn: a request waiting for classification keeps the one it was parsed
    /// into while the next line is parsed into the other.
    private let parseScratches: [UnsafeMutableBufferPointer<UInt8>]
    /// The request waiting for classification, per scratch; kept in place, not copied around.
    private let waitingSlots: UnsafeMutablePointer<Waiting>
    private let hostBuffer: UnsafeMutableBufferPointer<UInt8>
    /// Per waiting slot: the host-and-target key of a request with a host column.
    private let keyBuffers: [UnsafeMutableBufferPointer<UInt8>]
    /// Target bytes kept in such a key: more than the path lists keep (256).
    private static let keyPathLimit = 512
    private static let hostLimit = 255
    /// How far ahead of the line being parsed the chunk's bytes are fetched.
    private static let readAhead = 2048

    init(
        associations: Associations, filter: RequestFilter, shape: CoverageShape, lineLimit: Int,
        perApp: Bool = false, observer: (any RequestObserver)? = nil,
        comparedWith newFiles: Associations? = nil
    ) {
        self.associations = associations
        self.perApp = perApp
        self.observer = observer
        comparison = newFiles.map {
            ComparisonSide($0, oldFiles: associations, topCapacity: shape.topCapacity)
        }
        unmanagedComparison = comparison.map { Unmanaged.passUnretained($0) }
        cache = DecisionCache()
        singleEntry = associations.files.map { file in
            Set(file.rules.rules.filter { !$0.appIDs.isEmpty }.map(\.entryIndex)).count <= 1
        }
        ruleApps = associations.files.flatMap { file in
            let appIndex = file.rules.appIndex
            return file.rules.rules.map { rule in
                rule.appIDs.compactMap { app in appIndex[app].map { file.appOffset + $0 } }
            }
        }
        self.filter = filter
        filtering = !filter.isEmpty
        summaryStorage = .allocate(capacity: 1)
        summaryStorage.initialize(to: CoverageSummary(shape: shape))
        summaryStorage.pointee.eligibility = perApp ? .counted : .notCounted
        ruleSets = associations.files.map { Unmanaged.passUnretained($0.rules) }
        scratches = associations.files.map { $0.rules.makeScratch() }
        unmanagedScratches = scratches.map { Unmanaged.passUnretained($0) }
        appOffsets = .allocate(capacity: max(associations.files.count, 1))
        ruleOffsets = .allocate(capacity: max(associations.files.count, 1))
        exclusionApp = .allocate(capacity: max(associations.ruleCount, 1))
        for (index, file) in associations.files.enumerated() {
            appOffsets[index] = file.appOffset
            ruleOffsets[index] = file.ruleOffset
            for (rule, resolved) in file.rules.rules.enumerated() {
                exclusionApp[file.ruleOffset + rule] = file.entryFirstApp[resolved.entryIndex]
            }
        }
        parseScratches = (0..<2).map { _ in .allocate(capacity: max(lineLimit, 4096)) }
        keyBuffers = (0..<2).map { _ in .allocate(capacity: Self.hostLimit + Self.keyPathLimit) }
        waitingSlots = .allocate(capacity: 2)
        waitingSlots.initialize(repeating: Waiting(), count: 2)
        hostBuffer = .allocate(capacity: Self.hostLimit + 8)  // and `:port`
        lastHost = .allocate(capacity: Self.hostLimit)
    }

    deinit {
        cache.free()
        appOffsets.deallocate()
        ruleOffsets.deallocate()
        exclusionApp.deallocate()
        summaryStorage.deinitialize(count: 1)
        summaryStorage.deallocate()
        for scratch in parseScratches { scratch.deallocate() }
        for buffer in keyBuffers { buffer.deallocate() }
        waitingSlots.deallocate()
        hostBuffer.deallocate()
        lastHost.deallocate()
    }

    /// What this worker counted (complete once `finish()` was called).
    var summary: CoverageSummary { summaryStorage.pointee }

    /// What this worker's DFA caches did, per association file.
    var globCaches: [GlobCacheStatistics] { scratches.map(\.globCacheStatistics) }

    /// Classifies every line of `chunk`, reading it with `parser` as it was at the chunk's start.
    func process(_ chunk: Chunk, parser initial: LineParser) {
        var parser = initial
        let input = chunk.inputIndex
        while inputCounts.count <= input { inputCounts.append(InputCounts()) }
        var counts = inputCounts[input]
        let firstLine = UInt64(chunk.firstLineNumber)
        for skipped in 0..<chunk.overlongLinesSkipped {
            // The line was not kept whole: its first bytes are the sample, marked truncated.
            let head =
                skipped < chunk.overlongHeadCount
                ? chunk.overlongHead(skipped) : UnsafeBufferPointer(start: nil, count: 0)
            summaryStorage.pointee.recordMalformed(
                input: input, line: firstLine - UInt64(chunk.overlongLinesSkipped - skipped),
                bytes: UnsafeRawBufferPointer(head), truncated: true)
            counts.lines &+= 1
            counts.malformed &+= 1
        }
        var lineNumber = firstLine
        // Index of the slot (and scratch) of the request waiting for classification, or -1.
        var waiting = -1
        let chunkEnd = chunk.bytes.baseAddress.map { $0 + chunk.count }
        for line in chunk.lines {
            counts.lines &+= 1
            // The chunk was written on another core: ask for the bytes a few lines ahead.
            if let start = line.baseAddress, let chunkEnd, chunkEnd - start > Self.readAhead + 256 {
                for offset in stride(from: Self.readAhead, to: Self.readAhead + 256, by: 64) {
                    prefetch_for_read(start + offset)
                }
            }
            let next = waiting == 0 ? 1 : 0
            let scratch = parseScratches[next]
            switch parser.parse(line, scratch: scratch) {
            case .ok(let request):
                counts.requests &+= UInt64(max(request.weight, 0))
                let slot = waitingSlots + next
                slot.pointee.request = request
                slot.pointee.line = line
                slot.pointee.scratch = scratch
                let target = field(request.target, .target, of: request, line, scratch)
                slot.pointee.target = target
                if request.host.isEmpty || target.first != UInt8(ascii: "/") {
                    slot.pointee.key = target
                    slot.pointee.hostPrefix = 0
                } else {
                    // A host column: the host leads the key, so that the path lists keep it and
                    // the cache tells one host's `/` from another's (same file, same decision,
                    // but other rows).
                    let host = field(request.host, .host, of: request, line, scratch)
                    slot.pointee.hostPrefix = min(host.count, Self.hostLimit)
                    slot.pointee.key = hostKey(host, target, into: keyBuffers[next])
                }
                if filter.skipBots {
                    // Found now, while the line is at hand with its parser.
                    slot.pointee.agent = parser.userAgent(in: line, of: request)
                }
                slot.pointee.hash = DecisionCache.hash(slot.pointee.key)
                cache.prefetch(slot.pointee.key, hash: slot.pointee.hash)
                if waiting >= 0 { classify(waitingSlots + waiting, counts: &counts) }
                waiting = next
            case .skip:
                summaryStorage.pointee.recordSkipped()
            case .malformed:
                counts.malformed &+= 1
                summaryStorage.pointee.recordMalformed(
                    input: input, line: lineNumber, bytes: UnsafeRawBufferPointer(line))
            }
            lineNumber &+= 1
        }
        if waiting >= 0 { classify(waitingSlots + waiting, counts: &counts) }
        inputCounts[input] = counts
    }

    /// A parsed request whose classification waits for the next line to be parsed: meanwhile
    /// the memory of its cache set arrives (`DecisionCache.prefetch`), a wait that otherwise
    /// stalled every line.
    struct Waiting {
        var request = ParsedRequest()
        var line = LineBytes(start: nil, count: 0)
        var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        var target = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// What the cache and the path lists know the request by: the target, or the
        /// lower-cased host column then the target (cut to the key buffer's size).
        var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// Length of the host at the start of `key`.
        var hostPrefix = 0
        /// The user agent's range in the line (`--skip-bots` only); nil when not logged.
        var agent: Range<Int>?
        var hash: UInt64 = 0
    }

    /// A field of `request`, from the line or from the scratch it was decoded into.
    @inline(__always)
    private func field(
        _ range: Range<Int>, _ kind: ScratchFields, of request: ParsedRequest,
        _ line: LineBytes, _ scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let base = request.inScratch.contains(kind) ? UnsafeBufferPointer(scratch) : line
        return UnsafeBufferPointer(rebasing: base[range])
    }

    private func classify(_ waiting: UnsafeMutablePointer<Waiting>, counts: inout InputCounts) {
        let request = waiting.pointee.request
        let line = waiting.pointee.line
        let scratch = waiting.pointee.scratch
        let target = waiting.pointee.target
        let key = waiting.pointee.key
        let hostPrefix = waiting.pointee.hostPrefix
        let hash = waiting.pointee.hash
        let weight = UInt64(max(request.weight, 0))
        // Origin-form targets (`/p?q`, nearly every line) have no scheme or host: splitting
        // them waits until the automaton needs the parts, which a cache hit never does.
        let originForm = target.first == UInt8(ascii: "/")
        let isSplit = !originForm || filtering
        // Until split, `parts` says what an origin-form target has: no scheme, host or port.
        let parts = isSplit ? URLParts.split(target) : URLParts.empty
        if filtering {
            let method = field(request.method, .method, of: request, line, scratch)
            let path = UnsafeBufferPointer(rebasing: target[parts.path])
            if method.isEmpty, !filter.methods.isEmpty { counts.unknownMethod &+= weight }
            if request.status == 0, filter.filtersStatus { counts.unknownStatus &+= weight }
            var agent: UnsafeBufferPointer<UInt8>?
            if filter.skipBots {
                if let range = waiting.pointee.agent {
                    agent = UnsafeBufferPointer(rebasing: line[range])
                } else {
                    counts.unknownAgent &+= weight
                }
            }
            if let reason = filter.reason(
                method: method, status: request.status, path: path, agent: agent)
            {
                summaryStorage.pointee.recordFiltered(reason, weight: weight)
                return
            }
        }
        // The host: the target's own (absolute form) wins over a host column.
        var host: UnsafeBufferPointer<UInt8>
        var port = parts.port
        if let hostRange = parts.host {
            host = lowercasedHost(UnsafeBufferPointer(rebasing: target[hostRange]))
        } else {
            host = lowercasedHost(
                field(request.host, .host, of: request, line, scratch))
            if !request.port.isEmpty {
                port = Self.number(
                    field(request.port, .host, of: request, line, scratch))
            }
        }
        // An origin-form target names no scheme: a logged port of 80 or 443 says which one it
        // was, so it is that scheme's default port, as in `http://host:80/` (S9).
        let defaultPort =
            parts.scheme == nil && (port == 80 || port == 443)
            ? port ?? 443 : parts.defaultPort(in: target)
        let fileFound = file(host: host, port: port, defaultPort: defaultPort)
        if let unmanagedComparison {
            // `diff`: the new files decide too, in the same pass.
            unmanagedComparison._withUnsafeGuaranteedRef { side in
                classifyPair(
                    waiting, old: fileFound, side, host: host, port: port,
                    defaultPort: defaultPort, weight: weight)
            }
            return
        }
        // A non-default port stays in the host counts: it is what tells `example.com:8080`
        // (no association) from `example.com` in the report.
        if let port, port != defaultPort { host = appendPort(port, to: host) }
        guard let fileIndex = fileFound else {
            let split = isSplit ? parts : URLParts.split(target)
            summaryStorage.pointee.record(
                .noAssociation, host: UnsafeRawBufferPointer(host),
                path: pathKey(key, hostPrefix: hostPrefix, split),
                weight: weight)
            return
        }
        let decision: Decision
        if let remembered = cache.count(
            key, file: fileIndex, hash: hash, weight: weight, evicted: { self.recordTally($0) })
        {
            decision = remembered
        } else {
            let split = isSplit ? parts : URLParts.split(target)
            decision = ruleSets[fileIndex]._withUnsafeGuaranteedRef { rules in
                unmanagedScratches[fileIndex]._withUnsafeGuaranteedRef { scratch in
                    rules.decide(split, in: target, scratch: scratch)
                }
            }
            // A key cut short (a long target after a host) is never remembered.
            if DecisionCache.admits(key), key.count == hostPrefix + target.count {
                cache.store(
                    key, file: fileIndex, hash: hash, decision,
                    path: pathRange(key, hostPrefix: hostPrefix, split),
                    weight: weight, evicted: { self.recordTally($0) })
            } else {
                summaryStorage.pointee.recordRequests(
                    outcome(decision, file: fileIndex),
                    path: pathKey(key, hostPrefix: hostPrefix, split),
                    lines: 1,
                    weight: weight)
                recordEligibility(decision, file: fileIndex, target: target, weight: weight)
                observer?.observe(
                    target: target, file: fileIndex, decision: decision, weight: weight)
            }
        }
        summaryStorage.pointee.recordHost(
            Self.hostLane(decision.kind), host: UnsafeRawBufferPointer(host), weight: weight)
    }

    /// Where the key of the path lists lies in `key`: `host/path` when a host column leads
    /// the key, `host[:port]/path` for an absolute target, else the path. Contiguous in every
    /// case, so the cache keeps it as a range of its key.
    @inline(__always)
    func pathRange(_ key: UnsafeBufferPointer<UInt8>, hostPrefix: Int, _ split: URLParts)
        -> Range<Int>
    {
        if hostPrefix > 0 { return 0..<min(key.count, hostPrefix + split.path.upperBound) }
        // `https://host` with an empty path keeps its path alone: a key without `/` is a path.
        guard let host = split.host, !split.path.isEmpty else { return split.path }
        return host.lowerBound..<split.path.upperBound
    }

    @inline(__always)
    func pathKey(_ key: UnsafeBufferPointer<UInt8>, hostPrefix: Int, _ split: URLParts)
        -> UnsafeRawBufferPointer
    {
        UnsafeRawBufferPointer(
            rebasing: UnsafeRawBufferPointer(key)[pathRange(key, hostPrefix: hostPrefix, split)])
    }

    /// `host` lower-cased, then `target`, into `buffer` (cut at its end).
    @inline(__always)
    private func hostKey(
        _ host: UnsafeBufferPointer<UInt8>, _ target: UnsafeBufferPointer<UInt8>,
        into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let hostCount = min(host.count, Self.hostLimit)
        for index in 0..<hostCount {
            let byte = host[index]
            buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        let targetCount = min(target.count, buffer.count - hostCount)
        if let from = target.baseAddress, let to = buffer.baseAddress {
            (to + hostCount).update(from: from, count: targetCount)
        }
        return UnsafeBufferPointer(rebasing: buffer[0..<(hostCount + targetCount)])
    }

    /// Records the requests the cache tallied for one target.
    private func recordTally(_ tally: DecisionCache.Tally) {
        summaryStorage.pointee.recordRequests(
            outcome(tally.decision, file: tally.file), path: tally.path, lines: tally.lines,
            weight: tally.weight)
        let target = Self.target(ofKey: tally.key)
        recordEligibility(tally.decision, file: tally.file, target: target, weight: tally.weight)
        observer?.observe(
            target: target, file: tally.file, decision: tally.decision, weight: tally.weight)
    }

    /// The target inside a cache key: the key itself, or what follows a leading host (whose
    /// key starts `host/`, where an absolute target starts `scheme://`).
    @inline(__always)
    private static func target(ofKey key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>
    {
        guard let first = key.first, first != UInt8(ascii: "/"),
            let slash = key.firstIndex(of: UInt8(ascii: "/")), slash > 0,
            key[slash - 1] != UInt8(ascii: ":")
        else { return key }
        return UnsafeBufferPointer(rebasing: key[slash...])
    }

    /// Counts what each app would do with `weight` requests of `target` were it the only app
    /// installed (its own first decisive rule). Most requests need no second look: unmatched
    /// means no app has a decisive rule, and in a file with one entry its decision is the
    /// overall one. Paid once per tally, not per line, and only with `--per-app`.
    private func recordEligibility(
        _ decision: Decision, file fileIndex: Int, target: UnsafeBufferPointer<UInt8>,
        weight: UInt64
    ) {
        if !perApp || decision.kind == .unmatched { return }
        let offset = appOffsets[fileIndex]
        if singleEntry[fileIndex] {
            // The deciding rule's entry names every app: they all get its decision.
            for app in ruleApps[ruleOffsets[fileIndex] + Int(decision.rule)] {
                summaryStorage.pointee.recordEligible(
                    app: app, excluded: decision.kind == .excluded, weight: weight)
            }
            return
        }
        let decisions = ruleSets[fileIndex]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[fileIndex]._withUnsafeGuaranteedRef { scratch in
                rules.decidePerApp(target, scratch: scratch)
            }
        }
        for own in decisions {
            summaryStorage.pointee.recordEligible(
                app: offset + Int(own.app), excluded: own.kind == .excluded, weight: weight)
        }
    }

    /// Records what the cache still holds; call once, after the last chunk.
    func finish() {
        if let comparison {
            cache.flush(recordPairTally)
            comparison.finish()
        } else {
            cache.flush(recordTally)
        }
    }

    /// A file's decision in the summary's terms: global app and rule indices.
    @inline(__always)
    func outcome(_ decision: Decision, file fileIndex: Int) -> CoverageOutcome {
        let rule = ruleOffsets[fileIndex] + Int(decision.rule)
        switch decision.kind {
        case .handled:
            return .handled(app: appOffsets[fileIndex] + Int(decision.app), rule: rule)
        case .excluded:
            return .excluded(app: exclusionApp[rule], rule: rule)
        case .unmatched:
            return .unmatched
        }
    }

    @inline(__always)
    static func hostLane(_ kind: Decision.Kind) -> CoverageOutcome.HostLane {
        switch kind {
        case .handled: .handled
        case .excluded: .excluded
        case .unmatched: .unmatched
        }
    }

    /// The AASA file for a host, remembering the last answer.
    @inline(__always)
    private func file(host: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int) -> Int? {
        if associations.isSingleFile || host.isEmpty {
            return associations.file(host: host, port: port, defaultPort: defaultPort)
        }
        let effectivePort = port ?? defaultPort
        // The answer depends on the port and on the scheme's default port (S9).
        if host.count == lastHostCount, effectivePort == lastPort, defaultPort == lastDefaultPort,
            let base = host.baseAddress, let last = lastHost.baseAddress,
            memcmp(base, last, host.count) == 0
        {
            return lastFile
        }
        let found = associations.file(host: host, port: port, defaultPort: defaultPort)
        _ = lastHost.initialize(from: host)
        lastHostCount = host.count
        lastPort = effectivePort
        lastDefaultPort = defaultPort
        lastFile = found
        return found
    }

    /// The host lower-cased into the worker's buffer (hosts compare case-insensitively, S9).
    @inline(__always)
    private func lowercasedHost(_ host: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let count = min(host.count, Self.hostLimit)
        for index in 0..<count {
            let byte = host[index]
            hostBuffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return UnsafeBufferPointer(rebasing: hostBuffer[0..<count])
    }

    /// `host` (in the worker's host buffer) followed by `:port`.
    @inline(__always)
    private func appendPort(_ port: Int, to host: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        var digits = 1
        var scale = 10
        while port >= scale, digits < 7 {
            digits += 1
            scale *= 10
        }
        hostBuffer[host.count] = UInt8(ascii: ":")
        var rest = port
        for index in stride(from: host.count + digits, to: host.count, by: -1) {
            hostBuffer[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        return UnsafeBufferPointer(rebasing: hostBuffer[0..<(host.count + 1 + digits)])
    }

    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39, value < 100_000 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return digits.isEmpty ? nil : value
    }
}

// Each worker is driven by exactly one thread from its start to `DispatchGroup.wait()`, after
// which only the caller reads it.
extension ScanWorker: @unchecked Sendable {}
