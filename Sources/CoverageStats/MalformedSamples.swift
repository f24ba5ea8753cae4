/// One malformed line kept for the report.
public struct MalformedSample: Sendable, Equatable {
    /// Index of the input the line came from, as numbered by the caller.
    public var input: Int
    /// Line number within that input (1-based by convention of the caller).
    public var line: UInt64
    /// The raw line, cut at the sample byte limit.
    public var bytes: [UInt8]
    /// True when the line was longer than the byte limit.
    public var isTruncated: Bool

    /// A sample.
    public init(input: Int, line: UInt64, bytes: [UInt8], isTruncated: Bool) {
        self.input = input
        self.line = line
        self.bytes = bytes
        self.isTruncated = isTruncated
    }

    /// Earliest first by (input, line); bytes only break ties between identical positions.
    static func precedes(_ a: Self, _ b: Self) -> Bool {
        if a.input != b.input { return a.input < b.input }
        if a.line != b.line { return a.line < b.line }
        if a.bytes != b.bytes { return a.bytes.lexicographicallyPrecedes(b.bytes) }
        return !a.isTruncated && b.isTruncated
    }
}

/// The earliest malformed lines by (input, line), whatever order workers saw them in.
///
/// Keeping the earliest rather than the first seen makes the samples independent of worker
/// scheduling. A line is copied only when it enters the kept set, so once the set is full of
/// earlier lines, recording costs a comparison and no allocation.
public struct MalformedSamples: Sendable, Equatable {
    /// Most samples kept.
    public let limit: Int
    /// Most bytes kept per sample.
    public let byteLimit: Int
    /// The kept samples, earliest first.
    public private(set) var samples: [MalformedSample] = []

    /// An empty set keeping up to `limit` samples of up to `byteLimit` bytes.
    public init(limit: Int = 10, byteLimit: Int = 300) {
        precondition(limit >= 0 && byteLimit >= 0, "negative sample limits")
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// Offers one malformed line; `truncated` when `bytes` are only its start (a line too
    /// long to read whole).
    public mutating func offer(
        input: Int, line: UInt64, bytes: UnsafeRawBufferPointer, truncated: Bool = false
    ) {
        guard limit > 0 else { return }
        if samples.count == limit, let last = samples.last,
            (last.input, last.line) < (input, line)
        {
            return
        }
        let kept = min(bytes.count, byteLimit)
        insert(
            MalformedSample(
                input: input, line: line, bytes: Array(bytes[..<kept]),
                isTruncated: truncated || bytes.count > byteLimit))
    }

    private mutating func insert(_ sample: MalformedSample) {
        let index = samples.firstIndex { MalformedSample.precedes(sample, $0) } ?? samples.count
        guard index < limit else { return }
        samples.insert(sample, at: index)
        if samples.count > limit { samples.removeLast() }
    }

    /// The earliest samples of both operands.
    public static func + (lhs: MalformedSamples, rhs: MalformedSamples) -> MalformedSamples {
        precondition(
            lhs.limit == rhs.limit && lhs.byteLimit == rhs.byteLimit,
            "merging malformed samples of different limits")
        var result = lhs
        for sample in rhs.samples { result.insert(sample) }
        return result
    }

    /// Merges `rhs` into `lhs`.
    public static func += (lhs: inout MalformedSamples, rhs: MalformedSamples) {
        lhs = lhs + rhs
    }
}

extension MalformedSamples {
    /// Puts back a saved sample as it was (truncation flag included).
    mutating func restore(_ sample: MalformedSample) {
        guard samples.count < limit else { return }
        samples.append(sample)
        samples.sort(by: MalformedSample.precedes)
    }
}

extension MalformedSamples {
    /// Shifts the input numbers, for summaries whose inputs are listed after others' inputs.
    mutating func offsetInputs(by offset: Int) {
        for index in samples.indices { samples[index].input += offset }
    }
}
