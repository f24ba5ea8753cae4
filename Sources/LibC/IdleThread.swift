/// A thread of its own at the lowest priority the system has, for work that may use cores
/// the rest of the process leaves idle but must never take one from it: on Linux the
/// `SCHED_IDLE` policy (a core runs it only when nothing else wants that core), on Darwin the
/// background quality of service. The thread is detached: the process does not wait for it.
public enum IdleThread {
    /// Starts `body` on a new idle-priority thread; false when no thread could be made. The
    /// work is not run when the system refuses the thread its low priority.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let made = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
                // Work that could take a core from the rest of the process is not done.
                if IdleThread.lowerOwnPriority() { body.run() }
                return nil
            }, box)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return true
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Puts the calling thread at the lowest priority; false when the system refuses.
    private static func lowerOwnPriority() -> Bool {
        #if os(Linux)
            // SCHED_IDLE is 5 in the kernel's ABI; glibc names it only for _GNU_SOURCE.
            var parameters = sched_param()
            parameters.sched_priority = 0
            return pthread_setschedparam(pthread_self(), 5, &parameters) == 0
        #elseif canImport(Darwin)
            return pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0) == 0
        #else
            return false
        #endif
    }
}
