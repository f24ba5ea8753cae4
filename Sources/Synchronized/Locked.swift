import LibC

/// A value behind a POSIX mutex. The standard library's `Mutex` waits on futexes directly,
/// which the thread sanitizer cannot see, so it reports every access behind it as a race; a
/// pthread mutex it understands, and the sanitizer runs stay meaningful.
///
/// A thread may also wait, the lock released meanwhile, until the value meets a condition
/// (`withLock(when:_:)`); whoever changes the value so that it might, calls `wakeWaiters()`.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` once `ready` holds, waiting for another thread's `wakeWaiters()` between
    /// two tests of it.
    package func withLock<Result>(
        when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) { pthread_cond_wait(changed, mutex) }
        return try body(&value)
    }

    /// Lets every thread waiting in `withLock(when:_:)` test its condition again.
    package func wakeWaiters() {
        pthread_cond_broadcast(changed)
    }
}
