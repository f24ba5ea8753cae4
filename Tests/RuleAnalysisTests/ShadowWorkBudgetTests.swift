import AASAModel
import LinkMatcher
import Testing

@testable import RuleAnalysis

/// The dead-rule proofs within their work budget per rule (`ShadowAnalysis.workPerRule`):
/// files of thousands of rules of one shape are answered with a few units per rule, so the
/// whole analysis grows linearly with the rules; rules whose proof needs more are reported
/// not proven, the same way whatever else is examined. The proofs are tested alone here
/// (`findingsByProofAlone`): witness URLs would answer most of these rules before them.
struct ShadowWorkBudgetTests {
    /// 10,000 rules `/u/*/itemN/?*`, each thousandth after a `/u/*/itemN/*` that covers it:
    /// with 300 units per rule (a rule compared with every earlier one would need thousands),
    /// every rule is answered, and the covered ones are found, each with its cover.
    @Test func tenThousandRulesOfOneShapeNeedFewUnitsEach() {
        var components: [Component] = []
        var expected: [(rule: Int, cover: Int)] = []
        for item in 0..<10_000 {
            if item % 1_000 == 500 {
                components.append(Component(path: "/u/*/item\(item)/*"))
                expected.append((components.count, components.count - 1))
            }
            components.append(Component(path: "/u/*/item\(item)/?*"))
        }
        let findings = Self.provenAlone(components, workPerRule: 300)
        let found = findings.map { Finding($0.kind, $0.rule, $0.coveringRules) }
        let same = found == expected.map { Finding(.shadowed, $0.rule, [$0.cover]) }
        #expect(same, "\(Finding.summary(found))")
    }

    /// 5,000 rules `*N?*`: `*d?*` for the smallest digit d of N covers it (a path with N and a
    /// character after it has d and a character after it), and is the first rule that does;
    /// with 300 units per rule each is found.
    @Test func digitRulesAreEachCoveredByTheirSmallestDigitWithinFewUnits() {
        let components = (0..<5_000).map { Component(path: "*\($0)?*") }
        let findings = Self.provenAlone(components, workPerRule: 300)
        let expected = (10..<5_000).map { number in
            (rule: number, cover: Int(String(String(number).min() ?? "0")) ?? 0)
        }
        let found = findings.map { Finding($0.kind, $0.rule, $0.coveringRules) }
        let same = found == expected.map { Finding(.shadowed, $0.rule, [$0.cover]) }
        #expect(same, "\(Finding.summary(found))")
    }

    /// 5,000 rules on one path that differ in a plain query value, one of them repeated with
    /// another fragment after the rest: each rule is compared with the rules of its own value
    /// only, so 40 units per rule answer them all, and the repeat is found covered.
    @Test func rulesThatDifferInAQueryValueAreComparedWithTheirOwnValueOnly() {
        var components = (0..<5_000).map {
            Component(path: "/u/*", query: .items([QueryItemPattern(name: "k", pattern: "v\($0)")]))
        }
        components.append(
            Component(
                path: "/u/x", query: .items([QueryItemPattern(name: "k", pattern: "v4321")]),
                fragment: "top"))
        let findings = Self.provenAlone(components, workPerRule: 40)
        let found = findings.map { Finding($0.kind, $0.rule, $0.coveringRules) }
        #expect(found == [Finding(.shadowed, 5_000, [4_321])], "\(Finding.summary(found))")
    }

    /// Rules whose proof needs more than the budget: 300 rules `?N?` on one path (no two
    /// share a query, so each is compared with every earlier one, and each comparison is a
    /// product of automata). Proven alone with 1,500 units per rule, the first rules are
    /// answered, the last are not proven, and no other finding is made; every rule gets the
    /// same outcome when the rules are examined in two halves (as threads deal them out); with
    /// the default budget every rule is answered. Witness URLs (`/u/~N~`) answer every rule
    /// before any proof.
    @Test func rulesPastTheBudgetAreNotProvenWhateverElseIsExamined() {
        let components = (0..<300).map {
            Component(
                path: "/u/*", query: .items([QueryItemPattern(name: "k", pattern: "?\($0)?")]))
        }
        let rules = CompiledRuleSet(Self.document(components))
        let witnessed = ShadowAnalysis.findings(
            for: rules, checkingExclusions: false, workPerRule: 1_500)
        #expect(witnessed.isEmpty, "\(witnessed.count) findings with witnesses")
        let findings = ShadowAnalysis.findingsByProofAlone(
            for: rules, checkingExclusions: false, workPerRule: 1_500)
        let notProven = Set(findings.filter { $0.kind == .notProven }.map(\.rule))
        let onlyNotProven = findings.allSatisfy { $0.kind == .notProven }
        #expect(onlyNotProven)
        let firstAnswered = notProven.isDisjoint(with: 0..<10)
        let lastNotProven = notProven.isSuperset(of: 290..<300)
        #expect(firstAnswered, "first not proven: \(notProven.min() ?? -1)")
        #expect(lastNotProven, "\(notProven.count) not proven")
        for parity in 0..<2 {
            let half = ShadowAnalysis.findingsByProofAlone(
                for: rules, checkingExclusions: false, examining: { $0 % 2 == parity },
                workPerRule: 1_500)
            let same = half == findings.filter { $0.rule % 2 == parity }
            #expect(same, "rules \(parity) mod 2: \(half.count) findings")
        }
        let unbounded = ShadowAnalysis.findingsByProofAlone(for: rules, checkingExclusions: false)
        #expect(unbounded.isEmpty, "\(unbounded.count) findings with the default budget")
    }

    /// A finding in short, so that a failure prints a few lines.
    struct Finding: Equatable {
        var kind: ShadowFinding.Kind
        var rule: Int
        var covering: [Int]

        init(_ kind: ShadowFinding.Kind, _ rule: Int, _ covering: [Int]) {
            self.kind = kind
            self.rule = rule
            self.covering = covering
        }

        static func summary(_ findings: [Finding]) -> String {
            "\(findings.count) findings, \(findings.filter { $0.kind == .notProven }.count) not "
                + "proven; first: \(findings.prefix(3).map { "\($0.kind) \($0.rule) \($0.covering)" })"
        }
    }

    /// The findings of the proofs alone, after checking that witness URLs, which refute the
    /// uncovered rules first, find the same.
    static func provenAlone(_ components: [Component], workPerRule: Int) -> [ShadowFinding] {
        let rules = CompiledRuleSet(document(components))
        let findings = ShadowAnalysis.findingsByProofAlone(
            for: rules, checkingExclusions: false, workPerRule: workPerRule)
        #expect(
            ShadowAnalysis.findings(for: rules, checkingExclusions: false, workPerRule: workPerRule)
                == findings)
        return findings
    }

    static func document(_ components: [Component]) -> AASADocument {
        AASADocument(
            applinks: AppLinks(
                details: [
                    DetailsEntry(ref: "details[0]", appIDs: ["TEAM.app"], components: components)
                ]))
    }
}
