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
        let trailer = 8 * (1 + summary.laterCounts.count)
        let older = try CoverageSummary(encoded: Array(bytes.dropLast(trailer)))
        #expect(older.totals.filtered.byBot == 0)
        #expect(older.totals.handled == summary.totals.handled)
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
