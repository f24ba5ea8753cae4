import AASAModel
import LinkMatcher
import Testing
import Workload

@testable import RuleAnalysis

/// Traffic where the missing rule is known: a shop whose file forgot `/products/*`.
struct SuggestionEndToEndTests {
    static let file = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["ABCDE12345.com.example.shop"],
                "components": [
                  {"/": "/products/internal/*", "exclude": true},
                  {"/": "/cart"},
                  {"/": "/stores/*"}
                ]
              }
            ]
          }
        }
        """

    /// Many product pages with IDs seen once, the handled pages, excluded ones, static files
    /// under the products prefix, and a long tail of other pages.
    static func traffic() -> [String] {
        var random = SplitMix64(seed: 11)
        var urls: [String] = []
        for index in 0..<6_000 {
            switch random.below(10) {
            case 0...4: urls.append("/products/\(100_000 + random.below(900_000))")
            case 5: urls.append("/products/\(random.below(5_000))/reviews?page=\(random.below(4))")
            case 6: urls.append("/products/internal/\(random.below(50))")
            case 7: urls.append(["/cart", "/stores/paris", "/stores/lyon"][random.below(3)])
            case 8: urls.append("/products/img/\(random.below(300)).png")
            default: urls.append("/page-\(index)")
            }
        }
        return urls
    }

    @Test func theTopSuggestionIsTheMissingRuleWithItsExactGain() throws {
        let bytes = Array(Self.file.utf8)
        let document = try AASADocument.parse(bytes)
        let target = try SuggestionTarget(document: document, appID: nil)
        #expect(target.destination == .entry(0))
        let urls = Self.traffic()
        let base = CompiledRuleSet(document)
        let scratch = base.makeScratch()
        let categorizer = PathCategorizer(assetExtensions: [Array("png".utf8)])
        // First reading: the unmatched paths, mined.
        var miner = ShapeMiner(
            capacity: 256, generaliser: target.generaliser, categorizer: categorizer)
        let decisions = urls.map { decide(base, $0, scratch) }
        for (url, decision) in zip(urls, decisions) where decision.kind == .unmatched {
            Array(url.utf8).withUnsafeBufferPointer { buffer in
                let parts = URLParts.split(buffer)
                miner.add(path: UnsafeBufferPointer(rebasing: buffer[parts.path]), weight: 1)
            }
        }
        let chosen = CandidateSelection.select(
            miner.entries(), for: target, existing: ["/cart", "/stores/*"], limit: 16)
        // Second reading: every request decided again with each candidate.
        let sets = try CandidateSets(
            bytes: bytes, document: document, target: target, candidates: chosen)
        let measurer = CandidateMeasurer(sets, categorizer: categorizer)
        for (url, decision) in zip(urls, decisions) {
            Array(url.utf8).withUnsafeBufferPointer {
                measurer.measure(target: $0, base: decision, weight: 1)
            }
        }
        let ranking = SuggestionRanking(ledger: measurer.ledger, candidates: chosen)
        let top = try #require(ranking.suggestions.first)
        #expect(top.candidate.pattern == "/products/*")
        #expect(top.candidate.rule == .component([.init("/", .string("/products/*"))]))

        // Its gain, counted independently: the reference matcher on the file as written.
        let edited = try AASADocument.addingRules(
            [top.candidate.rule], at: target.destination, to: bytes)
        let before = try referenceAnswers(bytes, urls)
        let after = try referenceAnswers(edited, urls)
        let newlyHandled = zip(before, after).count { $0.kind != .handled && $1.kind == .handled }
        #expect(top.gain == UInt64(newlyHandled))
        #expect(newlyHandled > 3_000)
        // It would also open the product images: said, with examples, not silently taken.
        let images = urls.count { $0.hasPrefix("/products/img/") }
        #expect(top.captures[.asset] == UInt64(images))
        #expect(top.examples[.asset]?.isEmpty == false)
        // The excluded internal pages stay excluded.
        #expect(
            after.count { $0.kind == .excluded }
                == urls.count { $0.hasPrefix("/products/internal/") })
        #expect(before.count { $0.kind == .excluded } == after.count { $0.kind == .excluded })
    }

    @Test func anAppTheFileDoesNotNameGetsANewEntryLast() throws {
        let bytes = Array(Self.file.utf8)
        let document = try AASADocument.parse(bytes)
        let app = "FGHIJ67890.com.example.new"
        let target = try SuggestionTarget(document: document, appID: app)
        #expect(target.destination == .newEntry(appID: app))
        #expect(target.entryRef == nil)
        let edited = try AASADocument.addingRules(
            [target.rule(pattern: "/products/*")], at: target.destination, to: bytes)
        let rules = ResolvedRule.resolve(try AASADocument.parse(edited))
        #expect(rules.last?.ref == "details[1].components[0]")
        #expect(rules.last?.appIDs == [app])
        // The shop's exclusion is its own: another app's later entry opens the URL (S4.5).
        let answer = ReferenceMatcher(try AASADocument.parse(edited)).decide("/products/internal/3")
        #expect(answer.kind == .handled)
        #expect(answer.appID == app)
        // So measuring finds that the rule would open an excluded request, and it is rejected.
        let candidate = CandidateRule(
            pattern: "/products/*", rule: target.rule(pattern: "/products/*"), minedCount: 1)
        let sets = try CandidateSets(
            bytes: bytes, document: document, target: target, candidates: [candidate])
        let measurer = CandidateMeasurer(sets, categorizer: PathCategorizer(assetExtensions: []))
        let scratch = sets.base.makeScratch()
        for url in ["/products/internal/3", "/products/42", "/products/43"] {
            let base = decide(sets.base, url, scratch)
            Array(url.utf8).withUnsafeBufferPointer {
                measurer.measure(target: $0, base: base, weight: 1)
            }
        }
        let ranking = SuggestionRanking(ledger: measurer.ledger, candidates: [candidate])
        #expect(ranking.suggestions.isEmpty)
        #expect(ranking.rejected.first?.reason == .opensExcluded(1))
        #expect(ranking.rejected.first?.examples == [Array("/products/internal/3".utf8)])
    }

    @Test func defaultsThatWouldChangeTheRuleAreUndone() throws {
        let file = """
            {"applinks": {"defaults": {"percentEncoded": false}, "details": [
              {"appIDs": ["ABCDE12345.app"], "defaults": {"exclude": true, "?": {"a": "1"}},
               "components": [{"/": "/x", "exclude": false}]}]}}
            """
        let document = try AASADocument.parse(Array(file.utf8))
        let target = try SuggestionTarget(document: document, appID: nil)
        #expect(
            target.rule(pattern: "/caf%C3%A9/*")
                == .component([
                    .init("/", .string("/caf%C3%A9/*")), .init("?", .string("*")),
                    .init("exclude", .bool(false)), .init("percentEncoded", .bool(true)),
                ]))
        let edited = try AASADocument.addingRules(
            [target.rule(pattern: "/caf%C3%A9/*")], at: target.destination, to: Array(file.utf8))
        let answer = ReferenceMatcher(try AASADocument.parse(edited)).decide("/caf%C3%A9/menu?b=2")
        #expect(answer.kind == .handled)
    }

    @Test func aLegacyPathsEntryGetsPathStrings() throws {
        let file =
            #"{"applinks": {"details": [{"appID": "ABCDE12345.app", "paths": ["NOT /a/b/*", "/a/*"]}]}}"#
        let document = try AASADocument.parse(Array(file.utf8))
        let target = try SuggestionTarget(document: document, appID: nil)
        #expect(target.usesPaths)
        #expect(!target.writesLocaleVariables)
        #expect(target.rule(pattern: "/c/*") == .path("/c/*"))
    }

    @Test func aFileWithoutAppsNeedsOne() throws {
        let document = try AASADocument.parse(Array(#"{"applinks": {"details": []}}"#.utf8))
        #expect(throws: SuggestionTarget.Failure.noApp) {
            try SuggestionTarget(document: document, appID: nil)
        }
    }
}
