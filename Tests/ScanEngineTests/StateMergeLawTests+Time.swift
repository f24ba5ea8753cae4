import CoverageStats
import Foundation
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// The merge law with time: buckets and time ranges of the saved states of disjoint parts,
/// merged in any grouping and order, are those of one scan of the whole log; the empty
/// state is the identity; the same bytes counted twice are refused as an overlap.
struct StateMergeTimeLawTests {
    static func state(of text: String, bucket: BucketSize?, workers: Int) throws -> ScanState {
        let folder = try TemporaryFolder()
        var configuration = ScanConfiguration()
        configuration.inputs = [try folder.write("access.log", text)]
        configuration.workers = workers
        configuration.chunkSize = 16 << 10
        configuration.bucket = bucket
        configuration.perApp = true
        configuration.perAppSeries = true
        configuration.fingerprintsInputs = true
        let result = LogScan.run(configuration, associations: try TimeScanTests.associations())
        let state = ScanState(
            sources: [
                ScanState.Source(domain: nil, path: "rules.json", bytes: TimeScanTests.rules)
            ],
            inputs: result.inputs, summary: result.summary,
            elapsedSeconds: result.elapsedSeconds, workers: result.workers)
        return try ScanState(encoded: state.encoded())
    }

    @Test(arguments: [0x7400 as UInt64, 0x7401])
    func anyGroupingAndOrderOfPartsEqualsOneScan(seed: UInt64) throws {
        let (text, _) = TimeScanTests.log(count: 4_000, start: 1_714_521_600, seed: seed)
        let lines = text.split(separator: "\n").map { $0 + "\n" }
        let whole = try Self.state(of: lines.joined(), bucket: .hour, workers: 2)
        var random = SplitMix64(seed: seed)
        var cuts = (0..<3).map { _ in Int(random.next() % UInt64(lines.count)) }
        cuts = [0] + cuts.sorted() + [lines.count]
        var parts: [ScanState] = []
        for index in 0..<4 {
            parts.append(
                try Self.state(
                    of: lines[cuts[index]..<cuts[index + 1]].joined(), bucket: .hour,
                    workers: 1 + index % 2))
        }
        for _ in 0..<4 {
            let merged = try StateMergeLawTests.mergedInRandomGroups(
                parts.shuffled(using: &random), &random)
            #expect(merged.summary.series == whole.summary.series)
            #expect(merged.summary.timeRange == whole.summary.timeRange)
            #expect(merged.summary.totals == whole.summary.totals)
            let ranges = merged.inputs.compactMap(\.counts.time)
            #expect(ranges.reduce(nil as TimeRange?) { $0 + $1 } == whole.summary.timeRange)
        }
        // Commutative, and the state of an empty log is the identity.
        let empty = try Self.state(of: "", bucket: .hour, workers: 1)
        let ab = try ScanState.merged([parts[0], parts[1]])
        let ba = try ScanState.merged([parts[1], parts[0]])
        #expect(ab.summary.series == ba.summary.series)
        #expect(ab.summary.timeRange == ba.summary.timeRange)
        #expect(try ScanState.merged([empty, parts[2]]).summary.series == parts[2].summary.series)
        #expect(try ScanState.merged([parts[2], empty]).summary == parts[2].summary)
    }

    /// A state merged with one saved without `--bucket` has a partial series.
    @Test func aStateWithoutASeriesMakesTheMergedOnePartial() throws {
        let (text, _) = TimeScanTests.log(count: 300, start: 1_714_521_600, seed: 0x7402)
        let bucketed = try Self.state(of: text, bucket: .day, workers: 1)
        let plain = try Self.state(of: text + "\n", bucket: nil, workers: 1)
        #expect(bucketed.summary.series?.isPartial == false)
        #expect(try ScanState.merged([bucketed, plain]).summary.series?.isPartial == true)
        #expect(try ScanState.merged([plain, bucketed]).summary.series?.isPartial == true)
    }

    @Test func statesOfTheSameBytesOverlapAndOthersDoNot() throws {
        let (first, _) = TimeScanTests.log(count: 500, start: 1_714_521_600, seed: 0x7403)
        let (second, _) = TimeScanTests.log(count: 500, start: 1_714_521_600, seed: 0x7404)
        let a = try Self.state(of: first, bucket: nil, workers: 2)
        let again = try Self.state(of: first, bucket: .hour, workers: 1)
        let b = try Self.state(of: second, bucket: nil, workers: 2)
        #expect(a.overlap(with: a) != nil)
        #expect(a.overlap(with: again) != nil)
        #expect(a.overlap(with: b) == nil)
        // A log that grew since it was scanned starts with the same bytes.
        let grown = try Self.state(of: first + second, bucket: nil, workers: 1)
        #expect(a.overlap(with: grown) != nil)
        #expect(a.inputs[0].fingerprint?.bytes == UInt64(first.utf8.count))
    }
}
