import AASAModel
import LinkMatcher
import TestSupport
import Testing

@testable import RuleAnalysis

struct ShadowRealFileTests {
    /// Every real file: each finding holds on URLs made to match the reported rule, decided by
    /// the reference matcher.
    @Test(.needsSharedData("aasa-real"))
    func everyFindingOfEveryRealFileHolds() {
        let documents = RealAASAFiles.documents(in: ["", "history", "odd"])
        #expect(documents.count >= 190)
        var problems: [String] = []
        var findings = 0
        var checked = 0
        for (index, (name, document)) in documents.enumerated() {
            let found = ShadowAnalysis.findings(for: document)
            findings += found.count
            var check = ShadowSoundnessCheck(document)
            check.check(found, seed: UInt64(index))
            checked += check.checkedURLs
            problems += check.problems.map { "\(name): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        // The corpus has dead rules; the check must have met them.
        #expect(findings >= 20)
        #expect(checked >= 500)
    }

    /// Every real file: a rule refuted by a witness URL has no finding from the proof alone
    /// but, at most, `notProven` (a proof past its budget), which the witness answers; every
    /// other rule has the same finding either way. Most rules are refuted so.
    @Test(.needsSharedData("aasa-real"))
    func witnessesOnlyAnswerWhatTheProofLeftOpen() throws {
        var refuted = 0
        var rules = 0
        var wrong: [String] = []
        for (name, document) in RealAASAFiles.documents(in: ["", "history", "odd"]) {
            let compiled = CompiledRuleSet(document)
            guard let witnesses = Inclusion.Witnesses(compiled) else { continue }
            let byProof = ShadowAnalysis.findingsByProofAlone(for: compiled)
            let found = ShadowAnalysis.findings(for: compiled)
            for rule in compiled.rules.indices {
                rules += 1
                let proof = byProof.first { $0.rule == rule }
                let witnessed = witnesses.refuteShadowing(rule)
                if witnessed { refuted += 1 }
                // An exclusion's check for effect (AASA604) goes to the proof, witness or not.
                let expected = witnessed && !compiled.rules[rule].exclude ? nil : proof
                if witnessed, let proof,
                    ![.notProven, .exclusionWithoutEffect].contains(proof.kind)
                {
                    wrong.append("\(name): refuted yet \(proof.kind) \(proof.ref)")
                }
                if found.first(where: { $0.rule == rule }) != expected {
                    wrong.append("\(name): \(compiled.rules[rule].ref) differs")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).joined(separator: "\n"))")
        #expect(refuted * 2 > rules, "\(refuted) of \(rules) refuted")
    }

    /// Every real file: examining every other rule finds, for those, what examining all finds.
    @Test(.needsSharedData("aasa-real"))
    func examiningSomeRulesOfRealFilesFindsWhatExaminingAllFinds() {
        let documents = RealAASAFiles.documents(in: ["", "history", "odd"])
        #expect(documents.count >= 190)
        var compared = 0
        for (name, document) in documents {
            let rules = CompiledRuleSet(document)
            let all = ShadowAnalysis.findings(for: rules)
            for parity in 0..<2 {
                let some = ShadowAnalysis.findings(for: rules, examining: { $0 % 2 == parity })
                let expected = all.filter { $0.rule % 2 == parity }
                #expect(some == expected, "\(name)")
                compared += expected.count
            }
        }
        #expect(compared >= 20)
    }

    /// Every real file: leaving exclusions without effect (AASA604) out, as the scan's dead-rule
    /// marks do, changes nothing else: every other rule has the finding it has with them (an
    /// exclusion may lose a `notProven` that came from its AASA604 check).
    @Test(.needsSharedData("aasa-real"))
    func leavingExclusionsOutFindsTheSameForEveryOtherRule() {
        var compared = 0
        for (name, document) in RealAASAFiles.documents(in: ["", "history", "odd"]) {
            let rules = CompiledRuleSet(document)
            let all = ShadowAnalysis.findings(for: rules)
                .filter { $0.kind != .exclusionWithoutEffect }
            let marks = ShadowAnalysis.findings(for: rules, checkingExclusions: false)
            let isExclusion = { (finding: ShadowFinding) in rules.rules[finding.rule].exclude }
            #expect(marks.filter { !isExclusion($0) } == all.filter { !isExclusion($0) }, "\(name)")
            #expect(marks.allSatisfy { all.contains($0) }, "\(name)")
            compared += marks.count
        }
        #expect(compared >= 20)
    }
}
