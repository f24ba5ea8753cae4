/// Keys of UTF-16 code units (hosts, literal paths, schemes, domains), each given the index it
/// was first inserted at. A lookup hashes the units of a buffer and compares them with the keys
/// of that hash, so finding a URL's host or path allocates nothing.
struct UnitTable: Sendable {
    private var slots: [UInt64: [Int]] = [:]
    /// The keys, by index.
    private(set) var keys: [[UInt16]] = []

    /// The key's index, inserting it when it is new.
    mutating func insert(_ key: [UInt16]) -> Int {
        if let found = key.withUnsafeBufferPointer({ index(of: $0) }) { return found }
        keys.append(key)
        slots[Self.hash(key), default: []].append(keys.count - 1)
        return keys.count - 1
    }

    /// The index of the key equal to `text`, if any.
    func index(of text: UnsafeBufferPointer<UInt16>) -> Int? {
        guard let candidates = slots[Self.hash(text)] else { return nil }
        return candidates.first { keys[$0].elementsEqual(text) }
    }

    /// FNV-1a over the units.
    private static func hash(_ units: some Sequence<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01B3 }
        return hash
    }
}
