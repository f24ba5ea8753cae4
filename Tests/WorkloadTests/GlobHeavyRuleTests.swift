import AASAModel
import LinkMatcher
import Testing
import Workload

/// One family of rules in the glob-heavy files, picked out by its pattern.
struct RuleGroup: Sendable, CustomTestStringConvertible {
    var name: String
    var contains: @Sendable (ResolvedRule) -> Bool

    var testDescription: String { name }

    static func path(_ name: String, _ test: @escaping @Sendable (String) -> Bool) -> RuleGroup {
        RuleGroup(name: name) { test($0.path) }
    }

    static let all: [RuleGroup] = [
        path("/users/*/settings/NAME") { $0.hasPrefix("/users/*/settings/") },
        RuleGroup(name: "/users/*/settings/NAME, excluded") {
            $0.exclude && $0.path.hasPrefix("/users/*/settings/")
        },
        RuleGroup(name: "/users/*/settings/NAME, any case") {
            !$0.caseSensitive && $0.path.hasPrefix("/users/*/settings/")
        },
        path("/orgs/*/repos/*/issues/NAME") {
            $0.hasPrefix("/orgs/*/repos/*/issues/") && !$0.contains("$(")
        },
        path("/orgs/*/repos/*/issues/$(digit)*") { $0 == "/orgs/*/repos/*/issues/$(digit)*" },
        path("/u/*/NAME/?*") { $0.hasPrefix("/u/*/") && $0.hasSuffix("/?*") },
        path("/docs/NAME/*.pdf") { $0.hasPrefix("/docs/") && $0.hasSuffix("/*.pdf") },
        path("/docs/*.pdf") { $0 == "/docs/*.pdf" },
        path("*.pdf") { $0 == "*.pdf" },
        path("*.json, excluded") { $0 == "*.json" },
        path("*/amp, excluded") { $0 == "*/amp" },
        path("/blog/*/amp, excluded") { $0 == "/blog/*/amp" },
        path("/reports/*/NAME.json") { $0.hasPrefix("/reports/*/") },
        path("/t/NAME-???") { $0.hasPrefix("/t/") && $0.hasSuffix("-???") },
        path("/$(lang)/guides/NAME") { $0.hasPrefix("/$(lang)/guides/") },
        path("/r/??-*") { $0 == "/r/??-*" },
        path("/id/????") { $0 == "/id/????" },
        path("/pricing/$(plan)") { $0 == "/pricing/$(plan)" },
        path("/orders/$(digit)*") { $0 == "/orders/$(digit)*" },
        RuleGroup(name: "/go/NAME, any case") { !$0.caseSensitive && $0.path.hasPrefix("/go/") },
        RuleGroup(name: "/search with a type dictionary") {
            guard case .items(let items) = $0.query else { return false }
            return items.contains { $0.name == "type" }
        },
        RuleGroup(name: "fragment rules") { $0.fragment != "*" },
        RuleGroup(name: "percentEncoded: false") { !$0.percentEncoded },
    ]
}

@Suite("Glob-heavy AASA files")
struct GlobHeavyRuleTests {
    static func document(_ count: Int) throws -> AASADocument {
        try AASADocument.parse(RuleFileGenerator.json(ruleCount: count, profile: .globHeavy))
    }

    /// Requests decided by each rule of the 5,000-rule file, over 30,000 generated lines.
    static let hitsPerRule: (rules: [ResolvedRule], hits: [Int]) = {
        guard let document = try? document(5_000) else { return ([], []) }
        let set = CompiledRuleSet(document)
        let scratch = set.makeScratch()
        var hits = [Int](repeating: 0, count: set.rules.count)
        var generator = AccessLogGenerator(seed: 42)
        for target in generator.requestTargets(30_000) {
            let decision = target.withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
            if decision.rule >= 0 { hits[Int(decision.rule)] += 1 }
        }
        return (set.rules, hits)
    }()

    /// The cheapest strategy a path pattern allows, read from its text alone: a literal, a
    /// literal then `*`, or anything else.
    static func shape(_ path: String) -> String {
        let wildcards: Set<Character> = ["*", "?", "$"]
        guard let first = path.firstIndex(where: wildcards.contains) else { return "exact" }
        return path[first...] == "*" ? "prefix" : "glob"
    }

    @Test("the 5,000-rule file has the usual split: 55-65% literal, ~20% prefix, 15-20% glob")
    func split() throws {
        let rules = ResolvedRule.resolve(try Self.document(5_000))
        var shares: [String: Double] = [:]
        for rule in rules { shares[Self.shape(rule.path), default: 0] += 1 / Double(rules.count) }
        #expect((0.55...0.65).contains(shares["exact"] ?? 0), "\(shares)")
        #expect((0.17...0.23).contains(shares["prefix"] ?? 0), "\(shares)")
        #expect((0.15...0.20).contains(shares["glob"] ?? 0), "\(shares)")
        // Hundreds of rules share a literal prefix and differ after a wildcard.
        #expect(rules.filter { $0.path.hasPrefix("/users/*/settings/") }.count > 250)
        #expect(rules.filter { $0.path.hasPrefix("/orgs/*/repos/*/issues/") }.count > 150)
        #expect(Set(rules.filter { $0.path.hasPrefix("/u/*/") }.map(\.path)).count > 100)
    }

    @Test("every file holds every kind of glob the profile promises", arguments: [300, 5_000])
    func everyGroupPresent(count: Int) throws {
        let rules = ResolvedRule.resolve(try Self.document(count))
        for group in RuleGroup.all {
            #expect(rules.contains(where: group.contains), "no rule of \(group.name)")
        }
    }

    @Test("each group of rules decides some of the traffic", arguments: RuleGroup.all)
    func groupDecidesTraffic(group: RuleGroup) {
        let (rules, hits) = Self.hitsPerRule
        let decided = rules.indices.filter { group.contains(rules[$0]) }.reduce(0) {
            $0 + hits[$1]
        }
        if group.name == "fragment rules" {
            // Server logs never hold a fragment (a browser keeps it), and the generated ones
            // neither: these rules compile and are matched, but decide none of them.
            #expect(decided == 0, "\(group.name) decided requests of a server log")
        } else {
            #expect(decided > 0, "\(group.name) decided none of 30,000 requests")
        }
    }

    @Test("glob rules decide a real part of the traffic")
    func globRulesDecide() {
        let (rules, hits) = Self.hitsPerRule
        let byGlob = rules.indices.filter { Self.shape(rules[$0].path) == "glob" }.reduce(0) {
            $0 + hits[$1]
        }
        #expect(byGlob > 30_000 / 8, "glob rules decided \(byGlob) of 30,000 requests")
    }

    /// The automaton against `ReferenceMatcher` on this profile's shapes and traffic.
    @Test("the automaton and the reference matcher agree on the 300-rule file")
    func automatonAgreesWithReference() throws {
        let document = try Self.document(300)
        let set = CompiledRuleSet(document)
        let reference = ReferenceMatcher(document)
        let scratch = set.makeScratch()
        var generator = AccessLogGenerator(seed: 7)
        var disagreements: [String] = []
        for target in generator.requestTargets(500) {
            let decision = target.withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
            let app = decision.app >= 0 ? set.apps[Int(decision.app)] : "-"
            let rule = decision.rule >= 0 ? set.rules[Int(decision.rule)].ref : "-"
            let actual = "\(decision.kind.name)\t\(app)\t\(rule)"
            let url = String(decoding: target, as: UTF8.self)
            let expected = reference.decide(url).description
            if actual != expected, disagreements.count < 5 {
                disagreements.append("\(url)\n  automaton \(actual)\n  reference \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
