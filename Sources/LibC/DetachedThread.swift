/// A thread of its own for work beside the rest of the process, that nothing joins: it runs
/// at the ordinary priority, and the work itself decides when to go on (`IdleWorkers`).
public enum DetachedThread {
    /// Starts `body` on a new thread; false when no thread could be made.
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
                Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
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
}
