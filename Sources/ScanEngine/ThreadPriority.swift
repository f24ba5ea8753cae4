#if canImport(Glibc)
    import Glibc
#endif

/// The scheduling priority (nice value) of the calling thread. On Linux the nice value belongs
/// to each thread, and `who = 0` names the calling thread only.
enum ThreadPriority {
    /// Makes the calling thread `amount` nicer than the process's main thread (never less nice
    /// than it already is, so reused pool threads do not drift); returns the old value.
    static func lower(by amount: Int32) -> Int32? {
        #if os(Linux)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(which, 0)
            let main = getpriority(which, id_t(getpid()))
            guard errno == 0 else { return nil }
            let target = min(main + amount, 19)
            if target > current { _ = setpriority(which, 0, target) }
            return current
        #else
            return nil
        #endif
    }

    /// Puts back a priority returned by `lower` (raising it again needs privileges, so an
    /// unprivileged pool thread may stay nicer; `lower` does not push it further next time).
    static func restore(_ previous: Int32?) {
        #if os(Linux)
            guard let previous else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, previous)
        #endif
    }
}
