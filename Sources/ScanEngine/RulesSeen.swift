import Synchronization

/// The rules some request has decided so far, shared by the workers of a scan and read while
/// it runs by work done beside it (`ScanConfiguration.rulesSeen`): a bit per global rule,
/// set once, never cleared. A reader may see a bit late, never wrongly.
public final class RulesSeen: @unchecked Sendable {
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int
    public let ruleCount: Int

    public init(ruleCount: Int) {
        self.ruleCount = ruleCount
        wordCount = (ruleCount + 63) / 64
        words = .allocate(capacity: max(1, wordCount))
        for index in 0..<max(1, wordCount) { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: max(1, wordCount))
        words.deallocate()
    }

    /// Whether a request decided by rule `rule` was counted.
    public func contains(_ rule: Int) -> Bool {
        guard rule >= 0 && rule < ruleCount else { return false }
        return words[rule >> 6].load(ordering: .relaxed) & (1 << UInt64(rule & 63)) != 0
    }

    func insert(_ rule: Int) {
        guard rule >= 0 && rule < ruleCount else { return }
        words[rule >> 6].bitwiseOr(1 << UInt64(rule & 63), ordering: .relaxed)
    }
}
