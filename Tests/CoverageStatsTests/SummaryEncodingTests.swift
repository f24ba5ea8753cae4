import Testing

@testable import CoverageStats

/// Saved summaries come back equal and merge like the originals.
struct SummaryEncodingTests {
    typealias Fixtures = CoverageSummaryTests

    @Test(arguments: [(UInt64(1), 12, 30), (2, 500, 4_000), (3, 3, 2)])
    func roundTripKeepsEverything(seed: UInt64, hosts: Int, paths: Int) throws {
        let summary = Fixtures.randomSummary(seed: seed, hosts: hosts, paths: paths)
        let restored = try CoverageSummary(encoded: summary.encoded())
        #expect(restored == summary)
        #expect(restored.distinctPaths() == summary.distinctPaths())
        #expect(restored.malformedSamples == summary.malformedSamples)
        #expect(restored.topUnmatchedIsApproximate == summary.topUnmatchedIsApproximate)
    }

    @Test func restoredSummariesMergeLikeTheOriginals() throws {
        let a = Fixtures.randomSummary(seed: 7, hosts: 50, paths: 3_000)
        let b = Fixtures.randomSummary(seed: 8, hosts: 50, paths: 3_000)
        let merged =
            try CoverageSummary(encoded: a.encoded()) + CoverageSummary(encoded: b.encoded())
        #expect(merged == a + b)
        // A restored summary keeps working: more records after a restore count as before.
        var grown = try CoverageSummary(encoded: a.encoded())
        var original = a
        for event in Fixtures.events(seed: 9, count: 200, hosts: 50, paths: 3_000) {
            event.apply(to: &grown)
            event.apply(to: &original)
        }
        #expect(grown == original)
    }

    /// Guards issue 9.10: counts added later (the bot filter) survive saving, and a summary
    /// saved before they existed (no trailing list) still reads back, with zeros.
    @Test func laterCountsSurviveAndOlderLayoutsStillRead() throws {
        var summary = Fixtures.randomSummary(seed: 5)
        summary.recordFiltered(.bot, weight: 7)
        let bytes = summary.encoded()
        let restored = try CoverageSummary(encoded: bytes)
        #expect(restored.totals.filtered.byBot == summary.totals.filtered.byBot)
        let filters = [summary.hostTable, summary.unmatchedPaths, summary.handledPaths]
            .map(\.filter.count)
        let filterSection = 8 * (1 + filters.count + filters.reduce(0, +))
        let trailer = filterSection + 8 * (1 + summary.laterCounts.count)
        let older = try CoverageSummary(encoded: Array(bytes.dropLast(trailer)))
        #expect(older.totals.filtered.byBot == 0)
        #expect(older.totals.handled == summary.totals.handled)
    }

    /// A summary saved before the filters (plain Space-Saving tables) reads back with every
    /// counter at its table's floor, the bound the old tables gave every unmonitored key.
    @Test func summariesSavedWithoutFiltersReadWithCountersAtTheFloor() throws {
        let summary = Fixtures.randomSummary(seed: 2, hosts: 500, paths: 4_000)
        #expect(summary.topUnmatchedIsApproximate)
        let tables = [summary.hostTable, summary.unmatchedPaths, summary.handledPaths]
        let filterSection = 8 * (1 + tables.count + tables.map(\.filter.count).reduce(0, +))
        let bytes = summary.encoded()
        let older = try CoverageSummary(encoded: Array(bytes.dropLast(filterSection)))
        #expect(older.unmatchedPaths.entries() == summary.unmatchedPaths.entries())
        #expect(older.unmatchedPaths.filter.allSatisfy { $0 == summary.unmatchedPaths.floor })
        #expect(older.unmatchedPaths.invariantsHold())
        #expect((older + older).unmatchedPaths.invariantsHold())
        // A counter above its table's floor would break the bound: such bytes are refused.
        // The last section is the handled table's filter; the unmatched one's last counter
        // comes just before it.
        var damaged = bytes
        let lastUnmatchedCounter = bytes.count - 8 * (2 + summary.handledPaths.filter.count)
        for index in 0..<8 { damaged[lastUnmatchedCounter + index] = 0xFF }
        do {
            _ = try CoverageSummary(encoded: damaged)
            Issue.record("a counter above the floor was accepted")
        } catch {
            #expect(error.message.contains("above its table's smallest count"), "\(error)")
        }
    }

    @Test func damagedBytesAreRefused() {
        let bytes = Fixtures.randomSummary(seed: 4).encoded()
        #expect(throws: SummaryDecodingError.self) {
            try CoverageSummary(encoded: Array(bytes.prefix(bytes.count / 2)))
        }
        #expect(throws: SummaryDecodingError.self) {
            try CoverageSummary(encoded: Array("not a summary".utf8))
        }
        #expect(throws: SummaryDecodingError.self) { try CoverageSummary(encoded: bytes + [0]) }
    }

    /// Any single damaged byte (here: every byte in turn set to 0xFF, then to 0x00) is refused
    /// or decodes to a summary that still estimates and merges: never a trap. A sketch register
    /// above what a sketch can hold used to trap in the estimate.
    @Test func everySingleDamagedByteIsRefusedOrHarmless() {
        let bytes = Fixtures.randomSummary(seed: 5, hosts: 3, paths: 20).encoded()
        var refused = 0
        for index in bytes.indices {
            for value: UInt8 in [0xFF, 0x00] where bytes[index] != value {
                var damaged = bytes
                damaged[index] = value
                guard let summary = try? CoverageSummary(encoded: damaged) else {
                    refused += 1
                    continue
                }
                _ = summary.distinctPaths()
                _ = summary + summary
            }
        }
        #expect(refused > 0)
    }
}
