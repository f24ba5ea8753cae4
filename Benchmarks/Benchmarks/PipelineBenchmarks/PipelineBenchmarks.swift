import AASAModel
import Benchmark
import Foundation
import LinkMatcher
import ScanEngine
import Workload

/// The whole scan (read, decompress, parse, classify, count, merge) over a generated log of
/// 400,000 lines (about 90 MB): against the 300-rule file of each rule profile, plain, gzip
/// and zstd copies, with 1 and 2 workers; and against the 5,000-rule files, plain, 2 workers.
/// `MB/s` counts megabytes (10^6 bytes) of plain log per second of wall clock. The reading and
/// parsing stages alone are measured too (ReadParseBenchmarks.swift).
let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, megabytesPerSecond, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10)

    let fixture = PipelineFixture.shared
    readParseBenchmarks(fixture)
    var runs: [(name: String, file: String, workers: Int, rules: Int)] = []
    for (name, file) in [("plain", fixture.plain), ("gzip", fixture.gzip), ("zstd", fixture.zstd)] {
        for workers in [1, 2] { runs.append((name, file, workers, 300)) }
    }
    runs.append(("plain", fixture.plain, 2, 5_000))
    for profile in RuleProfile.allCases {
        for run in runs {
            let associations = fixture.associations(rules: run.rules, profile: profile)
            Benchmark(
                "Scan \(run.name), \(run.workers) worker\(run.workers == 1 ? "" : "s"), "
                    + "\(run.rules) rules, \(profile)",
                configuration: .init(scalingFactor: .one)
            ) { benchmark in
                var configuration = ScanConfiguration()
                configuration.inputs = [run.file]
                configuration.workers = run.workers
                let clock = ContinuousClock()
                let start = clock.now
                let result = LogScan.run(configuration, associations: associations)
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

    private init() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("aasa-scan-pipeline-bench-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        plain = folder + "/access.log"
        gzip = plain + ".gz"
        zstd = plain + ".zst"
        var generator = AccessLogGenerator(seed: AccessLogGenerator.standardSeed)
        var bytes: [UInt8] = []
        generator.appendLines(400_000, to: &bytes)
        plainBytes = bytes.count
        FileManager.default.createFile(atPath: plain, contents: Data(bytes))
        Self.shell("gzip -6 -c '\(plain)' > '\(gzip)' && zstd -q -3 -f '\(plain)' -o '\(zstd)'")
    }

    /// The generated rule file of `rules` rules and `profile`, compiled, for every request.
    func associations(rules: Int, profile: RuleProfile) -> Associations {
        let json = RuleFileGenerator.json(ruleCount: rules, profile: profile)
        guard let document = try? AASADocument.parse(json) else {
            fatalError("the generated \(rules)-rule \(profile) file does not parse")
        }
        var associations = Associations()
        let name = RuleFileGenerator.fileName(ruleCount: rules, form: .components, profile: profile)
        associations.add(domain: nil, path: name, rules: CompiledRuleSet(document))
        return associations
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
