import Synchronization

/// How far the reader got in one input, readable from any thread (for percent and ETA).
public final class ReadProgress: Sendable {
    private let consumed = Atomic<Int>(0)
    /// Size of the raw input in bytes, when it is a regular file.
    public let totalBytes: Int?

    init(totalBytes: Int?) { self.totalBytes = totalBytes }

    /// Raw (compressed) bytes read from the input so far.
    public var bytesRead: Int { consumed.load(ordering: .relaxed) }

    func add(_ count: Int) { consumed.add(count, ordering: .relaxed) }
}
