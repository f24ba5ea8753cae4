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
    /// lower-cased host column (with `:port` when a port column names one other than 80 or
    /// 443) then the target (cut to the key buffer's size).
    var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Length of the host, and its `:port` if any, at the start of `key`.
    var hostPrefix = 0
    /// The user agent's range in the line (`--skip-bots` only); nil when not logged.
    var agent: Range<Int>?
    var hash: UInt64 = 0
    /// The line's number in its input, for a malformed-line sample found at classification.
    var lineNumber: UInt64 = 0
    /// The request's time (UTC seconds), when times are read.
    var time: Int64 = 0

    /// Host bytes kept in a key, and target bytes after them: more than the path lists keep
    /// (256).
    static let hostLimit = 255
    static let keyTargetLimit = 512
    /// `:` and the digits of a port kept in a key (a logged port has at most six).
    static let portLimit = 8

    /// Requests the line stands for (a weighted format may log a negative count: none).
    var weight: UInt64 { UInt64(max(request.weight, 0)) }

    /// Takes the request just parsed from `line` into `request` (and this slot's scratch),
    /// and works out its key. `agent` is found by the caller while the line is at hand with
    /// its parser.
    @inline(always)
    mutating func take(line: UnsafeBufferPointer<UInt8>, agent: Range<Int>?) {
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
            key = hostKey(host, port: bytes(request.port, .host))
        }
        hash = DecisionCache.hash(key)
    }

    /// A field of the request, from the line or from the scratch it was decoded into.
    @inline(always)
    func bytes(_ range: Range<Int>, _ kind: ScratchFields) -> UnsafeBufferPointer<UInt8> {
        let base = request.inScratch.contains(kind) ? UnsafeBufferPointer(scratch) : line
        return UnsafeBufferPointer(rebasing: base[range])
    }

    /// The host lower-cased, `:port` unless the port is 80 or 443 (which an origin-form
    /// target's scheme defaults to, as `HostResolver` reads it), then the target, into the
    /// key buffer (cut at its end). The port keeps `example.com:8443/x` (maybe another file,
    /// or none) apart from `example.com/x` in the cache and in the path lists.
    @inline(always)
    private mutating func hostKey(
        _ host: UnsafeBufferPointer<UInt8>, port: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        var hostCount = min(host.count, Self.hostLimit)
        for index in 0..<hostCount {
            keyBuffer[index] = ASCII.lowercased(host[index])
        }
        if !port.isEmpty, port.count < Self.portLimit, !Self.isDefaultPort(port) {
            keyBuffer[hostCount] = ASCII.colon
            for index in 0..<port.count { keyBuffer[hostCount + 1 + index] = port[index] }
            hostCount += 1 + port.count
        }
        hostPrefix = hostCount
        let targetCount = min(target.count, keyBuffer.count - hostCount)
        if let from = target.baseAddress, let to = keyBuffer.baseAddress {
            (to + hostCount).update(from: from, count: targetCount)
        }
        return UnsafeBufferPointer(rebasing: keyBuffer[0..<(hostCount + targetCount)])
    }

    /// `80` or `443`.
    @inline(always)
    private static func isDefaultPort(_ port: UnsafeBufferPointer<UInt8>) -> Bool {
        port.count == 2 && port[0] == UInt8(ascii: "8") && port[1] == ASCII.zero
            || port.count == 3 && port[0] == UInt8(ascii: "4") && port[1] == UInt8(ascii: "4")
                && port[2] == UInt8(ascii: "3")
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

    /// The key up to the end of the target's path (`split` holds the target's parts), when
    /// a query or a fragment follows the path and the key holds all of the path; else nil.
    @inline(always)
    func keyWithoutQuery(_ split: URLParts) -> UnsafeBufferPointer<UInt8>? {
        let end = hostPrefix + split.path.upperBound
        guard end < hostPrefix + target.count, end <= key.count else { return nil }
        return UnsafeBufferPointer(rebasing: key[0..<end])
    }

    /// The bytes of `pathRange`.
    @inline(always)
    func pathKey(_ split: URLParts) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(key)[pathRange(split)])
    }
}

/// Parsed requests wait `distance` lines before they are classified, so that the memory of
/// their decision-cache set arrives (`DecisionCache.prefetch`) while the next lines are
/// parsed; before, 48% of classification's cycles were that load (perf annotate). The slots
/// form a ring: the next line is always parsed into the one no request waits in.
///
/// A copy of the pipeline shares the slots; the worker copies its pipeline into a local for
/// each chunk, which keeps per-line bookkeeping out of class properties.
struct RequestPipeline {
    /// Lines a request waits. With one line (about 250 ns) the prefetched memory still
    /// stalled: two cut the CPU time of a plain scan with 300 rules by about 4%, and three or
    /// four did no better.
    static let distance = 2
    private static let slotCount = distance + 1

    private let slots: UnsafeMutablePointer<PendingRequest>
    /// The oldest waiting slot, and how many wait.
    private var oldest = 0
    private var waiting = 0

    /// The slots, each with a parse scratch for lines of up to `lineLimit` bytes.
    static func allocate(lineLimit: Int) -> RequestPipeline {
        let slots = UnsafeMutablePointer<PendingRequest>.allocate(capacity: slotCount)
        for index in 0..<slotCount {
            var slot = PendingRequest()
            slot.scratch = .allocate(capacity: max(lineLimit, 4096))
            slot.keyBuffer = .allocate(
                capacity: PendingRequest.hostLimit + PendingRequest.portLimit
                    + PendingRequest.keyTargetLimit)
            (slots + index).initialize(to: slot)
        }
        return RequestPipeline(slots: slots)
    }

    private init(slots: UnsafeMutablePointer<PendingRequest>) { self.slots = slots }

    func deallocate() {
        for index in 0..<Self.slotCount {
            slots[index].scratch.deallocate()
            slots[index].keyBuffer.deallocate()
        }
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The slot the next line is parsed into: never one that waits.
    @inline(always)
    var free: UnsafeMutablePointer<PendingRequest> {
        slots + Self.ringIndex(oldest &+ waiting)
    }

    /// Makes `free`, just filled, wait; returns the request that has waited `distance` lines,
    /// now due for classification. Its slot is the next `free` one, so it stays intact until
    /// the next line is parsed.
    @inline(always)
    mutating func hold() -> UnsafeMutablePointer<PendingRequest>? {
        waiting &+= 1
        guard waiting > Self.distance else { return nil }
        return takeOldest()
    }

    /// A request still waiting, oldest first, due now (at the end of a chunk); nil when none
    /// waits.
    @inline(always)
    mutating func drain() -> UnsafeMutablePointer<PendingRequest>? {
        waiting > 0 ? takeOldest() : nil
    }

    @inline(always)
    private mutating func takeOldest() -> UnsafeMutablePointer<PendingRequest> {
        let due = slots + oldest
        oldest = Self.ringIndex(oldest &+ 1)
        waiting &-= 1
        return due
    }

    @inline(always)
    private static func ringIndex(_ index: Int) -> Int {
        index >= slotCount ? index &- slotCount : index
    }
}
