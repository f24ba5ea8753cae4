import Testing

@testable import CoverageStats

struct SpaceSavingMergeTests {
    /// Cuts `0..<count` at `parts - 1` random points.
    private static func randomCuts(_ count: Int, parts: Int, seed: UInt64) -> [Range<Int>] {
        var generator = SeededGenerator(seed: seed)
        let cuts = (0..<(parts - 1)).map { _ in Int.random(in: 0...count, using: &generator) }
        let bounds = [0] + cuts.sorted() + [count]
        return (0..<parts).map { bounds[$0]..<bounds[$0 + 1] }
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func mergedSummariesKeepTheGuarantees(seed: UInt64) {
        let stream = Stream.zipf(
            length: 60_000, ranks: 6_000, exponent: 1.0, maxWeight: 2, seed: seed)
        let parts = Self.randomCuts(stream.items.count, parts: 5, seed: seed)
            .map { stream.summary(capacity: 80, range: $0) }
        let leftFold = parts.dropFirst().reduce(parts[0], +)
        let balanced = (parts[0] + parts[1]) + (parts[2] + (parts[3] + parts[4]))
        expectGuarantees(leftFold, stream)
        expectGuarantees(balanced, stream)
        // Merged filters stay within the floor, and merged tables keep counting soundly.
        #expect(leftFold.invariantsHold() && balanced.invariantsHold())
        var grown = balanced
        var longer = stream
        for rank in 0..<2_000 {
            longer.append(pathKey(rank * 7 % 6_500), 1)
            grown.add(pathKey(rank * 7 % 6_500), weight: 1)
        }
        expectGuarantees(grown, longer)
    }

    @Test func exactOperandStillAccountsForTheOthersUnmonitoredHistory() {
        // The head is approximate; the tail is exact and holds mid-ranked keys the head saw a
        // few times without keeping them: the merge must add the head's floor to those.
        var stream = Stream.zipf(length: 30_000, ranks: 3_000, exponent: 1.0, seed: 71)
        let headCount = stream.items.count
        for rank in 500..<520 {
            for _ in 0..<500 { stream.append(pathKey(rank), 1) }
        }
        let head = stream.summary(capacity: 80, range: 0..<headCount)
        let tail = stream.summary(capacity: 80, range: headCount..<stream.items.count)
        #expect(head.isApproximate && !tail.isApproximate)
        expectGuarantees(head + tail, stream)
        expectGuarantees(tail + head, stream)
    }

    @Test(arguments: [UInt64(41), 42, 43])
    func anySplitMergesToTheSameListWithoutEvictions(seed: UInt64) {
        let stream = Stream.zipf(
            length: 8_000, ranks: 400, exponent: 1.0, maxWeight: 4, seed: seed)
        let whole = stream.summary(capacity: 500)
        var generator = SeededGenerator(seed: seed)
        // Scatter items to summaries at random (not contiguous), as worker scheduling may.
        var parts = (0..<4).map { _ in SpaceSaving(capacity: 500, maxKeyLength: 64) }
        for item in stream.items {
            parts[Int.random(in: 0..<4, using: &generator)].add(item.key, weight: item.weight)
        }
        let merged = parts.reversed().reduce(SpaceSaving(capacity: 500, maxKeyLength: 64), +)
        #expect(!merged.isApproximate)
        #expect(merged == whole)
        #expect(merged.entries(limit: 20) == whole.entries(limit: 20))
    }

    @Test func mergeIsCommutativeAndHasAnIdentityEvenWithEvictions() {
        let stream = Stream.zipf(length: 30_000, ranks: 5_000, exponent: 0.9, seed: 51)
        let a = stream.summary(capacity: 50, range: 0..<17_000)
        let b = stream.summary(capacity: 50, range: 17_000..<30_000)
        let empty = SpaceSaving(capacity: 50, maxKeyLength: 64)
        #expect(a.isApproximate && b.isApproximate)
        #expect(a + b == b + a)
        #expect(a + empty == a)
        #expect(empty + a == a)
    }

    @Test func keyMissingFromAnApproximateOperandGetsItsFloorAsError() {
        var a = SpaceSaving(capacity: 2, maxKeyLength: 8)
        for (key, weight) in [("x", 5), ("y", 3), ("z", 1), ("z", 3)] {
            a.add(Array(key.utf8), weight: UInt64(weight))
        }
        // a: x 5, z 4 (error 1: its first request waited in the filter; y evicted). Its
        // floor is 4.
        #expect(a.floor == 4)
        #expect(a.entries().map(\.errorBound) == [0, 1])
        var b = SpaceSaving(capacity: 2, maxKeyLength: 8)
        b.add(Array("w".utf8), weight: 7)
        let merged = a + b
        let entries = merged.entries()
        #expect(entries.map { String(decoding: $0.bytes, as: UTF8.self) } == ["w", "x"])
        #expect(entries.map(\.count) == [11, 5])
        #expect(entries.map(\.errorBound) == [4, 0])
        #expect(merged.isApproximate)
        #expect(merged.totalWeight == 19)
    }

    @Test func mergedLanesAddUp() {
        var a = SpaceSaving(capacity: 8, laneCount: 2)
        var b = SpaceSaving(capacity: 8, laneCount: 2)
        a.add(Array("h".utf8), weight: 2, lane: 0)
        b.add(Array("h".utf8), weight: 5, lane: 1)
        b.add(Array("g".utf8), weight: 1, lane: 0)
        let entries = (a + b).entries()
        #expect(entries.map(\.lanes) == [[2, 5], [1, 0]])
    }
}
