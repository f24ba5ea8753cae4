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

    /// File `file`'s decision for `target`, and in the same walk each app's own decision
    /// where it is not the app's default, left for `appOverrides(file:)`.
    @inline(always)
    func decideWithApps(
        file: Int, _ parts: URLParts, in target: UnsafeBufferPointer<UInt8>
    ) -> Decision {
        ruleSets[file]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[file]._withUnsafeGuaranteedRef { scratch in
                rules.decideWithApps(parts, in: target, scratch: scratch)
            }
        }
    }

    /// The apps' own decisions that are not their defaults, for the target file `file` last
    /// decided with `decideWithApps`; valid until it decides again.
    func appOverrides(file: Int) -> UnsafeBufferPointer<AppDecision> {
        unmanagedScratches[file]._withUnsafeGuaranteedRef { $0.appOverrides }
    }

    /// Every app's own decision for the target file `file` last decided with
    /// `decideWithApps`, as `decision`: defaults included.
    func appDecisions(file: Int, of decision: Decision) -> [AppDecision] {
        ruleSets[file]._withUnsafeGuaranteedRef { rules in
            unmanagedScratches[file]._withUnsafeGuaranteedRef { scratch in
                rules.appDecisions(of: decision, scratch: scratch)
            }
        }
    }

    /// Every app's own decision for `target` under file `file`, decided again.
    func appDecisions(
        file: Int, decidingAgain target: UnsafeBufferPointer<UInt8>
    ) -> [AppDecision] {
        let decision = decideWithApps(file: file, URLParts.split(target), in: target)
        return appDecisions(file: file, of: decision)
    }

    /// What the DFA caches did, per file.
    var globCaches: [GlobCacheStatistics] { scratches.map(\.globCacheStatistics) }
}
