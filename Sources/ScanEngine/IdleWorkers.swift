import Dispatch
import Synchronization

/// How many of a scan's workers leave their core idle at a moment: waiting for a chunk or a
/// free buffer, or done with their share. Work beside the scan (a report's dead-rule proofs)
/// goes on only while one does, in small steps, on a thread of ordinary priority: so it
/// takes no core from the scan for longer than one step, and nothing about it holds up the
/// end of the process, which a thread of the system's idle priority can on a busy machine
/// (it may wait seconds for a core before it can end).
public final class IdleWorkers: Sendable {
    private let idle = Atomic<Int>(0)
    /// Signalled when the first worker goes idle, and by `interrupt`.
    private let wakeUp = DispatchSemaphore(value: 0)

    public init() {}

    /// Whether some worker is idle now.
    public var any: Bool { idle.load(ordering: .acquiring) > 0 }

    /// Waits until some worker is idle, or until `interrupt()` has been called and `stop`
    /// says so.
    public func waitForOne(unless stop: () -> Bool) {
        while !any && !stop() { wakeUp.wait() }
    }

    /// Wakes a `waitForOne` to ask its `stop` again.
    public func interrupt() { wakeUp.signal() }

    /// A worker goes idle, until its `resume()`, if any.
    func pause() {
        if idle.add(1, ordering: .acquiringAndReleasing).oldValue == 0 { wakeUp.signal() }
    }

    func resume() { idle.subtract(1, ordering: .acquiringAndReleasing) }
}
