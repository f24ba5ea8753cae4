import AASAModel
import Benchmark
import Foundation
import LinkMatcher
import ScanEngine
import Workload

/// The whole scan (read, decompress, parse, classify, count, merge) over a generated log of
/// 400,000 lines (about 90 MB) against the 300-rule file: plain, gzip and zstd copies, with 1
/// and 2 workers. `MB/s` counts megabytes (10^6 bytes) of plain log per second of wall clock.
let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, megabytesPerSecond, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10)

    let fixture = PipelineFixture.shared
    for (name, file) in [("plain", fixture.plain), ("gzip", fixture.gzip), ("zstd", fixture.zstd)] {
        for workers in [1, 2] {
            Benchmark(
                "Scan \(name), \(workers) worker\(workers == 1 ? "" : "s")",
                configuration: .init(scalingFactor: .one)
            ) { benchmark in
                var configuration = ScanConfiguration()
                configuration.inputs = [file]
                configuration.workers = workers
                let clock = ContinuousClock()
                let start = clock.now
                let result = LogScan.run(configuration, associations: fixture.associations)
                let elapsed = (clock.now - start) / .microseconds(1)
                precondition(result.complete, "the fixture scan did not complete")
                blackHole(result.summary.totals.handled)
                benchmark.measurement(megabytesPerSecond, Int(Double(fixture.plainBytes) / elapsed))
            }
        }
    }
}

/// The generated log, written once per run into a temporary folder, with its compressed copies.
final class PipelineFixture: Sendable {
    static let shared = PipelineFixture()

    let plain: String
    let gzip: String
    let zstd: String
    let plainBytes: Int
    let associations: Associations

    private init() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("aasa-scan-pipeline-bench-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        plain = folder + "/access.log"
        gzip = plain + ".gz"
        zstd = plain + ".zst"
        var generator = AccessLogGenerator(seed: 20_240_501)
        var bytes: [UInt8] = []
        generator.appendLines(400_000, to: &bytes)
        plainBytes = bytes.count
        FileManager.default.createFile(atPath: plain, contents: Data(bytes))
        Self.shell("gzip -6 -c '\(plain)' > '\(gzip)' && zstd -q -3 -f '\(plain)' -o '\(zstd)'")
        guard let document = try? AASADocument.parse(RuleFileGenerator.json(ruleCount: 300)) else {
            fatalError("the generated 300-rule file does not parse")
        }
        var associations = Associations()
        associations.add(domain: nil, path: "rules-300.json", rules: CompiledRuleSet(document))
        self.associations = associations
    }

    private static func shell(_ script: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try? process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "could not compress the fixture: \(script)")
    }
}
