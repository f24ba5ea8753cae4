import Testing

@testable import CoverageStats

/// `DiffSummary` as a monoid, and its two ways of counting (all at once with `record`, or
/// exact counts kept apart plus the changed requests) agreeing.
struct DiffSummaryTests {
    /// Room for every path of `requests`: no eviction, so even the top lists merge exactly.
    static let shape = CoverageShape(appCount: 3, ruleCount: 5, topCapacity: 32)
    /// Too little room: the top lists evict and are held to their error bounds only.
    static let small = CoverageShape(appCount: 3, ruleCount: 5, topCapacity: 8)

    /// A random request: its old and new outcomes, whether two handled ones are the same app,
    /// a path among a few, and a weight.
    struct Request {
        var old: CoverageOutcome
        var new: CoverageOutcome
        var sameApp: Bool
        var path: [UInt8]
        var weight: UInt64
    }

    static func requests(count: Int, seed: UInt64) -> [Request] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func outcome() -> CoverageOutcome {
            switch next(4) {
            case 0: .handled(app: next(3), rule: next(5))
            case 1: .excluded(app: next(3), rule: next(5))
            case 2: .unmatched
            default: .noAssociation
            }
        }
        return (0..<count).map { _ in
            let old = outcome()
            let new = next(3) == 0 ? old : outcome()
            return Request(
                old: old, new: new, sameApp: next(2) == 0, path: Array("/p/\(next(20))".utf8),
                weight: UInt64(1 + next(3)))
        }
    }

    static func summary(_ requests: ArraySlice<Request>, shape: CoverageShape = shape)
        -> DiffSummary
    {
        var summary = DiffSummary(shape: shape)
        for request in requests {
            request.path.withUnsafeBytes {
                summary.record(
                    old: request.old, new: request.new, sameApp: request.sameApp, path: $0,
                    weight: request.weight)
            }
        }
        return summary
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func mergeIsAMonoid(seed: UInt64) {
        let all = Self.requests(count: 600, seed: seed)
        let whole = Self.summary(all[...])
        let parts = [all[0..<150], all[150..<420], all[420...]].map { Self.summary($0) }
        let left = (parts[0] + parts[1]) + parts[2]
        let right = parts[0] + (parts[1] + parts[2])
        #expect(left == whole && right == whole)
        #expect(DiffSummary(shape: Self.shape) + whole == whole)
        #expect(whole.transitions.reduce(0, +) == all.map(\.weight).reduce(0, +))
    }

    /// With evictions, merged top lists keep the true counts within their error bounds, and
    /// the exact counts stay exact.
    @Test(arguments: [4, 5] as [UInt64])
    func mergedTopListsKeepTheirBounds(seed: UInt64) {
        let all = Self.requests(count: 600, seed: seed)
        let parts = [all[0..<200], all[200..<400], all[400...]].map {
            Self.summary($0, shape: Self.small)
        }
        let merged = parts[0] + parts[1] + parts[2]
        #expect(merged.counts == Self.summary(all[...], shape: Self.small).counts)
        var exact: [[UInt8]: UInt64] = [:]
        for request in all
        where request.old.hostLane == .handled && request.new.hostLane == .unmatched {
            exact[request.path, default: 0] += request.weight
        }
        #expect(merged.topPathsAreApproximate(from: .handled, to: .unmatched))
        for entry in merged.topPaths(from: .handled, to: .unmatched, limit: 8) {
            let truth = exact[entry.bytes] ?? 0
            #expect(entry.count >= truth && entry.count - entry.errorBound <= truth)
        }
    }

    /// What a worker does (exact counts in plain memory, the summary told only of changes)
    /// gives the summary `record` gives.
    @Test func countsKeptApartEqualRecording() {
        let all = Self.requests(count: 400, seed: 9)
        let layout = DiffCountLayout(Self.shape)
        var counts = [UInt64](repeating: 0, count: layout.count)
        var apart = DiffSummary(shape: Self.shape)
        for request in all {
            counts.withUnsafeMutableBufferPointer {
                layout.count(
                    old: request.old.hostLane, new: request.new, weight: request.weight, into: $0)
            }
            request.path.withUnsafeBytes { path in
                if case .handled(let oldApp, _) = request.old,
                    case .handled(let newApp, _) = request.new,
                    !request.sameApp
                {
                    apart.recordChange(
                        appChange: AppPair(old: oldApp, new: newApp), path: path,
                        weight: request.weight)
                } else if request.old.hostLane != request.new.hostLane {
                    apart.recordChange(
                        from: request.old.hostLane, to: request.new.hostLane, path: path,
                        weight: request.weight)
                }
            }
        }
        counts.withUnsafeBufferPointer { apart.add(counts: $0) }
        #expect(apart == Self.summary(all[...]))
    }
}
