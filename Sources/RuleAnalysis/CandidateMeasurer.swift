import LinkMatcher

/// Measures the candidates on requests, one worker's share: each request is decided again
/// with each candidate added that could change its decision, and the change is counted in a
/// `GainLedger`. Owns its scratches; use one per thread.
public final class CandidateMeasurer {
    public let sets: CandidateSets
    public let categorizer: PathCategorizer
    public private(set) var ledger: GainLedger
    private let probeScratch: MatchScratch
    private let scratches: [MatchScratch]
    private let fragmentScratch: MatchScratch

    /// DFA memory per view of each candidate's scratch: a quarter of a scan's, as each one
    /// sees only the URLs its candidate reaches, and there are up to 64 of them per worker.
    public static let globCacheBudget = MatchScratch.defaultGlobCacheBudget / 4

    public init(_ sets: CandidateSets, categorizer: PathCategorizer, keyLimit: Int = 65_536) {
        self.sets = sets
        self.categorizer = categorizer
        ledger = GainLedger(candidateCount: sets.candidates.count, keyLimit: keyLimit)
        probeScratch = MatchScratch(globCacheBudget: Self.globCacheBudget)
        scratches = sets.sets.map { _ in MatchScratch(globCacheBudget: Self.globCacheBudget) }
        fragmentScratch = MatchScratch(globCacheBudget: Self.globCacheBudget)
    }

    /// `weight` requests for `target` (a request target or URL), which the file without
    /// candidates decided as `base` (a decision of `sets.base`).
    public func measure(target: UnsafeBufferPointer<UInt8>, base: Decision, weight: UInt64) {
        // Only a candidate whose rule matches the URL can change its decision. Most URLs
        // reach none, which the probe's plain decision says without listing them.
        if sets.probe.decide(target, scratch: probeScratch).kind == .unmatched { return }
        let reached = sets.probe.decidePerApp(target, scratch: probeScratch)
        let parts = URLParts.split(target)
        let path = UnsafeBufferPointer(rebasing: target[parts.path])
        let hash = ShapeMiner.hash(path)
        var mask: UInt64 = 0
        // Unmatched only for its fragment: what a fragment rule of the file leaves out.
        let leftOutByFragment =
            base.kind == .unmatched
            && sets.fragmentRulePaths?.decide(parts, in: target, scratch: fragmentScratch).kind
                == .handled
        for app in reached {
            let index = sets.probeCandidate[Int(app.app)]
            let set = sets.sets[index]
            let decision = set.decide(parts, in: target, scratch: scratches[index])
            switch (base.kind, decision.kind) {
            case (.unmatched, .handled) where leftOutByFragment:
                ledger.addTakenFromFragmentRule(index, path: path, hash: hash, weight: weight)
            case (.unmatched, .handled):
                mask |= 1 << UInt64(index)
            case (.excluded, .handled):
                ledger.addOpenedExcluded(index, path: path, hash: hash, weight: weight)
            case (.handled, .handled):
                if set.apps[Int(decision.app)] != sets.base.apps[Int(base.app)] {
                    ledger.addMoved(index, weight: weight)
                }
            case (.handled, _):
                ledger.addLostHandled(index, weight: weight)
            case (.unmatched, .unmatched), (.excluded, .excluded):
                break
            default:
                ledger.addOtherChange(index, weight: weight)
            }
        }
        if mask != 0 {
            ledger.addGain(
                mask: mask, category: categorizer.category(of: path), path: path, hash: hash,
                weight: weight)
        }
    }
}
