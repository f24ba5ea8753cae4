import LinkMatcher

/// Remembers the decisions for recently seen request targets, per worker. Real traffic is
/// heavily skewed (a few pages take most requests), so most lines repeat a target seen moments
/// before; a hit costs a hash and a comparison instead of a walk through the automaton. The
/// decision is a pure function of the target bytes and the AASA file, so a hit is always right.
///
/// Two-way set associative: a target can live in either slot of the set its hash picks; a new
/// target replaces the older of the two. Memory is fixed: `slotCount x (keyLimit + 24)` bytes.
struct DecisionCache {
    private struct Slot {
        var hash: UInt64 = 0
        var length: Int32 = -1
        var file: Int32 = 0
        var decision = Decision(kind: .unmatched)
    }

    static let slotCount = 32768
    private static let setMask = slotCount / 2 - 1
    /// Longer targets are decided every time (they are rarely repeated anyway).
    static let keyLimit = 112

    private let slots: UnsafeMutablePointer<Slot>
    private let keys: UnsafeMutablePointer<UInt8>
    /// Per set: which of its two slots the next new target takes (the older one).
    private let nextWay: UnsafeMutablePointer<UInt8>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        keys = .allocate(capacity: Self.slotCount * Self.keyLimit)
        nextWay = .allocate(capacity: Self.slotCount / 2)
        nextWay.initialize(repeating: 0, count: Self.slotCount / 2)
    }

    /// Frees the memory; the owner calls it once.
    func free() {
        slots.deallocate()
        keys.deallocate()
        nextWay.deallocate()
    }

    /// The remembered decision of `target` under file `file`, if any.
    @inline(__always)
    func lookup(_ target: UnsafeBufferPointer<UInt8>, file: Int, hash: UInt64) -> Decision? {
        guard target.count <= Self.keyLimit, let base = target.baseAddress else { return nil }
        let first = (Int(truncatingIfNeeded: hash) & Self.setMask) * 2
        for index in first...(first + 1) {
            let slot = slots[index]
            if slot.hash == hash, slot.length == Int32(target.count), slot.file == Int32(file),
                memcmp(keys + index * Self.keyLimit, base, target.count) == 0
            {
                return slot.decision
            }
        }
        return nil
    }

    @inline(__always)
    func store(_ target: UnsafeBufferPointer<UInt8>, file: Int, hash: UInt64, _ decision: Decision)
    {
        guard target.count <= Self.keyLimit, let base = target.baseAddress else { return }
        let set = Int(truncatingIfNeeded: hash) & Self.setMask
        let index = set * 2 + Int(nextWay[set])
        nextWay[set] ^= 1
        (keys + index * Self.keyLimit).update(from: base, count: target.count)
        slots[index] = Slot(
            hash: hash, length: Int32(target.count), file: Int32(file), decision: decision)
    }

    /// A fast 64-bit hash of a short byte string: eight bytes at a time, multiply and fold.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(state ^ tail)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}

#if canImport(Glibc)
    import Glibc
#endif
