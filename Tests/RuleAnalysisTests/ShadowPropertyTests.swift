import AASAModel
import LinkMatcher
import RuleAnalysis
import Testing
import Workload

struct ShadowPropertyTests {
    /// Generated rule sets full of overlaps: every finding holds on URLs made to match the
    /// reported rule, decided by the reference matcher; and the generator does produce
    /// findings of every kind, so the check is not vacuous.
    @Test(arguments: [0x5AD0_0001 as UInt64, 0x5AD0_0002])
    func everyFindingHoldsOnTheReferenceMatcher(seed: UInt64) {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: seed))
        var problems: [String] = []
        var kinds: [ShadowFinding.Kind: Int] = [:]
        var checked = 0
        for round in 0..<800 {
            let document = generator.document()
            let findings = ShadowAnalysis.findings(for: document)
            for finding in findings { kinds[finding.kind, default: 0] += 1 }
            var check = ShadowSoundnessCheck(document)
            check.check(findings, seed: seed &+ UInt64(round), urlsPerRule: 30)
            checked += check.checkedURLs
            problems += check.problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        // Within the default work budget, every rule of these small sets is answered.
        for kind in ShadowFinding.Kind.allCases where kind != .notProven {
            #expect(kinds[kind, default: 0] >= 10, "\(kind): \(kinds)")
        }
        #expect(kinds[.notProven] == nil, "\(kinds)")
        #expect(checked > 5_000)
    }

    /// The same findings whether the analysis starts from the document or its compiled set.
    @Test func documentAndCompiledSetAgree() {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: 7))
        for _ in 0..<200 {
            let document = generator.document()
            #expect(
                ShadowAnalysis.findings(for: document)
                    == ShadowAnalysis.findings(for: CompiledRuleSet(document)))
        }
    }

    /// Examining some rules finds, for each of them, what examining every rule finds: the
    /// others still count as earlier rules that may cover (what `scan` relies on when it
    /// examines only the rules that decided no request).
    @Test func examiningSomeRulesFindsWhatExaminingAllFindsForThem() {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: 11))
        var random = SplitMix64(seed: 12)
        var compared = 0
        for _ in 0..<300 {
            let rules = CompiledRuleSet(generator.document())
            let all = ShadowAnalysis.findings(for: rules)
            let picked = Set((0..<rules.rules.count).filter { _ in random.next() % 2 == 0 })
            let some = ShadowAnalysis.findings(for: rules, examining: { picked.contains($0) })
            let expected = all.filter { picked.contains($0.rule) }
            #expect(some == expected)
            compared += expected.count
        }
        // The picked rules included dead ones, so the comparison says something.
        #expect(compared >= 100)
    }
}
