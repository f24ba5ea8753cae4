/// The hash of a set of automaton positions (FNV-1a over them, folded), by which the tables
/// that find a set's state look it up: `LazyDFA`'s, and those of the rule analysis's walks
/// over subsets. `seed` sets apart sets that come with other state.
package enum PositionSetHash {
    @inlinable
    package static func hash(_ set: UnsafeBufferPointer<Int32>, seed: UInt8 = 0) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(set.count) ^ UInt64(seed) << 32
        for position in set {
            hash = (hash ^ UInt64(UInt32(bitPattern: position))) &* 0x100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
