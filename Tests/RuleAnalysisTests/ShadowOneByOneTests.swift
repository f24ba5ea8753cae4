import AASAModel
import LinkMatcher
import RuleAnalysis
import TestSupport
import Testing
import Workload

/// `ShadowAnalysis.proveOneByOne`, which a scan runs while it reads: each rule's outcome is
/// the one the whole analysis (without exclusions, as the scan's marks) makes for it, however
/// the wanted rules change on the way and wherever it is stopped.
struct ShadowOneByOneTests {
    /// The outcome of every rule under the whole analysis: its finding, or nil.
    private static func expected(_ rules: CompiledRuleSet) -> [ShadowFinding?] {
        var outcome = [ShadowFinding?](repeating: nil, count: rules.rules.count)
        for finding in ShadowAnalysis.findings(for: rules, checkingExclusions: false) {
            outcome[finding.rule] = finding
        }
        return outcome
    }

    /// Every rule wanted: each is handed over once, with the whole analysis's outcome.
    private static func problemsProvingAll(_ rules: CompiledRuleSet, _ name: String) -> [String] {
        let expected = Self.expected(rules)
        var handed: [Int: ShadowFinding?] = [:]
        var problems: [String] = []
        ShadowAnalysis.proveOneByOne(rules, wanted: { _ in true }) { rule, finding in
            if handed[rule] != nil { problems.append("\(name): rule \(rule) handed over twice") }
            handed[rule] = finding
            return true
        }
        if handed.count != rules.rules.count {
            problems.append("\(name): \(handed.count) of \(rules.rules.count) rules handed over")
        }
        for (rule, finding) in handed where finding != expected[rule] {
            problems.append("\(name): rule \(rule): \(String(describing: finding))")
        }
        return problems
    }

    @Test func everyRuleOfGeneratedSetsHasTheWholeAnalysisOutcome() {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: 0x0B1B_0001))
        var problems: [String] = []
        var findings = 0
        for round in 0..<300 {
            let rules = CompiledRuleSet(generator.document())
            problems += Self.problemsProvingAll(rules, "set \(round)")
            findings += Self.expected(rules).compactMap { $0 }.count
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        #expect(findings >= 100)
    }

    @Test(.needsSharedData("aasa-real"))
    func everyRuleOfEveryRealFileHasTheWholeAnalysisOutcome() {
        let documents = RealAASAFiles.documents(in: ["", "history", "odd"])
        #expect(documents.count >= 190)
        var problems: [String] = []
        for (name, document) in documents {
            problems += Self.problemsProvingAll(CompiledRuleSet(document), name)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    /// Rules turned down on the way (as a scan's requests decide them) are not handed over
    /// once turned down; a stop ends it at once; what is handed over is still each rule's
    /// outcome.
    @Test(arguments: [0x0B1B_0002 as UInt64, 0x0B1B_0003])
    func rulesTurnedDownOnTheWayAndAStopLeaveTheOthersRight(seed: UInt64) {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: seed))
        var random = SplitMix64(seed: seed &+ 1)
        var problems: [String] = []
        var handedOver = 0
        var stops = 0
        for round in 0..<300 {
            let rules = CompiledRuleSet(generator.document())
            let count = rules.rules.count
            let expected = Self.expected(rules)
            // Each rule turns unwanted after a random number of hand-overs (or never).
            let unwantedAfter = (0..<count).map { _ in Int(random.next() % UInt64(count + 2)) }
            let stopAfter = Int(random.next() % UInt64(count + 2))
            var handed: [Int] = []
            ShadowAnalysis.proveOneByOne(rules, wanted: { handed.count < unwantedAfter[$0] }) {
                rule, finding in
                if handed.contains(rule) { problems.append("set \(round): \(rule) twice") }
                if handed.count >= unwantedAfter[rule] {
                    problems.append("set \(round): \(rule) handed over once turned down")
                }
                if finding != expected[rule] { problems.append("set \(round): rule \(rule)") }
                handed.append(rule)
                return handed.count < stopAfter
            }
            if handed.count > max(stopAfter, 1) {
                problems.append(
                    "set \(round): \(handed.count) hand-overs past a stop at \(stopAfter)")
            }
            if handed.count == stopAfter { stops += 1 }
            handedOver += handed.count
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        #expect(handedOver >= 300)
        #expect(stops >= 30)
    }
}
