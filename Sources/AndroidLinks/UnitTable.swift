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

    /// The index of the key equal to `text`, if any. A few keys (the schemes and hosts of a
    /// manifest) are compared one by one: cheaper than hashing the text.
    func index<Unit: TextUnit>(of text: UnsafeBufferPointer<Unit>) -> Int? {
        if keys.count <= Self.scannedKeys {
            return keys.firstIndex { Self.equal($0, text) }
        }
        guard let candidates = slots[Self.hash(text)] else { return nil }
        return candidates.first { Self.equal(keys[$0], text) }
    }

    private static let scannedKeys = 8

    @inline(__always)
    private static func equal<Unit: TextUnit>(_ key: [UInt16], _ text: UnsafeBufferPointer<Unit>)
        -> Bool
    {
        guard key.count == text.count else { return false }
        return key.withUnsafeBufferPointer { key in
            for index in 0..<key.count where key[index] != text[index].wide { return false }
            return true
        }
    }

    /// FNV-1a over the units.
    private static func hash<Unit: TextUnit>(_ units: some Sequence<Unit>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit.wide)) &* 0x100_0000_01B3 }
        return hash
    }
}
