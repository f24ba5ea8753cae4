import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// `decideWithApps` answers both questions in one walk: the URL's decision, as `decide`
/// gives it, and each app's own first decisive rule, as the reference matcher gives it per
/// app, on generated files whose entries share apps (the case where the two differ most).
struct OneWalkPerAppTests {
    @Test(arguments: [0x0A11_0001 as UInt64, 0x0A11_0002, 0x0A11_0003])
    func oneWalkAgreesWithDecideAndWithTheReference(seed: UInt64) {
        var generator = CaseGenerator(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var sharedApps = 0
        var appsBeyondTheDecision = 0
        for _ in 0..<generatedCases(800) {
            let document = generator.document()
            let reference = ReferenceMatcher(document)
            let set = CompiledRuleSet(document)
            let scratch = set.makeScratch()
            let entries = document.applinks?.details ?? []
            if Set(entries.flatMap(\.appIDs)).count < entries.flatMap(\.appIDs).count {
                sharedApps += 1
            }
            for _ in 0..<8 {
                let url = generator.url()
                let found = PerAppAnswers(url, set, reference, scratch)
                if found.apps.count > 1 { appsBeyondTheDecision += 1 }
                if !found.agree, disagreements.count < 3 {
                    disagreements.append("\(url): \(found)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The cases that matter were generated: entries sharing apps, several apps decided.
        #expect(
            sharedApps > scaledToCases(50, of: 800)
                && appsBeyondTheDecision > scaledToCases(100, of: 800),
            "\(sharedApps) \(appsBeyondTheDecision)"
        )
    }
}

/// What `decide` and `decideWithApps` answer for one URL, each app's answer beside the
/// reference matcher's, as `app kind rule` lines in order.
struct PerAppAnswers: CustomStringConvertible {
    let single: Decision
    let both: Decision
    let apps: [AppDecision]
    /// The apps of `appOverrides` after the walk: those that answer apart from the defaults.
    let overrides: [AppDecision]
    let actual: [String]
    let expected: [String]

    init(
        _ url: String, _ set: CompiledRuleSet, _ reference: ReferenceMatcher,
        _ scratch: MatchScratch
    ) {
        let bytes = Array(url.utf8)
        (single, both, apps, overrides) = bytes.withUnsafeBufferPointer { buffer in
            let single = set.decide(buffer, scratch: scratch)
            let both = set.decideWithApps(URLParts.split(buffer), in: buffer, scratch: scratch)
            return (
                single, both, set.appDecisions(of: both, scratch: scratch),
                Array(scratch.appOverrides)
            )
        }
        expected = reference.decidePerApp(url).map { "\($0.appID) \($0.kind.name) \($0.ruleRef)" }
            .sorted()
        actual = apps.map {
            "\(set.apps[Int($0.app)]) \($0.kind.name) \(set.rules[Int($0.rule)].ref)"
        }.sorted()
    }

    var agree: Bool { single == both && actual == expected }

    var description: String {
        "decide \(single), one walk \(both); apps \(actual) vs \(expected)"
    }
}
