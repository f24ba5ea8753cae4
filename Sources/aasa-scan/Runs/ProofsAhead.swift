import Dispatch
import LibC
import RuleAnalysis
import ScanEngine
import Synchronization
import Synchronized

/// Dead-rule proofs worked out while the scan runs, on a thread that uses only the time the
/// scan leaves a core idle (`IdleThread`): a worker waiting for a buffer, a reader waiting for
/// its input, one core finishing the last chunks. The report's marks (`ShadowMarks.mark`) then
/// take the rules proven here and prove only the rest. A rule's proof does not depend on the traffic nor on the
/// other rules examined (`ShadowAnalysis`), so the marks are those of a proof made at the
/// end; what this adds is only when they are worked out.
///
/// Rules are proven one at a time, in rule order, each outcome kept as soon as it is known;
/// the rules some request already decided are passed over (`RulesSeen`), as the end would
/// pass them. `finish()` stops it, dropping only the proof under way.
///
/// The thread starts only once the scan has run for `startDelay`: a shorter scan proves its
/// rules at the end, in milliseconds, and never has an idle-priority thread to wait for
/// (on a machine whose cores are all busy, one may wait a second or more for a core before
/// it can end, and the process with it). A longer scan's thread is put back at the ordinary
/// priority when it finishes, where the system allows it (`IdleThread`).
final class ProofsAhead: Sendable {
    static let startDelay = DispatchTimeInterval.milliseconds(250)

    private enum Phase {
        case waiting
        case started(IdleThread?)
        case finished
    }

    private let files: [Associations.File]
    private let seen: RulesSeen
    private let stopped = Atomic<Bool>(false)
    private let done: Locked<RuleProofs>
    private let phase = Locked(Phase.waiting)

    /// Starts proving the rules of `files` once `startDelay` has passed (none when no thread
    /// can be made). `seen` tells which rules some request decided; it covers every rule of
    /// `files`.
    init(files: [Associations.File], seen: RulesSeen) {
        self.files = files
        self.seen = seen
        done = Locked(RuleProofs(ruleCount: seen.ruleCount))
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.startDelay) { [self] in
            phase.withLock { phase in
                guard case .waiting = phase else { return }
                phase = .started(IdleThread.start { [self] in run() })
            }
        }
    }

    /// Stops the work and returns what is done.
    func finish() -> RuleProofs {
        stopped.store(true, ordering: .relaxed)
        phase.withLock { phase in
            if case .started(let thread) = phase { thread?.restoreOrdinaryPriority() }
            phase = .finished
        }
        return done.withLock { $0 }
    }

    private func run() {
        for file in files {
            let offset = file.ruleOffset
            ShadowAnalysis.proveOneByOne(
                file.rules, wanted: { [self] in !seen.contains(offset + $0) && !isStopped },
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
