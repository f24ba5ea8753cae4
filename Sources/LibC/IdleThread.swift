import Synchronization

/// A thread of its own at the lowest priority the system has, for work that may use cores
/// the rest of the process leaves idle but must never take one from it: on Linux the
/// `SCHED_IDLE` policy (a core runs it only when nothing else wants that core), on Darwin the
/// background quality of service. The thread is detached: nothing joins it.
///
/// The other side of that priority: on a machine whose cores are all busy (other processes'
/// work), the thread may wait a second or more for a core, and a process cannot end before
/// its last thread has. So the owner, once it no longer wants the work, puts the thread back
/// at the ordinary priority (`restoreOrdinaryPriority`), where the system allows it, and the
/// thread reaches its end at once.
public final class IdleThread: @unchecked Sendable {
    // Unchecked: `thread` is set once, by `start`, before any other thread may read it.
    private var thread: pthread_t?
    private let body: @Sendable () -> Void
    /// `running` while the handle may be used, `beingRaised` while the owner uses it, `ended`
    /// once the thread is past its work: it ends only from `running`, so its handle stays
    /// valid while the owner uses it.
    private let state = Atomic<UInt8>(IdleThread.running)
    private static let running: UInt8 = 0
    private static let beingRaised: UInt8 = 1
    private static let ended: UInt8 = 2

    private init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// Starts `body` on a new idle-priority thread; nil when no thread could be made. The
    /// work is not run when the system refuses the thread its low priority.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> IdleThread? {
        let idle = IdleThread(body)
        let box = Unmanaged.passRetained(idle).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let made = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                let idle = Unmanaged<IdleThread>.fromOpaque(argument).takeRetainedValue()
                // Work that could take a core from the rest of the process is not done.
                if IdleThread.lowerOwnPriority() { idle.body() }
                // Past here its handle goes: wait while the owner is using it.
                while !idle.state.compareExchange(
                    expected: IdleThread.running, desired: IdleThread.ended,
                    ordering: .acquiringAndReleasing
                ).exchanged {
                    sched_yield()
                }
                return nil
            }, box)
        guard made == 0 else {
            Unmanaged<IdleThread>.fromOpaque(box).release()
            return nil
        }
        #if canImport(Darwin)
            guard let thread else { return nil }
        #endif
        idle.thread = thread
        pthread_detach(thread)
        return idle
    }

    /// Puts the thread back at the ordinary priority; false when it has ended or the system
    /// does not allow it: on Linux a process without the privilege to raise priorities
    /// (`CAP_SYS_NICE`) and whose `RLIMIT_NICE` is below 20 may not leave `SCHED_IDLE`, and
    /// Darwin offers no way to raise another thread's quality of service.
    @discardableResult
    public func restoreOrdinaryPriority() -> Bool {
        guard
            state.compareExchange(
                expected: Self.running, desired: Self.beingRaised,
                ordering: .acquiringAndReleasing
            ).exchanged
        else { return false }
        defer { state.store(Self.running, ordering: .releasing) }
        #if os(Linux)
            guard let thread else { return false }
            var parameters = sched_param()
            parameters.sched_priority = 0
            return pthread_setschedparam(thread, SCHED_OTHER, &parameters) == 0
        #else
            return false
        #endif
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
