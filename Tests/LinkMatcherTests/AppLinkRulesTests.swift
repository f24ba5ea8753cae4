import AASAModel
import Foundation
import LinkMatcher
import TestSupport
import Testing
import Workload

/// The safe façade decides as the reference matcher does, names apps and rules as the file
/// does, and reports load errors by code.
struct AppLinkRulesTests {
    /// Generated documents and URLs: every entry point (String, bytes, URL, per app, explain)
    /// gives the reference matcher's answer.
    @Test(arguments: [0xFACA_DE01 as UInt64, 0xFACA_DE02])
    func everyEntryAgreesWithReference(seed: UInt64) throws {
        var generator = CaseGenerator(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var handled = 0
        for _ in 0..<generatedCases(1_000) {
            let doc = generator.document()
            let reference = ReferenceMatcher(doc)
            guard let rules = try? AppLinkRules(doc) else { continue }
            for _ in 0..<8 {
                let url = generator.url()
                let expected = reference.decide(url)
                let actual = rules.decide(url)
                if actual.kind == .handled { handled += 1 }
                let viaBytes = rules.decide(bytes: Array(url.utf8))
                let viaExplain = rules.explain(url).decision
                let expectedApps = reference.decidePerApp(url).map {
                    "\($0.appID) \($0.kind.name) \($0.ruleRef)"
                }
                let actualApps = rules.decideEachApp(url).map {
                    "\($0.appID) \($0.kind.name) \($0.ruleRef)"
                }
                if actual.description != expected.description || viaBytes != actual
                    || viaExplain != actual || Set(expectedApps) != Set(actualApps),
                    disagreements.count < 3
                {
                    disagreements.append(
                        "\(url): \(actual) / bytes \(viaBytes) / explain \(viaExplain) / "
                            + "reference \(expected); apps \(actualApps) vs \(expectedApps)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(handled > scaledToCases(500, of: 1_000))
    }

    @Test func decisionNamesTheAppAndTheRule() throws {
        let rules = try AppLinkRules(
            json: Array(
                #"""
                {"applinks": {"details": [{"appIDs": ["TEAM.one", "TEAM.two"], "components": [
                  {"/": "/help/*", "exclude": true},
                  {"/": "/buy/*"}
                ]}]}}
                """#.utf8))
        let bought = rules.decide("https://example.com/buy/42")
        #expect(bought.kind == .handled)
        #expect(bought.opensApp)
        #expect(bought.appID == "TEAM.one")
        #expect(bought.ruleRef == "details[0].components[1]")
        #expect(bought.ruleIndex == 1)
        let help = rules.decide("/help/faq")
        #expect(help.kind == .excluded)
        #expect(help.appID == nil)
        #expect(help.ruleRef == "details[0].components[0]")
        #expect(
            rules.decide("/other")
                == LinkDecision(
                    kind: .unmatched, appID: nil, ruleRef: nil, ruleIndex: nil))
        #expect(rules.decideEachApp("/buy/1").map(\.appID) == ["TEAM.one", "TEAM.two"])
        #expect(rules.appIDs == ["TEAM.one", "TEAM.two"])
        let url = try #require(URL(string: "https://example.com/buy/7?x=1"))
        #expect(rules.decide(url) == rules.decide("https://example.com/buy/7?x=1"))
        let steps = rules.explain("/buy/1").steps
        #expect(steps.map(\.ruleRef) == ["details[0].components[0]", "details[0].components[1]"])
        #expect(steps.last?.outcome == .decided)
    }

    @Test func loadErrorsAreTyped() {
        #expect {
            try AppLinkRules(json: Array("{not json".utf8))
        } throws: { error in
            (error as? AppLinkRulesError)?.code == .invalidFile
        }
        #expect {
            try AppLinkRules(contentsOf: "/nonexistent/apple-app-site-association")
        } throws: { error in
            guard let error = error as? AppLinkRulesError else { return false }
            return error.code == .invalidFile && error.description.contains("no such file")
        }
        let tiny = CompiledRuleSet(
            rules: ResolvedRule.resolve(document([Component(path: "/a?b*c*d*e*f*")])),
            limit: AutomatonSize(positions: 2, edges: 2))
        #expect {
            try AppLinkRules(compiled: tiny)
        } throws: { error in
            (error as? AppLinkRulesError)?.code == .tooLarge
        }
    }

    @Test func loadsTheBundledSampleFromAPath() throws {
        let path = PackagePaths.bundledData("sample.aasa.json")
        let rules = try AppLinkRules(contentsOf: path)
        let reference = ReferenceMatcher(try AASADocument.load(path: path))
        let urls = try String(
            contentsOfFile: PackagePaths.bundledData("sample-urls.txt"),
            encoding: .utf8
        ).split(separator: "\n").map(String.init)
        #expect(!urls.isEmpty)
        for url in urls {
            #expect(rules.decide(url).description == reference.decide(url).description, "\(url)")
        }
    }

    /// One value shared by many tasks at once: every answer is the one a lone call gives.
    @Test func sharedAcrossTasks() async throws {
        let path = PackagePaths.bundledData("sample.aasa.json")
        let rules = try AppLinkRules(contentsOf: path)
        var generator = AccessLogGenerator(seed: 7)
        let targets = generator.requestTargets(400).map { String(decoding: $0, as: UTF8.self) }
        let expected = targets.map { rules.decide($0) }
        let answers = await withTaskGroup(of: (Int, [LinkDecision]).self) { group in
            for task in 0..<8 {
                group.addTask { (task, targets.map { rules.decide($0) }) }
            }
            var all: [[LinkDecision]] = []
            for await (_, answers) in group { all.append(answers) }
            return all
        }
        #expect(answers.count == 8)
        for answer in answers { #expect(answer == expected) }
    }
}
