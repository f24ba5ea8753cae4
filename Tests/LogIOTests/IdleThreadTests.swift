import Dispatch
import LibC
import Testing

/// `IdleThread`: the work runs on a thread of its own, at the lowest priority there is, until
/// its owner puts it back at the ordinary one.
struct IdleThreadTests {
    private final class Seen: @unchecked Sendable {
        var policy: Int32 = -1
        var policyAfterRestoring: Int32 = -1
        var sameThread = true
    }

    @Test func theWorkRunsOnItsOwnThreadAtIdlePriority() {
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        let thread = IdleThread.start {
            seen.sameThread = pthread_equal(pthread_self(), caller) != 0
            #if os(Linux)
                seen.policy = sched_getscheduler(0)
            #endif
            done.signal()
        }
        #expect(thread != nil)
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(!seen.sameThread)
        #if os(Linux)
            #expect(seen.policy == 5, "SCHED_IDLE")
        #endif
    }

    /// Put back at the ordinary priority while it works, the thread runs at it from then on,
    /// when the system allows the change (a privileged process, or `RLIMIT_NICE` of 20); when
    /// it does not, the thread stays idle.
    @Test func theOwnerPutsTheThreadBackAtTheOrdinaryPriority() {
        let seen = Seen()
        let started = DispatchSemaphore(value: 0)
        let restored = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let thread = IdleThread.start {
            #if os(Linux)
                seen.policy = sched_getscheduler(0)
            #endif
            started.signal()
            restored.wait()
            #if os(Linux)
                seen.policyAfterRestoring = sched_getscheduler(0)
            #endif
            done.signal()
        }
        #expect(started.wait(timeout: .now() + 30) == .success)
        let allowed = thread?.restoreOrdinaryPriority() ?? false
        restored.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #if os(Linux)
            #expect(seen.policy == 5, "SCHED_IDLE")
            #expect(seen.policyAfterRestoring == (allowed ? SCHED_OTHER : 5), "\(allowed)")
        #endif
        // The thread is ending or has ended: asking again is safe (it answers false once the
        // thread is past its work), whatever the answer.
        _ = thread?.restoreOrdinaryPriority()
    }
}
