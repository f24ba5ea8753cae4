#if canImport(Glibc)
    import Glibc
#endif

/// The scheduling priority (nice value) of the calling thread. On Linux the nice value belongs
/// to each thread, and `who = 0` names the calling thread only.
enum ThreadPriority {
    /// Makes the calling thread `amount` nicer; returns the old value for `restore`.
    static func lower(by amount: Int32) -> Int32? {
        #if os(Linux)
            errno = 0
            let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            guard errno == 0 else { return nil }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, current + amount)
            return current
        #else
            return nil
        #endif
    }

    /// Puts back a priority returned by `lower` (raising it again needs privileges, so an
    /// unprivileged pool thread may simply stay nicer; it only ever runs scan workers).
    static func restore(_ previous: Int32?) {
        #if os(Linux)
            guard let previous else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, previous)
        #endif
    }
}
