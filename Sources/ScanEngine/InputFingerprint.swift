import CoverageStats

/// What a saved state knows of the bytes it counted of one input, so that `merge` can refuse
/// to count them twice: how many bytes there were (after decompression), hashes of the first
/// and last 64 KiB and of the first 4 KiB, and the `--since`/`--until` window the scan kept.
/// Bounded cost: the reader keeps the first and last 64 KiB as they stream past (also from
/// standard input), and hashes them once at the end.
public struct InputFingerprint: Sendable, Equatable {
    public static let edgeBytes = 64 * 1024
    public static let prefixBytes = 4 * 1024

    public var bytes: UInt64
    public var head: UInt64
    public var tail: UInt64
    public var prefix: UInt64
    /// The window of request times the scan kept: `Int64.min` / `Int64.max` when open.
    public var since: Int64
    public var until: Int64

    public init(
        bytes: UInt64, head: UInt64, tail: UInt64, prefix: UInt64, since: Int64 = .min,
        until: Int64 = .max
    ) {
        self.bytes = bytes
        self.head = head
        self.tail = tail
        self.prefix = prefix
        self.since = since
        self.until = until
    }

    /// True when two scans counted some of the same requests: their windows meet, and they
    /// read the same bytes, or bytes that start alike (the same log, grown since).
    public func overlaps(_ other: InputFingerprint) -> Bool {
        guard since < other.until, other.since < until, bytes > 0, other.bytes > 0 else {
            return false
        }
        if bytes == other.bytes && head == other.head && tail == other.tail { return true }
        return min(bytes, other.bytes) >= UInt64(Self.prefixBytes) && prefix == other.prefix
    }
}

/// Collects the first and last 64 KiB of an input as its chunks go past.
struct FingerprintCollector {
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    private var total: UInt64 = 0

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        total &+= UInt64(bytes.count)
        let limit = InputFingerprint.edgeBytes
        if head.count < limit {
            head.append(contentsOf: bytes.prefix(limit - head.count))
        }
        if bytes.count >= limit {
            tail = Array(bytes.suffix(limit))
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > limit { tail.removeFirst(tail.count - limit) }
        }
    }

    func fingerprint(since: Int64?, until: Int64?) -> InputFingerprint {
        func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            bytes.withUnsafeBufferPointer { StableHash.hash($0) }
        }
        return InputFingerprint(
            bytes: total, head: hash(head[...]), tail: hash(tail[...]),
            prefix: hash(head.prefix(InputFingerprint.prefixBytes)), since: since ?? .min,
            until: until ?? .max)
    }
}
