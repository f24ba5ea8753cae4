import Synchronized

/// Scratches kept for reuse by the calls of `AppLinkRules`, so that the DFA states one call
/// built serve the next instead of being built again. A call takes one, or makes one when the
/// pool is empty (as many as calls run at once), and gives it back.
final class ScratchPool: Sendable {
    /// More than this many idle scratches are dropped rather than kept.
    static let idleLimit = 64

    private let idle = Locked<[MatchScratch]>([])

    /// Runs `body` with a scratch no other call is using.
    @inline(__always)
    func withScratch<Result>(_ body: (MatchScratch) throws -> Result) rethrows -> Result {
        let scratch = idle.withLock { $0.popLast() } ?? MatchScratch()
        defer {
            idle.withLock { idle in
                if idle.count < Self.idleLimit { idle.append(scratch) }
            }
        }
        return try body(scratch)
    }
}
