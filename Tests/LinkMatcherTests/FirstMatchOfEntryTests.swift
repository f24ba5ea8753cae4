import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// `firstMatchingRule(ofEntry:)` gives, for each entry naming apps, the first of its rules
/// that matches the URL, as the reference matcher reads S4.2, on plain and crowded generated
/// files: the rule the dead-rule proofs may then call alive.
struct FirstMatchOfEntryTests {
    @Test(arguments: [0x0E17_0001 as UInt64, 0x0E17_0002])
    func eachEntrysFirstMatchIsTheReferences(seed: UInt64) {
        var generator = CaseGenerator(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var matched = 0
        var pastTheDecision = 0
        for round in 0..<generatedCases(600) {
            let document = round % 4 == 0 ? generator.crowdedDocument() : generator.document()
            let reference = ReferenceMatcher(document)
            let set = CompiledRuleSet(document)
            let scratch = set.makeScratch()
            let entries = document.applinks?.details ?? []
            for _ in 0..<8 {
                let url = generator.url()
                let decided = reference.decide(url).ruleRef
                for (entry, detail) in entries.enumerated() where !detail.appIDs.isEmpty {
                    let expected = reference.firstMatchingRule(ofEntry: entry, url)
                    let found = Array(url.utf8).withUnsafeBufferPointer {
                        set.firstMatchingRule(ofEntry: entry, in: $0, scratch: scratch)
                    }.map { set.rules[$0].ref }
                    if found != expected, disagreements.count < 5 {
                        disagreements.append(
                            "\(url) entry \(entry): \(found ?? "-") vs \(expected ?? "-")")
                    }
                    if expected != nil { matched += 1 }
                    if let expected, expected != decided { pastTheDecision += 1 }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Entries matched, and matched where another entry decided the URL.
        #expect(
            matched > scaledToCases(1_000, of: 600)
                && pastTheDecision > scaledToCases(300, of: 600),
            "\(matched) \(pastTheDecision)")
    }
}
