import Testing

@testable import CoverageStats

/// A weighted stream with its exact counts, the oracle of these tests.
struct Stream {
    var items: [(key: [UInt8], weight: UInt64)] = []
    var exact: [[UInt8]: UInt64] = [:]
    var total: UInt64 = 0

    static func zipf(
        length: Int, ranks: Int, exponent: Double, maxWeight: UInt64 = 1, seed: UInt64
    ) -> Stream {
        var generator = SeededGenerator(seed: seed)
        let sampler = ZipfSampler(n: ranks, exponent: exponent)
        var stream = Stream()
        for _ in 0..<length {
            let key = pathKey(sampler.sample(&generator))
            let weight = UInt64.random(in: 1...maxWeight, using: &generator)
            stream.append(key, weight)
        }
        return stream
    }

    mutating func append(_ key: [UInt8], _ weight: UInt64) {
        items.append((key, weight))
        exact[key, default: 0] += weight
        total += weight
    }

    func summary(capacity: Int, range: Range<Int>? = nil) -> SpaceSaving {
        var summary = SpaceSaving(capacity: capacity, maxKeyLength: 64)
        for item in items[range ?? items.indices] { summary.add(item.key, weight: item.weight) }
        return summary
    }
}

/// Checks the Space-Saving guarantees of `summary` against the exact counts.
func expectGuarantees(_ summary: SpaceSaving, _ stream: Stream) {
    let entries = summary.entries()
    #expect(summary.totalWeight == stream.total)
    let monitored = Dictionary(uniqueKeysWithValues: entries.map { ($0.bytes, $0) })
    for entry in entries {
        let truth = stream.exact[entry.bytes, default: 0]
        #expect(truth <= entry.count, "over-count of \(entry)")
        #expect(entry.count - entry.errorBound <= truth, "lower bound of \(entry)")
    }
    let smallest = entries.last?.count ?? 0
    #expect(UInt64(summary.capacity) * smallest <= stream.total, "minimum above N/K")
    for (key, truth) in stream.exact where monitored[key] == nil {
        #expect(truth <= smallest, "unmonitored key above the minimum: \(truth)")
        #expect(truth * UInt64(summary.capacity) <= stream.total, "frequent key missing: \(truth)")
    }
}

struct SpaceSavingTests {
    @Test func exactWhileUnderCapacity() {
        let stream = Stream.zipf(length: 20_000, ranks: 300, exponent: 0.8, maxWeight: 3, seed: 1)
        let summary = stream.summary(capacity: 300)
        #expect(!summary.isApproximate)
        #expect(summary.floor == 0)
        let entries = summary.entries()
        #expect(entries.count == stream.exact.count)
        for entry in entries {
            #expect(entry.count == stream.exact[entry.bytes])
            #expect(entry.errorBound == 0)
        }
    }

    @Test(arguments: [(1.1, UInt64(1), UInt64(11)), (0.9, 1, 12), (1.3, 5, 13), (0.6, 2, 14)])
    func guaranteesHoldOnZipfStreams(exponent: Double, maxWeight: UInt64, seed: UInt64) {
        let stream = Stream.zipf(
            length: 60_000, ranks: 8_000, exponent: exponent, maxWeight: maxWeight, seed: seed)
        let summary = stream.summary(capacity: 100)
        #expect(summary.isApproximate)
        #expect(summary.count == 100)
        expectGuarantees(summary, stream)
    }

    @Test func heaviestKeysAreFoundWithSmallError() {
        let stream = Stream.zipf(length: 60_000, ranks: 8_000, exponent: 1.2, seed: 21)
        let top = stream.summary(capacity: 200).entries(limit: 5)
        let truth = stream.exact.sorted { $0.value > $1.value }.prefix(5).map(\.key)
        #expect(top.map(\.bytes) == truth)
    }

    @Test func everyMonitoredKeyStaysReachableAfterManyEvictions() {
        // Exercises backward-shift deletion: a lost table entry would make a monitored key look
        // new, so re-adding it with weight 0 would evict and change the entries.
        var generator = SeededGenerator(seed: 5)
        var summary = SpaceSaving(capacity: 37, maxKeyLength: 32)
        for _ in 0..<50_000 {
            summary.add(pathKey(Int.random(in: 0..<5_000, using: &generator)))
        }
        let before = summary.entries()
        for entry in before { summary.add(entry.bytes, weight: 0) }
        #expect(summary.entries() == before)
        #expect(Set(before.map(\.bytes)).count == 37)
    }

    /// Heap sizes whose last parent has four, one, two and three children.
    @Test(arguments: [(37, 60), (37, 5_000), (34, 300), (35, 5_000), (64, 200)])
    func tableAndHeapStayConsistentAtEveryStep(capacity: Int, distinct: Int) {
        var generator = SeededGenerator(seed: UInt64(capacity * distinct))
        let sampler = ZipfSampler(n: distinct, exponent: 0.7)
        var summary = SpaceSaving(capacity: capacity, maxKeyLength: 32)
        var consistent = true
        for _ in 0..<20_000 where consistent {
            summary.add(pathKey(sampler.sample(&generator)), weight: 1)
            consistent = summary.invariantsHold()
        }
        #expect(consistent)
        #expect(summary.isApproximate)
    }

    /// The table filters and evicts exactly what the algorithm's definition says, whatever its
    /// heap and hash table do: compared with a plain list searched from end to end at every
    /// add, beside a plain array of filter counters.
    @Test(arguments: [(1, UInt64(21)), (7, 22), (100, 23), (101, 24)])
    func evictsExactlyWhatAPlainListWould(capacity: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let sampler = ZipfSampler(n: capacity * 20, exponent: 0.9)
        var summary = SpaceSaving(capacity: capacity, maxKeyLength: 64)
        var plain = PlainSpaceSaving(capacity: capacity)
        for _ in 0..<20_000 {
            let key = pathKey(sampler.sample(&generator))
            let weight = UInt64.random(in: 1...3, using: &generator)
            summary.add(key, weight: weight)
            plain.add(key, weight: weight)
        }
        #expect(summary.isApproximate)
        #expect(summary.entries() == plain.entries())
    }

    @Test func longKeysAreTruncatedMarkedAndShareAnEntry() {
        var summary = SpaceSaving(capacity: 10, maxKeyLength: 8)
        summary.add(Array("/abcdefgh-one".utf8))
        summary.add(Array("/abcdefgh-two".utf8), weight: 2)
        summary.add(Array("/abcdefg".utf8))
        let entries = summary.entries()
        #expect(entries.count == 2)
        #expect(entries[0].bytes == Array("/abcdefg".utf8))
        #expect(entries[0].count == 3)
        #expect(entries[0].isTruncated)
        #expect(entries[1].count == 1)
        #expect(!entries[1].isTruncated)
    }

    @Test func equalCountsRankByBytes() {
        var summary = SpaceSaving(capacity: 10)
        for key in ["/b", "/a", "/c", "/ab"] { summary.add(Array(key.utf8), weight: 2) }
        summary.add(Array("/z".utf8), weight: 3)
        let order = summary.entries().map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(order == ["/z", "/a", "/ab", "/b", "/c"])
        #expect(summary.entries(limit: 2).count == 2)
    }

    @Test func rankingInTheArenaFollowsTheEntryOrder() {
        // Short keys over few bytes (one above 0x7F) so that counts tie, keys share prefixes,
        // and a truncated key can have the bytes of a whole one.
        var generator = SeededGenerator(seed: 31)
        let alphabet: [UInt8] = [0x61, 0x62, 0xC3, 0x7F]
        var summary = SpaceSaving(capacity: 300, maxKeyLength: 4)
        for _ in 0..<400 {
            let length = Int.random(in: 0...6, using: &generator)
            let key = (0..<length).map { _ in alphabet[Int.random(in: 0..<4, using: &generator)] }
            summary.add(key, weight: UInt64.random(in: 1...2, using: &generator))
        }
        let entries = summary.entries()
        #expect(entries.count > 100)
        #expect(entries.contains { $0.isTruncated })
        #expect(entries == entries.sorted(by: SpaceSaving.Entry.ranksBefore))
        #expect(summary.entries(limit: 9) == Array(entries.prefix(9)))
    }

    @Test func lanesCountPerKeyWhileExact() {
        var summary = SpaceSaving(capacity: 4, laneCount: 2)
        summary.add(Array("x".utf8), weight: 2, lane: 0)
        summary.add(Array("x".utf8), weight: 3, lane: 1)
        summary.add(Array("y".utf8), weight: 1, lane: 1)
        summary.add(Array("x".utf8))
        let entries = summary.entries()
        #expect(entries.map(\.lanes) == [[2, 3], [0, 1]])
        #expect(entries.map(\.count) == [6, 1])
    }
}

/// Space-Saving as its definition reads, with no index: the key to evict is found by looking at
/// every monitored key for the smallest (count, hash).
struct PlainSpaceSaving {
    let capacity: Int
    var keys: [(bytes: [UInt8], count: UInt64, errorBound: UInt64)] = []
    var counters: [UInt64]

    init(capacity: Int) {
        self.capacity = capacity
        counters = Array(repeating: 0, count: SpaceSaving.filterSize(capacity: capacity))
    }

    mutating func add(_ key: [UInt8], weight: UInt64) {
        if let index = keys.firstIndex(where: { $0.bytes == key }) {
            keys[index].count += weight
        } else if keys.count < capacity {
            keys.append((key, weight, 0))
        } else if let victim = keys.indices.min(by: { a, b in
            (keys[a].count, hash(keys[a].bytes)) < (keys[b].count, hash(keys[b].bytes))
        }) {
            let floor = keys[victim].count
            let counted = counters[cell(key)]
            if counted + weight <= floor {
                counters[cell(key)] = counted + weight
            } else {
                let victimCell = cell(keys[victim].bytes)
                counters[victimCell] = max(counters[victimCell], floor)
                keys[victim] = (key, counted + weight, counted)
            }
        }
    }

    func cell(_ bytes: [UInt8]) -> Int {
        Int(truncatingIfNeeded: hash(bytes) % UInt64(counters.count))
    }

    func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { StableHash.hash($0) }
    }

    func entries() -> [SpaceSaving.Entry] {
        keys.map {
            SpaceSaving.Entry(
                bytes: $0.bytes, count: $0.count, errorBound: $0.errorBound, isTruncated: false,
                lanes: [])
        }.sorted(by: SpaceSaving.Entry.ranksBefore)
    }
}
