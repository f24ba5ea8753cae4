import Dispatch
import Synchronized

/// Work that needs no log, started before the scan and run on a thread of its own while the
/// scan reads: its time hides behind the scan's instead of following it, and entirely so on a
/// machine with a core to spare.
final class BesideTheScan<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Locked<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [result, done] in
            let value = work()
            result.withLock { $0 = value }
            done.leave()
        }
    }

    /// The work's result, once it is done.
    var value: Value {
        done.wait()
        guard let value = result.withLock({ $0 }) else {
            preconditionFailure("the work ended without its result")
        }
        return value
    }
}
