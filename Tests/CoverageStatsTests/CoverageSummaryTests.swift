import Testing

@testable import CoverageStats

/// One recorded event, so the same events can be replayed into differently split summaries.
enum Event {
    case request(CoverageOutcome, host: String, path: [UInt8], weight: UInt64)
    case filtered(FilterReason, weight: UInt64)
    case skipped
    case malformed(input: Int, line: UInt64)

    static func random(
        _ generator: inout SeededGenerator, hosts: Int, paths: Int, line: UInt64
    ) -> Event {
        let weight = UInt64.random(in: 1...3, using: &generator)
        let host = "h\(Int.random(in: 0..<hosts, using: &generator)).example"
        let rank = Int.random(in: 0..<paths, using: &generator)
        // Every seventh path is long enough to be truncated at 16 bytes.
        let path = rank % 7 == 0 ? Array("/long/path/number/\(rank)".utf8) : pathKey(rank)
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: return .skipped
        case 1: return .malformed(input: Int.random(in: 0..<2, using: &generator), line: line)
        case 2: return .filtered(.method, weight: weight)
        case 3: return .filtered(.status, weight: weight)
        case 4: return .filtered(.asset, weight: weight)
        case 5...9:
            let app = Int.random(in: 0..<3, using: &generator)
            let rule = Int.random(in: 0..<7, using: &generator)
            return .request(.handled(app: app, rule: rule), host: host, path: path, weight: weight)
        case 10...11:
            let app = Int.random(in: 0..<3, using: &generator)
            let rule = Int.random(in: 0..<7, using: &generator)
            return .request(.excluded(app: app, rule: rule), host: host, path: path, weight: weight)
        case 12...13: return .request(.noAssociation, host: host, path: path, weight: weight)
        default: return .request(.unmatched, host: host, path: path, weight: weight)
        }
    }

    func apply(to summary: inout CoverageSummary) {
        switch self {
        case .request(let outcome, let host, let path, let weight):
            summary.record(outcome, host: host, path: path, weight: weight)
        case .filtered(let reason, let weight): summary.recordFiltered(reason, weight: weight)
        case .skipped: summary.recordSkipped()
        case .malformed(let input, let line):
            summary.recordMalformed(input: input, line: line, text: "bad line \(line)")
        }
    }
}

struct CoverageSummaryTests {
    static let shape = CoverageShape(
        appCount: 3, ruleCount: 7, hostCapacity: 20, topCapacity: 40, maxKeyLength: 16,
        sampleLimit: 4, sampleByteLimit: 12)

    /// Events with distinct line numbers across seeds; `hosts`/`paths` choose whether the
    /// bounded tables overflow.
    static func events(seed: UInt64, count: Int, hosts: Int, paths: Int) -> [Event] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            Event.random(
                &generator, hosts: hosts, paths: paths, line: seed * 100_000 + UInt64(index))
        }
    }

    static func summary(_ events: [Event]) -> CoverageSummary {
        var summary = CoverageSummary(shape: shape)
        for event in events { event.apply(to: &summary) }
        return summary
    }

    static func randomSummary(seed: UInt64, hosts: Int = 12, paths: Int = 30) -> CoverageSummary {
        summary(events(seed: seed, count: 400, hosts: hosts, paths: paths))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func monoidLawsWithoutEvictions(seed: UInt64) {
        let a = Self.randomSummary(seed: seed)
        let b = Self.randomSummary(seed: seed + 10)
        let c = Self.randomSummary(seed: seed + 20)
        let zero = CoverageSummary(shape: Self.shape)
        #expect(!(a + b + c).hostsAreApproximate && !(a + b + c).topUnmatchedIsApproximate)
        #expect(a + zero == a)
        #expect(zero + a == a)
        #expect((a + b) + c == a + (b + c))
        #expect(a + b == b + a)
        #expect(a + b != a)
    }

    @Test(arguments: [UInt64(4), 5])
    func identityCommutativityAndExactPartsWithEvictions(seed: UInt64) {
        let a = Self.randomSummary(seed: seed, hosts: 60, paths: 200)
        let b = Self.randomSummary(seed: seed + 10, hosts: 60, paths: 200)
        let c = Self.randomSummary(seed: seed + 20, hosts: 60, paths: 200)
        let zero = CoverageSummary(shape: Self.shape)
        #expect(a.hostsAreApproximate && a.topUnmatchedIsApproximate)
        #expect(a + zero == a)
        #expect(zero + a == a)
        #expect(a + b == b + a)
        let left = (a + b) + c
        let right = a + (b + c)
        #expect(left.totals == right.totals)
        #expect(left.appHandled == right.appHandled && left.appExcluded == right.appExcluded)
        #expect(left.ruleHits == right.ruleHits)
        #expect(left.pathSketch == right.pathSketch)
        #expect(left.malformedSamples == right.malformedSamples)
        #expect(left.hostTable.totalWeight == right.hostTable.totalWeight)
    }

    @Test(arguments: [UInt64(61), 62])
    func scatteredRecordsMergeToTheSingleSummary(seed: UInt64) {
        let events = Self.events(seed: seed, count: 3_000, hosts: 15, paths: 35)
        var generator = SeededGenerator(seed: seed)
        var workers = (0..<3).map { _ in CoverageSummary(shape: Self.shape) }
        for event in events { event.apply(to: &workers[Int.random(in: 0..<3, using: &generator)]) }
        let merged = workers[2] + workers[0] + workers[1]
        let single = Self.summary(events)
        #expect(merged == single)
        #expect(merged.topUnmatched(limit: 5) == single.topUnmatched(limit: 5))
        #expect(merged.hosts() == single.hosts())
    }

    @Test func totalsFollowTheOutcomes() {
        var summary = CoverageSummary(shape: Self.shape)
        let path = Array("/a".utf8)
        summary.record(.handled(app: 1, rule: 4), host: "x.example", path: path, weight: 3)
        summary.record(.excluded(app: 2, rule: 0), host: "x.example", path: path)
        summary.record(.unmatched, host: "y.example", path: Array("/b".utf8), weight: 2)
        summary.record(.noAssociation, host: "z.example", path: Array("/b".utf8))
        summary.recordFiltered(.asset, weight: 5)
        summary.recordFiltered(.method)
        summary.recordSkipped()
        summary.recordMalformed(input: 0, line: 9, text: "garbage")
        var expected = CoverageTotals()
        expected.lines = 8
        expected.requests = 3 + 1 + 2 + 1 + 5 + 1
        expected.malformed = 1
        expected.skipped = 1
        expected.filtered.byAsset = 5
        expected.filtered.byMethod = 1
        expected.handled = 3
        expected.excluded = 1
        expected.unmatched = 3
        expected.noAssociation = 1
        #expect(summary.totals == expected)
        #expect(summary.appHandled == [0, 3, 0])
        #expect(summary.appExcluded == [0, 0, 1])
        #expect(summary.ruleHits == [1, 0, 0, 0, 3, 0, 0])
        #expect(summary.topHandled(limit: 10).map(\.count) == [3])
        let unmatched = summary.topUnmatched(limit: 10)
        #expect(unmatched.map(\.bytes) == [Array("/b".utf8)])
        #expect(unmatched.map(\.count) == [3])
        let hosts = summary.hosts().map {
            [
                String(decoding: $0.host, as: UTF8.self), "\($0.requests)", "\($0.handled)",
                "\($0.excluded)", "\($0.unmatched)",
            ]
        }
        #expect(
            hosts == [
                ["x.example", "4", "3", "1", "0"], ["y.example", "2", "0", "0", "2"],
                ["z.example", "1", "0", "0", "1"],
            ])
        #expect(summary.distinctPaths() > 1.5 && summary.distinctPaths() < 2.5)
        #expect(summary.malformedSamples.map(\.line) == [9])
    }

    @Test func hostTableIsExactUpToItsCapThenApproximate() {
        var shape = Self.shape
        shape.hostCapacity = 5
        var summary = CoverageSummary(shape: shape)
        let path = Array("/".utf8)
        for (index, weight) in [10, 8, 6, 4, 2].enumerated() {
            summary.record(.unmatched, host: "h\(index)", path: path, weight: UInt64(weight))
        }
        #expect(!summary.hostsAreApproximate)
        #expect(summary.hosts().map(\.requests) == [10, 8, 6, 4, 2])
        #expect(summary.hosts().allSatisfy { $0.errorBound == 0 })
        // A newcomer waits in the filter while its counter is at most the smallest count (2).
        for _ in 0..<2 { summary.record(.handled(app: 0, rule: 0), host: "new", path: path) }
        #expect(summary.hostsAreApproximate)
        #expect(summary.hosts().map(\.requests) == [10, 8, 6, 4, 2])
        summary.record(.unmatched, host: "new", path: path)
        let hosts = summary.hosts()
        #expect(hosts.count == 5)
        #expect(!hosts.contains { $0.host == Array("h4".utf8) })
        let newcomer = hosts.first { $0.host == Array("new".utf8) }
        // Then takes over the evicted minimum: count 2 + 1, error 2, lanes count from now on.
        #expect(newcomer?.requests == 3)
        #expect(newcomer?.errorBound == 2)
        #expect(newcomer?.handled == 0)
        #expect(newcomer?.unmatched == 1)
        #expect(hosts.first?.requests == 10)
    }

    @Test func distinctPathsCountsClassifiedRequestsOnce() {
        var summary = CoverageSummary(shape: Self.shape)
        for index in 0..<20_000 {
            let outcome: CoverageOutcome = index % 2 == 0 ? .unmatched : .handled(app: 0, rule: 0)
            summary.record(outcome, host: "h", path: pathKey(index % 5_000))
        }
        summary.recordFiltered(.status)
        let estimate = summary.distinctPaths()
        #expect(abs(estimate - 5_000) < 100, "estimate \(estimate)")
    }
}
