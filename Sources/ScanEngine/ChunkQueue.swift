import Dispatch
import Synchronized

/// A blocking first-in first-out queue between the reader and the workers. Bounded by the
/// number of chunk buffers in circulation, not by itself: the reader must take a free buffer
/// before it can fill one.
final class ChunkQueue<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    private let available = DispatchSemaphore(value: 0)

    func push(_ element: Element) {
        items.withLock { $0.append(element) }
        available.signal()
    }

    /// Waits for an element; idle in `idle` while it waits.
    func pop(idle: IdleWorkers?) -> Element {
        if let element = tryPop() { return element }
        idle?.pause()
        available.wait()
        idle?.resume()
        return items.withLock { $0.removeFirst() }
    }

    /// Waits for an element at most `milliseconds`, idle in `idle` meanwhile; nil when none
    /// came.
    func pop(waitingAtMost milliseconds: Int, idle: IdleWorkers?) -> Element? {
        idle?.pause()
        defer { idle?.resume() }
        guard available.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
            return nil
        }
        return items.withLock { $0.removeFirst() }
    }

    /// The first element if there is one now, without waiting.
    func tryPop() -> Element? {
        guard available.wait(timeout: .now()) == .success else { return nil }
        return items.withLock { $0.removeFirst() }
    }
}
