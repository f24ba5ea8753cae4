import AASAModel
import LinkMatcher
import Testing
import Workload

@testable import RuleAnalysis

/// The measured figures against the reference matcher: each candidate's file is written out
/// as `--apply` writes it, read back, and every URL decided by `ReferenceMatcher` before and
/// after.
struct CandidateMeasurerTests {
    @Test(arguments: 0..<12)
    func measuredChangesAgreeWithTheReferenceMatcher(seed: Int) throws {
        var generator = DocumentGenerator(random: SplitMix64(seed: UInt64(seed) &* 7919))
        let bytes = try fileBytes(generator.document())
        let document = try AASADocument.parse(bytes)
        let app = generator.pick(DocumentGenerator.apps + ["ABCDE12345.new"])
        let target = try SuggestionTarget(document: document, appID: app)
        let urls = (0..<120).map { _ in generator.url() }
        let chosen = candidates(for: urls, target: target, limit: 6)
        try #require(!chosen.isEmpty)
        let sets = try CandidateSets(
            bytes: bytes, document: document, target: target, candidates: chosen)
        let measurer = CandidateMeasurer(sets, categorizer: PathCategorizer(assetExtensions: []))
        let scratch = sets.base.makeScratch()
        for url in urls {
            let base = decide(sets.base, url, scratch)
            Array(url.utf8).withUnsafeBufferPointer {
                measurer.measure(target: $0, base: base, weight: 1)
            }
        }
        let ledger = measurer.ledger
        let before = try referenceAnswers(bytes, urls)
        for (index, candidate) in chosen.enumerated() {
            let edited = try AASADocument.addingRules(
                [candidate.rule], at: target.destination, to: bytes)
            let after = try referenceAnswers(edited, urls)
            var gain: UInt64 = 0
            var opened: UInt64 = 0
            var moved: UInt64 = 0
            var lost: UInt64 = 0
            for (old, new) in zip(before, after) {
                switch (old.kind, new.kind) {
                case (.unmatched, .handled): gain += 1
                case (.excluded, .handled): opened += 1
                case (.handled, .handled) where old.appID != new.appID: moved += 1
                case (.handled, .excluded), (.handled, .unmatched): lost += 1
                default: break
                }
            }
            let name = "seed \(seed), \(candidate.rule.jsonText) for \(app)"
            #expect(ledger.gainAlone(index) == gain, "\(name)")
            #expect(ledger.openedExcluded[index] == opened, "\(name)")
            #expect(ledger.moved[index] == moved, "\(name)")
            #expect(ledger.lostHandled[index] == lost, "\(name)")
            #expect(lost == 0, "\(name): an added include rule never loses a handled request")
        }
        // The suggestions together, written as --apply writes them: the reference matcher sees
        // exactly the sum of their gains more handled, and not one excluded request less.
        let ranking = SuggestionRanking(ledger: ledger, candidates: chosen)
        for count in 1...max(1, ranking.suggestions.count) where count <= ranking.suggestions.count
        {
            let applied = Array(ranking.suggestions.prefix(count))
            let edited = try AASADocument.addingRules(
                applied.map(\.candidate.rule), at: target.destination, to: bytes)
            let after = try referenceAnswers(edited, urls)
            let handledBefore = before.count { $0.kind == .handled }
            let handledAfter = after.count { $0.kind == .handled }
            #expect(
                UInt64(handledAfter - handledBefore) == applied.reduce(0) { $0 + $1.gain },
                "seed \(seed), top \(count)")
            #expect(
                after.count { $0.kind == .excluded } == before.count { $0.kind == .excluded },
                "seed \(seed), top \(count)")
            for (old, new) in zip(before, after) where old.kind == .excluded {
                #expect(new.kind == .excluded, "seed \(seed): an excluded URL was opened")
            }
        }
    }
}
