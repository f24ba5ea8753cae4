import AASAModel
import Benchmark
import CoverageStats
import LinkMatcher
import RuleAnalysis
import Workload

/// What a scan counts and proves besides matching: the coverage summary's tables fed the
/// paths of 400,000 generated requests (a third of them first sightings, as in the workload),
/// and the proof of which rules of a 5,000-rule file can never decide, for every rule and for
/// the rules a sample of the workload's traffic leaves undecided (what a scan's report asks);
/// and the same proof on files of thousands of rules of one shape (`ProofScaleFixture`), which
/// the work budget per rule keeps linear in the rules: 2,500, 5,000 and 10,000 rules should
/// take about 1, 2 and 4 times as long.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20)

    var generator = AccessLogGenerator(seed: AccessLogGenerator.standardSeed)
    let paths = generator.requestTargets(400_000).map { target in
        Array(target.prefix { $0 != UInt8(ascii: "?") })
    }
    Benchmark("Summary records 400k workload paths") { benchmark in
        var summary = CoverageSummary(shape: CoverageShape(appCount: 1, ruleCount: 1))
        for path in paths {
            path.withUnsafeBytes { path in
                _ = summary.recordRequests(.unmatched, path: path, lines: 1, weight: 1)
            }
        }
        blackHole(summary.topUnmatched(limit: 20))
    }

    for profile in RuleProfile.allCases {
        let json = RuleFileGenerator.json(ruleCount: 5_000, profile: profile)
        guard let document = try? AASADocument.parse(json) else {
            fatalError("the generated \(profile) rule file does not parse")
        }
        let rules = CompiledRuleSet(document)
        let undecided = rulesUndecided(by: paths.prefix(50_000), in: rules)
        Benchmark("Prove dead rules, 5000 rules, \(profile), every rule") { benchmark in
            blackHole(ShadowAnalysis.findings(for: rules, checkingExclusions: false))
        }
        Benchmark(
            "Prove dead rules, 5000 rules, \(profile), the \(undecided.count) undecided"
        ) { benchmark in
            blackHole(
                ShadowAnalysis.findings(
                    for: rules, checkingExclusions: false, examining: { undecided.contains($0) }))
        }
    }

    let scale: [(String, (Int) -> CompiledRuleSet, [Int])] = [
        ("/u/*/itemN/?*", ProofScaleFixture.items, [2_500, 5_000, 10_000]),
        ("*N?*", ProofScaleFixture.digits, [5_000, 10_000, 20_000]),
        ("/u/* by query value", ProofScaleFixture.queryValues, [2_500, 5_000, 10_000]),
        ("past the work budget", ProofScaleFixture.pastTheBudget, [10, 20, 40]),
    ]
    for (shape, make, counts) in scale {
        for count in counts {
            let rules = make(count)
            Benchmark(
                "Prove dead rules, \(count) rules \(shape), every rule",
                configuration: .init(maxIterations: 5)
            ) { benchmark in
                blackHole(ShadowAnalysis.findings(for: rules))
            }
        }
    }
}

/// The rules that decide none of `paths`.
func rulesUndecided(by paths: ArraySlice<[UInt8]>, in rules: CompiledRuleSet) -> Set<Int> {
    var undecided = Set(rules.rules.indices)
    let scratch = MatchScratch()
    for path in paths {
        path.withUnsafeBufferPointer { path in
            let rule = rules.decide(path, scratch: scratch).rule
            if rule >= 0 { undecided.remove(Int(rule)) }
        }
    }
    return undecided
}
