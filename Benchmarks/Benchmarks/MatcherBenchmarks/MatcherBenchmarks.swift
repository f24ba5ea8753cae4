import AASAModel
import Benchmark
import Foundation
import LinkMatcher
import Workload

/// Decide throughput of the automaton at 20, 300 and 5,000 rules of each rule profile (cost
/// per URL must not grow with rules that cannot match, nor with rules that share a prefix and
/// differ after a wildcard, nor with rules that share a path and differ in query or fragment),
/// the same on rules pooled from real AASA files (`RealRulePool`), the same against
/// `ReferenceMatcher`, Android's decision on the same targets (`AndroidRunner`), and compile
/// time.
/// One iteration decides all 10,000 fixture URLs: divide wall clock and mallocs by 10,000
/// for the figures per URL.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(5),
        maxIterations: 200)

    for profile in RuleProfile.allCases {
        for rules in RuleFileGenerator.standardRuleCounts {
            let runner = AutomatonRunner(rules: rules, profile: profile)
            Benchmark("Automaton decide 10k URLs, \(rules) rules, \(profile)") { benchmark in
                runner.pass()
                blackHole(runner.counts)
            }
        }
    }

    // Android 15's dynamic rules made of the same components, decided as a scan with
    // `--android-manifest` decides each target it keeps.
    for profile in RuleProfile.allCases {
        for rules in RuleFileGenerator.standardRuleCounts {
            let runner = AndroidRunner(rules: rules, profile: profile)
            Benchmark("Android decide 10k URLs, \(rules) dynamic rules, \(profile)") { _ in
                runner.pass()
                blackHole(runner.counts)
            }
        }
    }

    for shape in SharedPathFixture.Shape.allCases {
        for rules in [20, 5_000] {
            let runner = AutomatonRunner(
                SharedPathFixture.document(shape, rules: rules), urls: SharedPathFixture.urls)
            Benchmark(
                "Automaton decide 10k URLs, \(rules) rules sharing a path by \(shape.rawValue)"
            ) {
                benchmark in
                runner.pass()
                blackHole(runner.counts)
            }
        }
    }

    let longSegments = AutomatonRunner(
        LongSegmentFixture.document, urls: LongSegmentFixture.urls)
    Benchmark("Automaton decide 10k URLs, long segments under globs that begin with *") {
        benchmark in
        longSegments.pass()
        blackHole(longSegments.counts)
    }

    // Four 50 KB URLs against 12 rules of 2,500 `*`s: per character, a few follow edges read
    // to build DFA states (or, once the DFA gave up, per rule's own automaton), however many
    // `*`s the rules have. Each iteration starts from an empty cache, as one `match` does.
    for (name, document, urls) in [
        ("path", StarHeavyFixture.pathDocument, StarHeavyFixture.pathURLs),
        ("query", StarHeavyFixture.queryDocument, StarHeavyFixture.queryURLs),
    ] {
        let runner = AutomatonRunner(document, urls: urls)
        Benchmark(
            "Automaton decide 4 URLs of 50 KB, 12 \(name) rules of 2,500 *, cold cache",
            configuration: .init(maxIterations: 20)
        ) { benchmark in
            runner.pass(fresh: true)
            blackHole(runner.counts)
        }
    }
    let givenUp = AutomatonRunner(
        StarHeavyFixture.pathDocument, urls: StarHeavyFixture.pathURLs, globCacheBudget: 16 << 10)
    Benchmark(
        "Automaton decide 4 URLs of 50 KB, 12 path rules of 2,500 *, DFA given up",
        configuration: .init(maxIterations: 20)
    ) { benchmark in
        givenUp.pass()
        blackHole(givenUp.counts)
    }

    // 5,000 globs with literals between `*`s (`InfixGlobFixture`): a warm cache, as a scan
    // sees it after its first URLs.
    let infix = AutomatonRunner(InfixGlobFixture.document, urls: InfixGlobFixture.urls)
    Benchmark("Automaton decide 10k URLs, 5000 globs with literals between *") { benchmark in
        infix.pass()
        blackHole(infix.counts)
    }

    if let pool = RealRulePool.load() {
        for rules in RuleFileGenerator.standardRuleCounts {
            let runner = AutomatonRunner(pool.document(rules: rules), urls: pool.urls)
            Benchmark("Automaton decide 10k URLs, \(rules) real rules (pooled)") { benchmark in
                runner.pass()
                blackHole(runner.counts)
            }
        }
        let document = pool.document(rules: 5_000)
        Benchmark("Compile 5000 real rules (pooled)", configuration: .init(maxIterations: 50)) {
            benchmark in
            blackHole(CompiledRuleSet(document))
        }
    } else {
        FileHandle.standardError.write(
            Data(
                "real-rule benchmarks left out: no real AASA files in \(RealRulePool.folder.path)\n"
                    .utf8))
    }

    // Slow on purpose (it reads SEMANTICS.md literally); only the smaller files.
    for profile in RuleProfile.allCases {
        for rules in [20, 300] {
            let reference = ReferenceMatcher(
                MatcherFixture.document(rules: rules, profile: profile))
            Benchmark(
                "Reference decide 10k URLs, \(rules) rules, \(profile)",
                configuration: .init(
                    warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 5)
            ) { benchmark in
                for url in MatcherFixture.urlStrings {
                    blackHole(reference.decide(url).kind)
                }
            }
        }
    }

    for profile in RuleProfile.allCases {
        let document = MatcherFixture.document(rules: 5_000, profile: profile)
        Benchmark("Compile 5000 rules, \(profile)", configuration: .init(maxIterations: 50)) {
            benchmark in
            blackHole(CompiledRuleSet(document))
        }

        let json = RuleFileGenerator.json(ruleCount: 5_000, profile: profile)
        Benchmark("Parse 5000-rule file, \(profile)", configuration: .init(maxIterations: 50)) {
            benchmark in
            blackHole(try? AASADocument.parse(json))
        }
    }
}
