import LinkMatcher

/// Each association file's compiled rules with this worker's own scratch. Both are used
/// without reference counting at every line: the rule sets are shared by all workers, and
/// counting references to them would make the cores contend for one cache line. The
/// associations keep the rule sets alive, and `scratches` keeps the scratches.
struct FileDeciders {
    private let ruleSets: [Unmanaged<CompiledRuleSet>]
    private let scratches: [MatchScratch]
    private let unmanagedScratches: [Unmanaged<MatchScratch>]

    init(_ associations: Associations) {
        ruleSets = associations.files.map { Unmanaged.passUnretained($0.rules) }
        scratches = associations.files.map { $0.rules.makeScratch() }
        unmanagedScratches = scratches.map { Unmanaged.passUnretained($0) }
    }

    /// File `file`'s decision for `target`, already split into `parts`.
    @inline(always)
    func decide(file: Int, _ parts: URLParts, in target: UnsafeBufferPointer<UInt8>) -> Decision {
        ruleSets[file]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[file]._withUnsafeGuaranteedRef { scratch in
                rules.decide(parts, in: target, scratch: scratch)
            }
        }
    }

    /// Whether file `file` decides `target`, split into `parts`, as its path alone
    /// (`CompiledRuleSet.decidesByPathAlone(_:_:)`).
    func decidesByPathAlone(
        file: Int, _ target: UnsafeBufferPointer<UInt8>, _ parts: URLParts
    ) -> Bool {
        ruleSets[file]._withUnsafeGuaranteedRef { $0.decidesByPathAlone(target, parts) }
    }

    /// Every app's own decision for `target` under file `file`.
    func decidePerApp(file: Int, _ target: UnsafeBufferPointer<UInt8>) -> [AppDecision] {
        ruleSets[file]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[file]._withUnsafeGuaranteedRef { scratch in
                rules.decidePerApp(target, scratch: scratch)
            }
        }
    }

    /// What the DFA caches did, per file.
    var globCaches: [GlobCacheStatistics] { scratches.map(\.globCacheStatistics) }
}
