import Synchronization

/// Counters a progress display reads from another thread while the scan runs.
public final class ScanProgress: Sendable {
    private let lines = Atomic<Int>(0)
    private let bytes = Atomic<Int>(0)
    private let currentInput = Atomic<Int>(-1)
    private let inputBytes = Atomic<Int>(0)
    private let inputTotal = Atomic<Int>(-1)

    public init() {}

    /// Lines classified so far, all inputs together.
    public var linesDone: Int { lines.load(ordering: .relaxed) }
    /// Raw bytes read so far, all inputs together.
    public var bytesRead: Int { bytes.load(ordering: .relaxed) }
    /// Index of the input started last (inputs are read side by side when there are
    /// several), its raw bytes read and size when known.
    public var input: (index: Int, read: Int, total: Int?) {
        let total = inputTotal.load(ordering: .relaxed)
        return (
            currentInput.load(ordering: .relaxed), inputBytes.load(ordering: .relaxed),
            total >= 0 ? total : nil
        )
    }

    func addLines(_ count: Int) { lines.add(count, ordering: .relaxed) }

    func startInput(_ index: Int, total: Int?) {
        inputBytes.store(0, ordering: .relaxed)
        inputTotal.store(total ?? -1, ordering: .relaxed)
        currentInput.store(index, ordering: .relaxed)
    }

    /// Input `index` has read `read` raw bytes, `added` of them since it last said so.
    func addInputBytes(_ added: Int, input index: Int, read: Int) {
        bytes.add(added, ordering: .relaxed)
        if currentInput.load(ordering: .relaxed) == index {
            inputBytes.store(read, ordering: .relaxed)
        }
    }
}
