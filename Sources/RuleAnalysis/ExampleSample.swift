/// A few example paths out of many, chosen by the smallest hashes: the same examples whatever
/// the order the paths come in or how the traffic was split between workers, and spread over
/// the paths rather than the first ones seen. Holds at most `limit` paths.
public struct ExampleSample: Sendable, Equatable {
    public static let limit = 3

    private var items: [(hash: UInt64, path: [UInt8])] = []

    public init() {}

    /// The examples, smallest hash first.
    public var paths: [[UInt8]] { items.map(\.path) }

    /// Offers `path`, whose hash is `hash`; copies it only when it is kept.
    public mutating func offer(_ path: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        if items.count == Self.limit, let last = items.last, hash >= last.hash { return }
        if items.contains(where: { $0.hash == hash && $0.path.elementsEqual(path) }) { return }
        insert(hash, Array(path))
    }

    private mutating func insert(_ hash: UInt64, _ path: [UInt8]) {
        let position = items.firstIndex { $0.hash > hash } ?? items.count
        items.insert((hash, path), at: position)
        if items.count > Self.limit { items.removeLast() }
    }

    /// The examples of both samples together.
    public static func + (lhs: ExampleSample, rhs: ExampleSample) -> ExampleSample {
        var merged = lhs
        for item in rhs.items where !merged.items.contains(where: { $0 == item }) {
            merged.insert(item.hash, item.path)
        }
        return merged
    }

    public static func == (lhs: ExampleSample, rhs: ExampleSample) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.hash == $1.hash && $0.path == $1.path }
    }
}
