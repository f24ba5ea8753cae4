import AASAModel
import LinkMatcher
import Testing
import Workload

@testable import RuleAnalysis

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

    /// A rule refuted by a witness URL is one the proof alone refutes too: the witnesses
    /// change no finding, and they do refute many rules (these sets are answered in full by
    /// the proofs, so no `notProven` can differ).
    @Test func witnessesChangeNoFinding() throws {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: 7))
        var refuted = 0
        var examined = 0
        var wrong: [String] = []
        for _ in 0..<300 {
            let rules = CompiledRuleSet(generator.document())
            let byProof = ShadowAnalysis.findingsByProofAlone(for: rules)
            #expect(ShadowAnalysis.findings(for: rules) == byProof)
            let witnesses = try #require(Inclusion.Witnesses(rules))
            for rule in rules.rules.indices {
                examined += 1
                guard witnesses.refuteShadowing(rule) else { continue }
                refuted += 1
                // An exclusion's check for effect (AASA604) goes to the proof, witness or not.
                if let finding = byProof.first(where: { $0.rule == rule }),
                    finding.kind != .exclusionWithoutEffect
                {
                    wrong.append("\(finding.kind) \(finding.ref)")
                }
            }
        }
        #expect(wrong.isEmpty, "refuted yet found: \(wrong.prefix(5))")
        // These sets are made of overlaps, so fewer are alive than in real files.
        #expect(refuted * 6 > examined, "\(refuted) of \(examined) refuted")
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
