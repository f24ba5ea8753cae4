import ASCIIBytes
import Testing

@testable import CoverageStats

/// Counts near the top of 64 bits stop at `UInt64.max` instead of wrapping round to a small
/// wrong number, whether they add up in one summary or in a merge of several.
struct SaturatingCountTests {
    static let shape = CoverageShape(
        appCount: 1, ruleCount: 1, hostCapacity: 4, topCapacity: 4, maxKeyLength: 16,
        sampleLimit: 2, sampleByteLimit: 12)
    static let half = UInt64(Int64.max)

    static func summary(weights: [UInt64]) -> CoverageSummary {
        var summary = CoverageSummary(shape: shape)
        for (index, weight) in weights.enumerated() {
            let outcome: CoverageOutcome =
                index % 2 == 0 ? .handled(app: 0, rule: 0) : .unmatched
            summary.record(outcome, host: "h.example", path: Array("/p".utf8), weight: weight)
        }
        return summary
    }

    @Test func recordingStopsAtTheLargestCount() {
        let summary = Self.summary(weights: [Self.half, Self.half, Self.half, Self.half])
        #expect(summary.totals.requests == .max)
        #expect(summary.totals.handled == Self.half * 2)
        #expect(summary.totals.unmatched == Self.half * 2)
        #expect(summary.ruleHits[0] == Self.half * 2)
        let hosts = summary.hosts()
        #expect(hosts.first?.requests == .max)
        #expect(summary.topHandled(limit: 1).first?.count == Self.half * 2)
    }

    @Test func mergingStopsAtTheLargestCount() {
        let one = Self.summary(weights: [Self.half, Self.half])
        let merged = one + one + one
        #expect(merged.totals.requests == .max)
        #expect(merged.totals.handled == .max)
        #expect(merged.totals.unmatched == .max)
        #expect(merged.appHandled[0] == .max)
        #expect(merged.topUnmatched(limit: 1).first?.count == .max)
        #expect(merged.totals.lines == 6)
    }

    @Test func filteredTotalsStopAtTheLargestCount() {
        var summary = CoverageSummary(shape: Self.shape)
        summary.recordFiltered(.method, weight: .max)
        summary.recordFiltered(.bot, weight: 1)
        #expect(summary.totals.filtered.total == .max)
        #expect(summary.totals.requests == .max)
    }

    @Test(arguments: [
        (UInt64(5), UInt64(3), Int64(2)), (3, 5, -2), (.max, 0, .max), (0, .max, .min),
        (UInt64(Int64.max), 0, .max), (0, UInt64(Int64.max), -.max),
    ])
    func signedChangesStopAtTheLimitsOfInt64(new: UInt64, old: UInt64, change: Int64) {
        #expect(new.signedChange(from: old) == change)
    }
}
