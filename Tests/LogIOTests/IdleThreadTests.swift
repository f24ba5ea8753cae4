import Dispatch
import LibC
import Testing

/// `IdleThread`: the work runs on a thread of its own, at the lowest priority there is.
struct IdleThreadTests {
    private final class Seen: @unchecked Sendable {
        var policy: Int32 = -1
        var sameThread = true
    }

    @Test func theWorkRunsOnItsOwnThreadAtIdlePriority() {
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        #expect(
            IdleThread.start {
                seen.sameThread = pthread_equal(pthread_self(), caller) != 0
                #if os(Linux)
                    seen.policy = sched_getscheduler(0)
                #endif
                done.signal()
            })
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(!seen.sameThread)
        #if os(Linux)
            #expect(seen.policy == 5, "SCHED_IDLE")
        #endif
    }
}
