/// A byte form of a summary, so that partial results saved by separate scans (other machines,
/// other days) merge later exactly as worker summaries merge: with `+`.
///
/// Layout: the magic `AASASUM1`, then little-endian 64-bit integers and length-prefixed byte
/// strings, in declaration order: shape, totals, per-app and per-rule counts, host-less counts,
/// the three Space-Saving tables, the HyperLogLog registers, the malformed samples; then the
/// sections added since, each read only when present: the later counts, the tables' filters,
/// the time range and series (`CoverageSummary+TimeEncoding.swift`).
extension CoverageSummary {
    static let magic = Array("AASASUM1".utf8)

    /// The summary as bytes.
    public func encoded() -> [UInt8] {
        var out = ByteWriter()
        out.raw(Self.magic)
        for value in [
            shape.appCount, shape.ruleCount, shape.hostCapacity, shape.topCapacity,
            shape.maxKeyLength, shape.sampleLimit, shape.sampleByteLimit,
        ] {
            out.int(value)
        }
        for value in [
            totals.lines, totals.requests, totals.malformed, totals.skipped,
            totals.filtered.byMethod, totals.filtered.byStatus, totals.filtered.byAsset,
            totals.handled, totals.excluded, totals.unmatched, totals.noAssociation,
        ] {
            out.u64(value)
        }
        for list in [appHandled, appExcluded, ruleHits] { out.u64s(list) }
        for value in [hostless.requests, hostless.handled, hostless.excluded, hostless.unmatched] {
            out.u64(value)
        }
        for table in [hostTable, unmatchedPaths, handledPaths] { table.encode(into: &out) }
        out.blob(pathSketch.registerBytes)
        out.int(samples.samples.count)
        for sample in samples.samples {
            out.int(sample.input)
            out.u64(sample.line)
            out.blob(sample.bytes)
            out.u64(sample.isTruncated ? 1 : 0)
        }
        // Counts added after the first layout, as a counted list: summaries saved before they
        // existed end before it and read back with zeros.
        let later = laterCounts
        out.int(later.count)
        for value in later { out.u64(value) }
        let tables = [hostTable, unmatchedPaths, handledPaths]
        out.int(tables.count)
        for table in tables { out.u64s(table.filter) }
        encodeTime(into: &out)
        encodeAndroid(into: &out)
        return out.bytes
    }

    /// A summary from `encoded()` bytes; throws on anything else.
    public init(encoded bytes: [UInt8]) throws(SummaryDecodingError) {
        var input = ByteReader(bytes: bytes)
        guard try input.take(Self.magic.count) == Self.magic else {
            throw SummaryDecodingError(message: "not a saved coverage summary", offset: 0)
        }
        let shape = CoverageShape(
            appCount: try input.int(), ruleCount: try input.int(), hostCapacity: try input.int(),
            topCapacity: try input.int(), maxKeyLength: try input.int(),
            sampleLimit: try input.int(), sampleByteLimit: try input.int())
        // Sizes a summary can have: a damaged state must be refused here, not trap later.
        guard (0..<1 << 24).contains(shape.appCount), (0..<1 << 24).contains(shape.ruleCount),
            (1..<1 << 24).contains(shape.hostCapacity), (1..<1 << 24).contains(shape.topCapacity),
            (1..<1 << 20).contains(shape.maxKeyLength), (0..<1 << 16).contains(shape.sampleLimit),
            (0..<1 << 20).contains(shape.sampleByteLimit)
        else { throw input.failure("implausible summary sizes") }
        self.init(shape: shape)
        totals.lines = try input.u64()
        totals.requests = try input.u64()
        totals.malformed = try input.u64()
        totals.skipped = try input.u64()
        totals.filtered.byMethod = try input.u64()
        totals.filtered.byStatus = try input.u64()
        totals.filtered.byAsset = try input.u64()
        totals.handled = try input.u64()
        totals.excluded = try input.u64()
        totals.unmatched = try input.u64()
        totals.noAssociation = try input.u64()
        appHandled = try input.u64s(count: shape.appCount)
        appExcluded = try input.u64s(count: shape.appCount)
        ruleHits = try input.u64s(count: shape.ruleCount)
        hostless = HostlessCounts(
            requests: try input.u64(), handled: try input.u64(), excluded: try input.u64(),
            unmatched: try input.u64())
        try hostTable.decode(from: &input)
        try unmatchedPaths.decode(from: &input)
        try handledPaths.decode(from: &input)
        guard let sketch = HyperLogLog(registerBytes: try input.blob()) else {
            throw input.failure("distinct-path sketch of the wrong size")
        }
        pathSketch = sketch
        let sampleCount = try input.int()
        guard sampleCount <= shape.sampleLimit else { throw input.failure("too many samples") }
        for _ in 0..<sampleCount {
            samples.restore(
                MalformedSample(
                    input: try input.int(), line: try input.u64(), bytes: try input.blob(),
                    isTruncated: try input.u64() != 0))
        }
        eligibility = .notCounted  // saved before eligibility existed
        if !input.isAtEnd {
            let count = try input.int()
            guard count < 1 << 26 else { throw input.failure("implausible count of later fields") }
            var later: [UInt64] = []
            for _ in 0..<count { later.append(try input.u64()) }
            restoreLaterCounts(later)
        }
        if input.isAtEnd {
            // Saved before the filters: the floor bounds every key a table does not monitor.
            hostTable.fillFilterWithFloor()
            unmatchedPaths.fillFilterWithFloor()
            handledPaths.fillFilterWithFloor()
        } else {
            guard try input.int() == 3 else { throw input.failure("filters of other tables") }
            try hostTable.decodeFilter(from: &input)
            try unmatchedPaths.decodeFilter(from: &input)
            try handledPaths.decodeFilter(from: &input)
        }
        if !input.isAtEnd { try decodeTime(from: &input) }
        if !input.isAtEnd { try decodeAndroid(from: &input) }
        guard input.isAtEnd else { throw input.failure("bytes after the end of the summary") }
    }

    /// The counts that came after the first layout, in the order they came: bot filter,
    /// whether eligibility was counted, per app the eligible and the eligible-excluded
    /// requests, then the time filter (only when it filtered: summaries without time options
    /// keep the bytes they had).
    var laterCounts: [UInt64] {
        [totals.filtered.byBot, eligibility.rawValue] + appEligible + appEligibleExcluded
            + (totals.filtered.byTime > 0 ? [totals.filtered.byTime] : [])
    }

    mutating func restoreLaterCounts(_ values: [UInt64]) {
        if values.count > 0 { totals.filtered.byBot = values[0] }
        let apps = shape.appCount
        eligibility = .notCounted
        if values.count >= 2 + 2 * apps {
            eligibility = EligibilityCounting(rawValue: values[1]) ?? .notCounted
            appEligible = Array(values[2..<(2 + apps)])
            appEligibleExcluded = Array(values[(2 + apps)..<(2 + 2 * apps)])
        }
        if values.count >= 3 + 2 * apps { totals.filtered.byTime = values[2 + 2 * apps] }
    }
}

extension CoverageSummary {
    /// Renumbers the inputs of the malformed samples by `offset`: when summaries of separate
    /// scans merge, the inputs of the later ones come after those of the earlier ones.
    public mutating func offsetInputs(by offset: Int) {
        samples.offsetInputs(by: offset)
    }
}

extension SpaceSaving {
    func encode(into out: inout ByteWriter) {
        for value in [capacity, maxKeyLength, laneCount, slots.count] { out.int(value) }
        out.u64(totalWeight)
        out.u64(isApproximate ? 1 : 0)
        for slot in slots.indices {
            out.u64(slots[slot].hash)
            out.u64(slots[slot].count)
            out.u64(slots[slot].errorBound)
            out.u64(slots[slot].truncated ? 1 : 0)
            out.blob(keyOf(slot))
            out.u64s(Array(lanes[slot * laneCount..<(slot + 1) * laneCount]))
        }
    }

    /// Refills an empty table of the same parameters with saved slots.
    mutating func decode(from input: inout ByteReader) throws(SummaryDecodingError) {
        guard try input.int() == capacity, try input.int() == maxKeyLength,
            try input.int() == laneCount
        else { throw input.failure("a top-K table of other parameters") }
        let count = try input.int()
        guard count <= capacity else { throw input.failure("more keys than the table holds") }
        totalWeight = try input.u64()
        isApproximate = try input.u64() != 0
        for _ in 0..<count {
            let hash = try input.u64()
            let slotCount = try input.u64()
            let errorBound = try input.u64()
            let truncated = try input.u64() != 0
            let key = try input.blob()
            let slotLanes = try input.u64s(count: laneCount)
            guard key.count <= maxKeyLength else {
                throw input.failure("a key longer than allowed")
            }
            let index = key.withUnsafeBytes { key in
                appendSlot(
                    Slot(
                        hash: hash, count: slotCount, errorBound: errorBound,
                        length: Int32(key.count), truncated: truncated),
                    key: key, at: freeBucket(for: hash))
            }
            for lane in 0..<laneCount { lanes[index * laneCount + lane] = slotLanes[lane] }
        }
        if slots.count == capacity { buildHeap() }
    }

    /// Reads the filter saved after the summary's later counts: none for a table that never
    /// filled, else one counter per cell, none above the floor.
    mutating func decodeFilter(from input: inout ByteReader) throws(SummaryDecodingError) {
        let counters = try input.u64s(count: filter.count)
        guard counters.allSatisfy({ $0 <= floor }) else {
            throw input.failure("a filter counter above its table's smallest count")
        }
        filter = counters
    }

    /// The filter of a table saved without one: every counter at the floor, the bound plain
    /// Space-Saving gave every unmonitored key.
    mutating func fillFilterWithFloor() {
        for cell in filter.indices { filter[cell] = floor }
    }
}

/// Why saved summary bytes could not be read.
public struct SummaryDecodingError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// Byte offset where reading stopped.
    public var offset: Int

    public var description: String { "\(message) (at byte \(offset))" }
}

/// Writes the saved form: little-endian 64-bit integers and length-prefixed byte strings.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func raw(_ value: [UInt8]) { bytes += value }

    public mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    public mutating func int(_ value: Int) { u64(UInt64(bitPattern: Int64(value))) }

    public mutating func u64s(_ values: [UInt64]) {
        int(values.count)
        for value in values { u64(value) }
    }

    public mutating func blob(_ value: [UInt8]) {
        int(value.count)
        bytes += value
    }

    public mutating func text(_ value: String) { blob(Array(value.utf8)) }
}

/// Reads what `ByteWriter` wrote; every read checks that the bytes are there.
public struct ByteReader: Sendable {
    let bytes: [UInt8]
    public private(set) var offset = 0

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset == bytes.count }

    public func failure(_ message: String) -> SummaryDecodingError {
        SummaryDecodingError(message: message, offset: offset)
    }

    public mutating func take(_ count: Int) throws(SummaryDecodingError) -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else { throw failure("truncated summary") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    public mutating func u64() throws(SummaryDecodingError) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in try take(8).enumerated() { value |= UInt64(byte) << UInt64(index * 8) }
        return value
    }

    public mutating func int() throws(SummaryDecodingError) -> Int {
        let value = Int64(bitPattern: try u64())
        guard value >= 0, value < Int64(Int32.max) else { throw failure("a count out of range") }
        return Int(value)
    }

    public mutating func u64s(count expected: Int) throws(SummaryDecodingError) -> [UInt64] {
        guard try int() == expected else { throw failure("a list of the wrong length") }
        var values: [UInt64] = []
        for _ in 0..<expected { values.append(try u64()) }
        return values
    }

    public mutating func blob() throws(SummaryDecodingError) -> [UInt8] {
        try take(try int())
    }

    public mutating func text() throws(SummaryDecodingError) -> String {
        String(decoding: try blob(), as: UTF8.self)
    }
}
