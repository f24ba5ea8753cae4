import Testing
import Workload

@testable import CoverageStats

/// A worker's Android tallies give the counts a plain sum of each decision's rows gives.
struct AndroidTalliesTests {
    static let labels = AndroidLabels(
        package: "com.example.app", apiLevel: 35, fingerprint: 7, hostlessHost: "",
        reasons: ["scheme", "host", "no-dynamic-rule"],
        rules: (0..<5).map {
            AndroidRuleLabel(
                kind: "rule", source: "r\($0)", pattern: "/\($0)", readsFragment: false)
        })

    @Test func randomTalliesAddUpAsTheirRowsDo() {
        var random = SplitMix64(seed: 5)
        let appCount = 3
        let tallies = AndroidTallies(labels: Self.labels, appCount: appCount)
        var (handled, excluded, unmatched): (UInt64, UInt64, UInt64) = (0, 0, 0)
        var reasons = [UInt64](repeating: 0, count: 3)
        var rules = [UInt64](repeating: 0, count: 5)
        var opened = [UInt64](repeating: 0, count: appCount + 1)
        var notOpened = [UInt64](repeating: 0, count: appCount + 1)
        for _ in 0..<500 {
            let weight = 1 + random.next() % 9
            let app = random.next() % 4 == 0 ? nil : Int(random.next() % UInt64(appCount))
            let slot = app.map { $0 + 1 } ?? 0
            let rule = random.next() % 2 == 0 ? nil : Int(random.next() % 5)
            switch random.next() % 3 {
            case 0:
                let filter = Int(random.next() % 2)
                tallies.record(.handled(filter: filter, rule: rule), iosApp: app, weight: weight)
                handled += weight
                rules[filter] += weight
                if let rule { rules[rule] += weight }
                opened[slot] += weight
            case 1:
                tallies.record(.excluded(rule: rule), iosApp: app, weight: weight)
                excluded += weight
                if let rule { rules[rule] += weight }
                notOpened[slot] += weight
            default:
                let reason = Int(random.next() % 3)
                tallies.record(.unmatched(reason: reason), iosApp: app, weight: weight)
                unmatched += weight
                reasons[reason] += weight
                notOpened[slot] += weight
            }
        }
        let counts = tallies.counts
        #expect(counts.labels == Self.labels)
        #expect(counts.appCount == appCount)
        #expect(
            [counts.handled, counts.excluded, counts.unmatched] == [handled, excluded, unmatched])
        #expect(counts.reasonCounts == reasons)
        #expect(counts.ruleCounts == rules)
        #expect(counts.neither == notOpened[0])
        #expect(counts.androidOnly == opened[0])
        for app in 0..<appCount {
            #expect(counts.crossCounts(app: app) == (opened[app + 1], notOpened[app + 1]))
        }
    }

    /// Counts stop at `UInt64.max` instead of wrapping round.
    @Test func countsSaturate() {
        let tallies = AndroidTallies(labels: Self.labels, appCount: 1)
        for _ in 0..<3 {
            tallies.record(.unmatched(reason: 2), iosApp: 0, weight: UInt64.max / 2)
        }
        let counts = tallies.counts
        #expect(counts.unmatched == .max)
        #expect(counts.reasonCounts[2] == .max)
        #expect(counts.crossCounts(app: 0).iosOnly == .max)
    }
}
