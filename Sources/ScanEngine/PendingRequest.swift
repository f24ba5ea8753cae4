import ASCIIBytes
import LinkMatcher
import LogParsing

/// A parsed request on its way to classification, kept in place in its pipeline slot (never
/// copied around): the line, the parse scratch its decoded fields live in, and what the
/// decision cache knows it by.
struct PendingRequest {
    var request = ParsedRequest()
    var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The slot's own parse scratch and key buffer, allocated with the pipeline.
    fileprivate(set) var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    fileprivate var keyBuffer = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    var target = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// What the cache and the path lists know the request by: the target, or the
    /// lower-cased host column then the target (cut to the key buffer's size).
    var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Length of the host at the start of `key`.
    var hostPrefix = 0
    /// The user agent's range in the line (`--skip-bots` only); nil when not logged.
    var agent: Range<Int>?
    var hash: UInt64 = 0

    /// Host bytes kept in a key, and target bytes after them: more than the path lists keep
    /// (256).
    static let hostLimit = 255
    static let keyTargetLimit = 512

    /// Requests the line stands for (a weighted format may log a negative count: none).
    var weight: UInt64 { UInt64(max(request.weight, 0)) }

    /// Takes `request`, parsed from `line` into this slot's scratch, and works out its key.
    /// `agent` is found by the caller while the line is at hand with its parser.
    @inline(always)
    mutating func take(
        _ request: ParsedRequest, line: UnsafeBufferPointer<UInt8>, agent: Range<Int>?
    ) {
        self.request = request
        self.line = line
        self.agent = agent
        target = bytes(request.target, .target)
        if request.host.isEmpty || target.first != ASCII.slash {
            key = target
            hostPrefix = 0
        } else {
            // A host column: the host leads the key, so that the path lists keep it and the
            // cache tells one host's `/` from another's (same file, same decision, other rows).
            let host = bytes(request.host, .host)
            hostPrefix = min(host.count, Self.hostLimit)
            key = hostKey(host)
        }
        hash = DecisionCache.hash(key)
    }

    /// A field of the request, from the line or from the scratch it was decoded into.
    @inline(always)
    func bytes(_ range: Range<Int>, _ kind: ScratchFields) -> UnsafeBufferPointer<UInt8> {
        let base = request.inScratch.contains(kind) ? UnsafeBufferPointer(scratch) : line
        return UnsafeBufferPointer(rebasing: base[range])
    }

    /// The host lower-cased, then the target, into the key buffer (cut at its end).
    @inline(always)
    private func hostKey(_ host: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let hostCount = min(host.count, Self.hostLimit)
        for index in 0..<hostCount {
            keyBuffer[index] = ASCII.lowercased(host[index])
        }
        let targetCount = min(target.count, keyBuffer.count - hostCount)
        if let from = target.baseAddress, let to = keyBuffer.baseAddress {
            (to + hostCount).update(from: from, count: targetCount)
        }
        return UnsafeBufferPointer(rebasing: keyBuffer[0..<(hostCount + targetCount)])
    }

    /// Whether the whole target is in the key: a key cut short is never remembered.
    var keyIsWhole: Bool { key.count == hostPrefix + target.count }

    /// Where the key of the path lists lies in `key`: `host/path` when a host column leads
    /// the key, `host[:port]/path` for an absolute target, else the path. Contiguous in every
    /// case, so the cache keeps it as a range of its key.
    @inline(always)
    func pathRange(_ split: URLParts) -> Range<Int> {
        if hostPrefix > 0 { return 0..<min(key.count, hostPrefix + split.path.upperBound) }
        // `https://host` with an empty path keeps its path alone: a key without `/` is a path.
        guard let host = split.host, !split.path.isEmpty else { return split.path }
        return host.lowerBound..<split.path.upperBound
    }

    /// The bytes of `pathRange`.
    @inline(always)
    func pathKey(_ split: URLParts) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(key)[pathRange(split)])
    }
}

/// Parsed requests wait one line before they are classified, so that the memory of their
/// decision-cache set arrives (`DecisionCache.prefetch`) while the next line is parsed;
/// before, 48% of classification's cycles were that load (perf annotate). Two slots are
/// used in turn: the next line is always parsed into the one that is not waiting.
///
/// A copy of the pipeline shares the slots; the worker copies its pipeline into a local for
/// each chunk, which keeps per-line bookkeeping out of class properties.
struct RequestPipeline {
    private let slots: UnsafeMutablePointer<PendingRequest>
    /// Index of the slot waiting for classification, or -1.
    private var waiting = -1

    /// Two slots, each with a parse scratch for lines of up to `lineLimit` bytes.
    static func allocate(lineLimit: Int) -> RequestPipeline {
        let slots = UnsafeMutablePointer<PendingRequest>.allocate(capacity: 2)
        for index in 0..<2 {
            var slot = PendingRequest()
            slot.scratch = .allocate(capacity: max(lineLimit, 4096))
            slot.keyBuffer = .allocate(
                capacity: PendingRequest.hostLimit + PendingRequest.keyTargetLimit)
            (slots + index).initialize(to: slot)
        }
        return RequestPipeline(slots: slots)
    }

    private init(slots: UnsafeMutablePointer<PendingRequest>) { self.slots = slots }

    func deallocate() {
        for index in 0..<2 {
            slots[index].scratch.deallocate()
            slots[index].keyBuffer.deallocate()
        }
        slots.deinitialize(count: 2)
        slots.deallocate()
    }

    /// The slot the next line is parsed into: never the one waiting.
    @inline(always)
    var free: UnsafeMutablePointer<PendingRequest> { slots + (waiting == 0 ? 1 : 0) }

    /// Makes `free`, just filled, the waiting slot; returns the request that waited before
    /// it, now due for classification.
    @inline(always)
    mutating func hold() -> UnsafeMutablePointer<PendingRequest>? {
        let due = waiting >= 0 ? slots + waiting : nil
        waiting = waiting == 0 ? 1 : 0
        return due
    }

    /// The request still waiting, due now (at the end of a chunk).
    @inline(always)
    mutating func drain() -> UnsafeMutablePointer<PendingRequest>? {
        defer { waiting = -1 }
        return waiting >= 0 ? slots + waiting : nil
    }
}
