import LinkMatcher

/// The scan's per-worker `DecisionCache` in front of one compiled rule set, on its own: what
/// the cache saves on a given traffic (`aasa-scan bench`). A hit returns the remembered
/// decision; a miss decides with the automaton and remembers the target, as a scan worker
/// does. One per thread, like the scratch it holds.
public final class CachedDecider {
    private let rules: CompiledRuleSet
    private let scratch: MatchScratch
    private let cache = DecisionCache()

    /// A decider with an empty cache and a fresh scratch.
    public init(_ rules: CompiledRuleSet) {
        self.rules = rules
        scratch = rules.makeScratch()
    }

    deinit { cache.free() }

    /// The decision for a request target, from the cache when it remembers it.
    @inline(__always)
    public func decide(_ target: UnsafeBufferPointer<UInt8>) -> Decision {
        let hash = DecisionCache.hash(target)
        if let remembered = cache.count(target, file: 0, hash: hash, weight: 1, evicted: { _ in }) {
            return remembered
        }
        let parts = URLParts.split(target)
        let decision = rules.decide(parts, in: target, scratch: scratch)
        cache.store(
            target, file: 0, hash: hash, decision, path: parts.path, weight: 1,
            evicted: { _ in })
        return decision
    }
}
