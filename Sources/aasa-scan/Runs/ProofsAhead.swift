import LibC
import RuleAnalysis
import ScanEngine
import Synchronization
import Synchronized

/// Dead-rule proofs worked out while the scan runs, on the cores its workers leave idle
/// (`IdleWorkers`): a worker waiting for a chunk or a buffer, one done with its share while
/// the others finish the last chunks. The report's marks (`ShadowMarks.mark`) then take the
/// rules proven here and prove only the rest. A rule's proof does not depend on the traffic
/// nor on the other rules examined (`ShadowAnalysis`), so the marks are those of a proof made
/// at the end; what this adds is only when they are worked out.
///
/// Rules are proven one at a time, in rule order, on a thread of ordinary priority that
/// proves the next rule only while some worker is idle, each outcome kept as soon as it is
/// known; the rules some request already decided are passed over (`RulesSeen`), as the end
/// would pass them. `finish()` stops it, dropping only the proof under way.
final class ProofsAhead: Sendable {
    private let files: [Associations.File]
    private let seen: RulesSeen
    private let idle: IdleWorkers
    private let stopped = Atomic<Bool>(false)
    private let done: Locked<RuleProofs>

    /// Starts proving the rules of `files` whenever one of the scan's workers is idle (none
    /// when no thread can be made). `seen` tells which rules some request decided; it
    /// covers every rule of `files`. `idle` is the scan's (`ScanConfiguration.idleWorkers`).
    init(files: [Associations.File], seen: RulesSeen, idle: IdleWorkers) {
        self.files = files
        self.seen = seen
        self.idle = idle
        done = Locked(RuleProofs(ruleCount: seen.ruleCount))
        DetachedThread.start { [self] in run() }
    }

    /// Stops the work and returns what is done.
    func finish() -> RuleProofs {
        stopped.store(true, ordering: .relaxed)
        idle.interrupt()
        return done.withLock { $0 }
    }

    private func run() {
        for file in files {
            let offset = file.ruleOffset
            ShadowAnalysis.proveOneByOne(
                file.rules,
                wanted: { [self] rule in
                    // Asked at the entry's turn and just before each proof: either waits for
                    // an idle worker.
                    guard !seen.contains(offset + rule) else { return false }
                    idle.waitForOne(unless: { isStopped })
                    return !isStopped
                },
                proven: { [self] rule, finding in
                    done.withLock {
                        $0.record(
                            offset + rule, coveredBy: finding?.coveredBy,
                            notProven: finding?.kind == .notProven)
                    }
                    return !isStopped
                })
            if isStopped { return }
        }
    }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
