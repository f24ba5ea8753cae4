import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// `merge` as a law: the states of the disjoint parts of a log, saved, read back and merged in
/// any grouping and any order, give the exact counts of one scan of the whole log.
struct StateMergeLawTests {
    static let rulesJSON = RuleFileGenerator.json(ruleCount: 300)

    static func associations() throws -> Associations {
        var associations = Associations()
        associations.add(
            domain: nil, path: "rules-300.json",
            rules: CompiledRuleSet(try AASADocument.parse(rulesJSON)))
        return associations
    }

    /// One scan of `lines` written to a file, as a saved state read back.
    static func state(of lines: ArraySlice<[UInt8]>, workers: Int) throws -> ScanState {
        let temporary = try TemporaryFolder()
        let url = URL(fileURLWithPath: try temporary.write("access.log", lines.flatMap { $0 }))
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = 64 << 10
        let result = LogScan.run(configuration, associations: try associations())
        let state = ScanState(
            sources: [ScanState.Source(domain: nil, path: "rules-300.json", bytes: rulesJSON)],
            inputs: result.inputs, summary: result.summary,
            elapsedSeconds: result.elapsedSeconds, workers: result.workers)
        return try ScanState(encoded: state.encoded())
    }

    /// Merges `states` in the order given, grouped as a random binary tree.
    static func mergedInRandomGroups(_ states: [ScanState], _ random: inout SplitMix64) throws
        -> ScanState
    {
        var pending = states
        while pending.count > 1 {
            let at = Int(random.next() % UInt64(pending.count - 1))
            let pair = try ScanState.merged([pending[at], pending[at + 1]])
            pending.replaceSubrange(at...(at + 1), with: [pair])
        }
        return pending[0]
    }

    static func exactCounts(_ summary: CoverageSummary) -> [UInt64] {
        let totals = summary.totals
        return [
            totals.lines, totals.requests, totals.malformed, totals.skipped, totals.handled,
            totals.excluded, totals.unmatched,
        ] + summary.appHandled + summary.appExcluded + summary.ruleHits
    }

    @Test(arguments: [0x1A_0001 as UInt64, 0x1A_0002])
    func anyGroupingAndOrderOfPartsEqualsOneScan(seed: UInt64) throws {
        var generator = AccessLogGenerator(seed: seed)
        var bytes: [UInt8] = []
        generator.appendLines(30_000, to: &bytes)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map {
            Array($0) + [0x0A]
        }
        let whole = try Self.state(of: lines[...], workers: 2)
        var random = SplitMix64(seed: seed)
        // Three to six disjoint parts at random line boundaries.
        let partCount = 3 + Int(random.next() % 4)
        var cuts = (0..<partCount - 1).map { _ in Int(random.next() % UInt64(lines.count)) }
        cuts = ([0] + cuts.sorted() + [lines.count])
        var parts: [ScanState] = []
        for index in 0..<partCount {
            parts.append(
                try Self.state(of: lines[cuts[index]..<cuts[index + 1]], workers: 1 + index % 2))
        }
        let expected = Self.exactCounts(whole.summary)
        for _ in 0..<6 {
            let shuffled = parts.shuffled(using: &random)
            let merged = try Self.mergedInRandomGroups(shuffled, &random)
            #expect(Self.exactCounts(merged.summary) == expected)
            #expect(merged.summary.hosts() == whole.summary.hosts())
            #expect(merged.summary.distinctPaths() == whole.summary.distinctPaths())
            #expect(merged.inputs.count == partCount)
        }
    }
}
