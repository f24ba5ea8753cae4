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
        for kind in ShadowFinding.Kind.allCases {
            #expect(kinds[kind, default: 0] >= 10, "\(kind): \(kinds)")
        }
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
}
