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
/// stops only itself, and the reports keep the order of the inputs.
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
        var associations = Associations()
        associations.add(
            domain: nil, path: "rules-300.json", rules: try LogScanTests.rules(.asGenerated))
        func scan(workers: Int) -> ScanResult {
            var configuration = ScanConfiguration()
            configuration.inputs = inputs
            configuration.workers = workers
            configuration.chunkSize = 32 << 10
            configuration.perApp = true
            return LogScan.run(configuration, associations: associations)
        }
        let serial = scan(workers: 1)
        for workers in [2, 3, 5] {
            let parallel = scan(workers: workers)
            #expect(parallel.inputs.map(\.path) == inputs)
            #expect(parallel.inputs.map(\.counts) == serial.inputs.map(\.counts), "\(workers)")
            #expect(parallel.inputs.map(\.complete) == [true, false, true, true, true])
            #expect(parallel.inputs.map(\.errorCode) == serial.inputs.map(\.errorCode))
            #expect(parallel.summary.totals == serial.summary.totals)
            #expect(parallel.summary.ruleHits == serial.summary.ruleHits)
            #expect(parallel.summary.appHandled == serial.summary.appHandled)
            #expect(parallel.summary.appEligible == serial.summary.appEligible)
            #expect(parallel.summary.hosts() == serial.summary.hosts())
            #expect(parallel.summary.distinctPaths() == serial.summary.distinctPaths())
        }
        #expect(serial.inputs[1].errorCode == "truncated", "\(serial.inputs[1])")
        #expect(serial.summary.totals.lines > 100_000)
    }
}
