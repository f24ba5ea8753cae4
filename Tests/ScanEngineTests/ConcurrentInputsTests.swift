import CoverageStats
import Foundation
import LinkMatcher
import LogIO
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// Inputs decoded side by side, each by its own reader, count exactly what one reader going
/// through them in order counts: per input, in total, per rule and per app; a broken input
/// stops only itself, and the reports keep the order of the inputs. So does one input of
/// independent frames (or BGZF members) whose pieces the idle workers decode.
@Suite(.enabled(if: Shell.hasTool("zstd") && Shell.hasTool("gzip"), "needs zstd and gzip"))
struct ConcurrentInputsTests {
    @Test func sideBySideCountsWhatOneReaderCounts() throws {
        let folder = try TemporaryFolder()
        var names: [String] = []
        for (index, command) in ["gzip -c", "zstd -q -c", "cat", "gzip -c"].enumerated() {
            var generator = AccessLogGenerator(seed: 200 + UInt64(index))
            var bytes: [UInt8] = []
            generator.appendLines(20_000 + 5_000 * index, to: &bytes)
            let plain = try folder.write("part\(index).log", bytes)
            let name = folder.path + "/input\(index)"
            try Shell.run("\(command) '\(plain)' > '\(name)'")
            names.append(name)
        }
        // Cut short: its lines up to the cut are counted, then its error.
        let broken = folder.path + "/broken.gz"
        try Shell.run("head -c 60000 '\(names[0])' > '\(broken)'")
        let inputs = [names[0], broken, names[1], names[2], names[3]]
        let associations = try Self.associations()
        let serial = Self.scan(inputs, associations, workers: 1)
        for workers in [2, 3, 5] {
            let parallel = Self.scan(inputs, associations, workers: workers)
            #expect(parallel.inputs.map(\.path) == inputs)
            #expect(parallel.inputs.map(\.counts) == serial.inputs.map(\.counts), "\(workers)")
            #expect(parallel.inputs.map(\.complete) == [true, false, true, true, true])
            #expect(parallel.inputs.map(\.errorCode) == serial.inputs.map(\.errorCode))
            Self.expectSameSummary(parallel, serial)
        }
        #expect(serial.inputs[1].errorCode == "truncated", "\(serial.inputs[1])")
        #expect(serial.summary.totals.lines > 100_000)
    }

    enum FramedKind: CaseIterable {
        case pzstdStyle, bgzf
    }

    /// One input cut into pieces that the workers decode: every count, the malformed
    /// samples with their line numbers, and the hosts are those of one thread reading the
    /// same bytes, and of the plain text; a damaged frame in the middle stops the input where
    /// a serial read stops it.
    @Test(arguments: FramedKind.allCases)
    func oneInputOfFramesCountsWhatASerialReadCounts(_ kind: FramedKind) throws {
        let folder = try TemporaryFolder()
        var generator = AccessLogGenerator(seed: 300)
        var plain: [UInt8] = []
        generator.appendLines(60_000, to: &plain)
        #expect(generator.malformedLines > 0)
        // Parts of 300,000 bytes: many lines and the pieces' borders do not meet.
        let compressed: [UInt8]
        switch kind {
        case .pzstdStyle:
            compressed = ZstdFrames.pzstdStyle(
                try ZstdFrames.frames(plain, partSize: 300_000, sized: false))
        case .bgzf:
            compressed = BGZF.compress(plain)
        }
        var damaged = compressed
        for index in (damaged.count / 2)..<(damaged.count / 2 + 40) { damaged[index] ^= 0x5A }
        let plainPath = try folder.write("plain.log", plain)
        let framedPath = try folder.write("framed", compressed)
        let damagedPath = try folder.write("damaged", damaged)
        let associations = try Self.associations()
        func scan(_ path: String, workers: Int) -> ScanResult {
            Self.scan([path], associations, workers: workers)
        }
        let text = scan(plainPath, workers: 1)
        let serial = scan(framedPath, workers: 1)
        let serialDamaged = scan(damagedPath, workers: 1)
        #expect(serial.inputs.map(\.counts) == text.inputs.map(\.counts))
        #expect(serial.summary.malformedSamples == text.summary.malformedSamples)
        #expect(serialDamaged.inputs.first?.complete == false)
        #expect(serialDamaged.inputs.first?.errorCode == "corrupt")
        for workers in [2, 3] {
            let parallel = scan(framedPath, workers: workers)
            #expect(parallel.inputs.map(\.counts) == serial.inputs.map(\.counts), "\(workers)")
            #expect(parallel.inputs.map(\.complete) == [true])
            Self.expectSameSummary(parallel, serial)
            #expect(parallel.summary.malformedSamples == serial.summary.malformedSamples)
            let broken = scan(damagedPath, workers: workers)
            #expect(broken.inputs.map(\.counts) == serialDamaged.inputs.map(\.counts))
            #expect(broken.inputs.map(\.error) == serialDamaged.inputs.map(\.error))
            #expect(broken.summary.malformedSamples == serialDamaged.summary.malformedSamples)
        }
        #expect(serial.summary.totals.lines == 60_000)
    }

    /// The generated 300 rules, as the workload's inputs are generated for.
    static func associations() throws -> Associations {
        var associations = Associations()
        associations.add(
            domain: nil, path: "rules-300.json", rules: try LogScanTests.rules(.asGenerated))
        return associations
    }

    /// A scan of `inputs` with per-app counts, in small chunks so that every input spans many.
    static func scan(_ inputs: [String], _ associations: Associations, workers: Int) -> ScanResult {
        var configuration = ScanConfiguration()
        configuration.inputs = inputs
        configuration.workers = workers
        configuration.chunkSize = 32 << 10
        configuration.perApp = true
        return LogScan.run(configuration, associations: associations)
    }

    /// Totals, rule and app counts, hosts and distinct paths of the two scans are equal.
    static func expectSameSummary(_ parallel: ScanResult, _ serial: ScanResult) {
        #expect(parallel.summary.totals == serial.summary.totals)
        #expect(parallel.summary.ruleHits == serial.summary.ruleHits)
        #expect(parallel.summary.appHandled == serial.summary.appHandled)
        #expect(parallel.summary.appEligible == serial.summary.appEligible)
        #expect(parallel.summary.hosts() == serial.summary.hosts())
        #expect(parallel.summary.distinctPaths() == serial.summary.distinctPaths())
    }
}
