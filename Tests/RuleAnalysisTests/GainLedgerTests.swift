import AASAModel
import Testing
import Workload

@testable import RuleAnalysis

struct GainLedgerTests {
    /// Requests as (the candidates that would open it, category, weight), drawn so that
    /// candidates overlap in nested and crossing ways.
    static func requests(count: Int, candidates: Int, seed: UInt64) -> [(
        UInt64, PathCategory, UInt64
    )] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var mask: UInt64 = 0
            for index in 0..<candidates where random.below(4) == 0 { mask |= 1 << UInt64(index) }
            if mask == 0 { mask = 1 << UInt64(random.below(candidates)) }
            let category = PathCategory.allCases[random.below(PathCategory.allCases.count)]
            return (mask, category, UInt64(1 + random.below(5)))
        }
    }

    static func ledger(_ requests: [(UInt64, PathCategory, UInt64)], candidates: Int, keyLimit: Int)
        -> GainLedger
    {
        var ledger = GainLedger(candidateCount: candidates, keyLimit: keyLimit)
        for (index, (mask, category, weight)) in requests.enumerated() {
            let path = Array("/p/\(index)".utf8)
            path.withUnsafeBufferPointer {
                ledger.addGain(
                    mask: mask, category: category, path: $0, hash: UInt64(index) &* 0x9E37,
                    weight: weight)
            }
        }
        return ledger
    }

    static func candidates(_ count: Int) -> [CandidateRule] {
        (0..<count).map {
            CandidateRule(
                pattern: "/c\($0)/*", rule: .component([.init("/", .string("/c\($0)/*"))]),
                minedCount: 0)
        }
    }

    /// What any group of candidates opens together is the weight of the requests one of them
    /// opens; split into parts and merged, the ledger says the same.
    @Test(arguments: [1, 3])
    func gainOfAnyGroupIsExact(parts: Int) {
        let requests = Self.requests(count: 5_000, candidates: 10, seed: UInt64(parts))
        let slice = (requests.count + parts - 1) / parts
        let ledgers = stride(from: 0, to: requests.count, by: slice).map {
            Self.ledger(
                Array(requests[$0..<min($0 + slice, requests.count)]), candidates: 10,
                keyLimit: 100_000)
        }
        let ledger = ledgers.dropFirst().reduce(ledgers[0], +)
        var random = SplitMix64(seed: 9)
        for _ in 0..<200 {
            let group = random.next() & 0x3FF
            let expected = requests.filter { $0.0 & group != 0 }.reduce(0) { $0 + $1.2 }
            #expect(ledger.gain(of: group).values.reduce(0, +) == expected)
        }
        for index in 0..<10 {
            let alone = requests.filter { $0.0 & (1 << UInt64(index)) != 0 }.reduce(0) { $0 + $1.2 }
            #expect(ledger.gainAlone(index) == alone)
        }
    }

    /// The ranking's gains add up: the first N together open exactly the sum of their gains,
    /// and each is the largest gain left at its turn.
    @Test func rankedGainsAddUpToTheGroupsGain() {
        let requests = Self.requests(count: 4_000, candidates: 12, seed: 4)
        let ledger = Self.ledger(requests, candidates: 12, keyLimit: 100_000)
        let ranking = SuggestionRanking(ledger: ledger, candidates: Self.candidates(12))
        #expect(!ranking.suggestions.isEmpty)
        var chosen: UInt64 = 0
        var sum: UInt64 = 0
        for suggestion in ranking.suggestions {
            let covered = requests.filter { $0.0 & chosen != 0 }.reduce(0) { $0 + $1.2 }
            for index in 0..<12 where chosen & (1 << UInt64(index)) == 0 {
                let with = requests.filter { $0.0 & (chosen | 1 << UInt64(index)) != 0 }
                    .reduce(0) { $0 + $1.2 }
                #expect(with - covered <= suggestion.gain)
            }
            chosen |= 1 << UInt64(suggestion.index)
            sum += suggestion.gain
            let together = requests.filter { $0.0 & chosen != 0 }.reduce(0) { $0 + $1.2 }
            #expect(sum == together)
            let captured = suggestion.captures.values.reduce(0, +)
            #expect(captured <= suggestion.gain)
        }
    }

    @Test func aCandidateThatOpensAnExcludedRequestIsNeverSuggested() {
        let requests = Self.requests(count: 1_000, candidates: 4, seed: 5)
        var ledger = Self.ledger(requests, candidates: 4, keyLimit: 100_000)
        Array("/secret".utf8).withUnsafeBufferPointer {
            ledger.addOpenedExcluded(2, path: $0, hash: 1, weight: 1)
        }
        let ranking = SuggestionRanking(ledger: ledger, candidates: Self.candidates(4))
        #expect(!ranking.suggestions.contains { $0.index == 2 })
        #expect(ranking.rejected.map(\.index) == [2])
        #expect(ranking.rejected.first?.reason == .opensExcluded(1))
        #expect(ranking.rejected.first?.examples == [Array("/secret".utf8)])
    }

    /// Crossing candidates make many distinct masks: the ledger drops the weakest candidates
    /// until it fits, and the ones it keeps are still counted exactly.
    @Test func keysStayWithinTheirLimit() {
        let requests = Self.requests(count: 30_000, candidates: 20, seed: 6)
        let ledger = Self.ledger(requests, candidates: 20, keyLimit: 500)
        #expect(ledger.storedKeys <= 500)
        #expect(ledger.dropped != 0)
        let kept = ~ledger.dropped & 0xFFFFF
        for index in 0..<20 where kept & (1 << UInt64(index)) != 0 {
            let alone = requests.filter { $0.0 & (1 << UInt64(index)) != 0 }.reduce(0) { $0 + $1.2 }
            #expect(ledger.gainAlone(index) == alone)
        }
        let ranking = SuggestionRanking(ledger: ledger, candidates: Self.candidates(20))
        #expect(ranking.suggestions.allSatisfy { kept & (1 << UInt64($0.index)) != 0 })
        #expect(ranking.rejected.allSatisfy { $0.reason == .notMeasured })
    }

    @Test func examplesDoNotDependOnOrder() {
        var forward = ExampleSample()
        var backward = ExampleSample()
        let paths = (0..<500).map { Array("/p/\($0)".utf8) }
        let hashes = paths.map { $0.withUnsafeBufferPointer(ShapeMiner.hash) }
        for index in paths.indices {
            paths[index].withUnsafeBufferPointer { forward.offer($0, hash: hashes[index]) }
        }
        for index in paths.indices.reversed() {
            paths[index].withUnsafeBufferPointer { backward.offer($0, hash: hashes[index]) }
        }
        #expect(forward == backward)
        #expect(forward.paths.count == ExampleSample.limit)
        let smallest = paths.indices.sorted { hashes[$0] < hashes[$1] }.prefix(3).map { paths[$0] }
        #expect(forward.paths == Array(smallest))
    }
}
