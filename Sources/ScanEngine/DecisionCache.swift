import ASCIIBytes
import CPrefetch
import LibC
import LinkMatcher

/// Remembers recently seen request targets, per worker, with their decision and the requests
/// counted for them since they entered.
///
/// Real traffic is heavily skewed (a few pages take most requests), so most lines repeat a
/// target seen moments before. A hit costs a hash and a comparison instead of a walk through
/// the automaton, and adds the request to the slot's tally instead of to the summary: the
/// summary's path tables are then paid once per tally, when the target leaves the cache or the
/// worker finishes (`Tally`), not once per line. The decision is a pure function of the target
/// bytes and the AASA file, so a hit is always right.
///
/// Two-way set associative: a target can live in either slot of the set its hash picks. Most
/// targets of a log come once (an ID, a search), so a new target takes the slot of the one
/// not counted again since the other was, and stays the next to go until it is counted again
/// itself: targets seen once pass through one slot and leave the other to a target that
/// repeats (on a 5M-line log, 9% fewer decisions than replacing the older of the two).
///
/// A set's two slots share one 64-byte cache line and each key has a line of its own, so a
/// lookup touches two lines, both fetched a line ahead (`prefetch`). What a hit or a store
/// updates beside the tally (which slot goes next, what the owner keeps per target) lives in
/// the slots' line too: arrays of their own cost a cache miss at most lines. Memory is fixed:
/// `slotCount x (32 + keyLimit)` bytes.
///
/// What the owner keeps per target rides in the slot as a number (`store(answers:)`, handed
/// back with each tally): a scan's recorder keeps each app's answer there, `diff` the new
/// files' decision.
struct DecisionCache {
    /// 32 bytes: two to a cache line. All zeros is an empty slot, so the table starts empty
    /// without being written (`ZeroedPages`).
    private struct Slot {
        /// High bits of the target's hash (the low bits chose the set).
        var hashTag: UInt16
        /// Lines counted here and not yet handed to the summary: at most `linesPerTally`.
        var lines: UInt8
        /// In the first slot of a set: which of the two slots the next new target takes.
        /// Kept here, in the line a lookup reads anyway, not in an array of its own that
        /// every hit would miss.
        var nextWay: UInt8
        /// What the owner keeps beside the decision (`store`), read back with the tally.
        var answers: Int32
        /// The request weight of those lines.
        var weight: UInt64
        var rule: Int32
        var app: Int32
        var file: Int32
        /// The target's length plus one; 0 for an empty slot.
        var storedLength: UInt8
        var kind: Decision.Kind
        /// Where the path lies in the target.
        var pathStart: UInt8
        var pathEnd: UInt8

        var decision: Decision { Decision(kind: kind, rule: rule, app: app) }
    }

    /// Requests counted for one target and not yet recorded; `key` and `path` are valid only
    /// during the call that hands it over.
    struct Tally {
        let file: Int
        let decision: Decision
        /// The whole key the target was remembered by (without its query and fragment when
        /// its file decides it by the path alone: `ScanWorker.decideAndRemember`).
        let key: UnsafeBufferPointer<UInt8>
        let path: UnsafeRawBufferPointer
        let lines: UInt64
        let weight: UInt64
        /// What the owner stored with the decision (`store`).
        let answers: Int32

        /// True when the key ends with its path: the target has no query or fragment (it was
        /// remembered by path, or had none).
        var keyEndsWithPath: Bool {
            guard let keyStart = key.baseAddress, let pathStart = path.baseAddress else {
                return false
            }
            return pathStart + path.count == UnsafeRawPointer(keyStart + key.count)
        }
    }

    static let slotCount = 65536
    /// Slots per set: a target may sit in either slot of the set its hash chooses.
    private static let waysPerSet = 2
    private static let setMask = slotCount / waysPerSet - 1
    /// Longer targets are decided every time: in real traffic they are nearly all unique
    /// (tracking parameters, session IDs), so remembering them would only evict others.
    static let keyLimit = 64
    /// A target's lines are handed over once this many have been counted, not only when it
    /// leaves: a target that repeats may stay to the end, and the heaviest paths' counts
    /// (`SpaceSaving`) are tightest when they arrive early.
    static let linesPerTally: UInt8 = 128
    private static let lineSize = 64

    private let slotPages: ZeroedPages
    private let keyPages: ZeroedPages
    private let slots: UnsafeMutablePointer<Slot>
    private let keys: UnsafeMutablePointer<UInt8>

    /// An empty cache. Nothing is written here: a worker's pages are zeroed as it first
    /// touches them, beside the decoder, not by the thread that sets up the scan while
    /// nothing else runs (the two workers' 2 MiB slot tables took it about 10 ms).
    init() {
        assert(MemoryLayout<Slot>.stride * Self.waysPerSet == Self.lineSize)
        slotPages = Self.allocateTable(byteCount: Self.slotCount * MemoryLayout<Slot>.stride)
        slots = slotPages.base.bindMemory(to: Slot.self, capacity: Self.slotCount)
        keyPages = Self.allocateTable(byteCount: Self.slotCount * Self.keyLimit)
        keys = keyPages.base.bindMemory(to: UInt8.self, capacity: Self.slotCount * Self.keyLimit)
    }

    /// Memory for a table that every line touches at a random place: aligned to, and where
    /// the system allows backed by, 2 MiB pages, so the lookups do not also miss the TLB.
    private static func allocateTable(byteCount: Int) -> ZeroedPages {
        let hugePage = 2 << 20
        let pages = ZeroedPages(byteCount: byteCount, alignment: hugePage)
        #if os(Linux)
            _ = madvise(pages.base, byteCount, MADV_HUGEPAGE)
        #endif
        return pages
    }

    /// Frees the memory; the owner calls it once, after `flush`.
    func free() {
        slotPages.deallocate()
        keyPages.deallocate()
    }

    /// Starts loading the memory a `count` or `store` of `target` will touch: both slots of
    /// its set and their keys. Issued a line ahead, the loads overlap with other work.
    @inline(__always)
    func prefetch(_ target: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        guard target.count <= Self.keyLimit else { return }
        let first = (Int(truncatingIfNeeded: hash) & Self.setMask) * Self.waysPerSet
        prefetch_for_write(slots + first)
        prefetch_for_write(keys + first * Self.keyLimit)
        prefetch_for_write(keys + (first + 1) * Self.keyLimit)
    }

    /// Counts one more request of `weight` for `target` under file `file` and returns its
    /// decision, when the target is remembered.
    @inline(__always)
    func count(
        _ target: UnsafeBufferPointer<UInt8>, file: Int, hash: UInt64, weight: UInt64,
        evicted: (Tally) -> Void
    ) -> Decision? {
        guard target.count <= Self.keyLimit, let base = target.baseAddress else { return nil }
        let first = Self.firstSlot(hash: hash)
        let tag = Self.tag(hash)
        for index in first...(first + Self.waysPerSet - 1) {
            let slot = slots + index
            if slot.pointee.hashTag == tag, slot.pointee.storedLength == UInt8(target.count) &+ 1,
                slot.pointee.file == Int32(file),
                ASCII.bytesEqual(keys + index * Self.keyLimit, base, count: target.count)
            {
                if slot.pointee.lines == Self.linesPerTally { handOver(index, to: evicted) }
                slot.pointee.lines &+= 1
                slot.pointee.weight.addSaturating(weight)
                // Seen again: the set's other target goes first.
                slots[first].nextWay = UInt8(truncatingIfNeeded: (index & 1) ^ 1)
                return slot.pointee.decision
            }
        }
        return nil
    }

    /// The first of the two slots a target with this hash may live in.
    @inline(__always)
    private static func firstSlot(hash: UInt64) -> Int {
        (Int(truncatingIfNeeded: hash) & setMask) * waysPerSet
    }

    /// True when `store` keeps `target` (short enough to be remembered).
    @inline(__always)
    static func admits(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
        target.count <= keyLimit && target.baseAddress != nil
    }

    /// Remembers `target` with its decision, and `answers` for the owner to read back with
    /// its tallies, and a first request of `weight`; the tally of the target it replaces goes
    /// to `evicted` first. `path` is the path's range in `target`. Does nothing unless
    /// `admits(target)`.
    @inline(__always)
    func store(
        _ target: UnsafeBufferPointer<UInt8>, file: Int, hash: UInt64, _ decision: Decision,
        answers: Int32 = -1, path: Range<Int>, weight: UInt64, evicted: (Tally) -> Void
    ) {
        guard Self.admits(target), let base = target.baseAddress else { return }
        let first = Self.firstSlot(hash: hash)
        let way = Int(slots[first].nextWay)
        let index = first + way
        handOver(index, to: evicted)
        (keys + index * Self.keyLimit).update(from: base, count: target.count)
        slots[index] = Slot(
            hashTag: Self.tag(hash), lines: 1, nextWay: slots[index].nextWay, answers: answers,
            weight: weight, rule: decision.rule, app: decision.app, file: Int32(file),
            storedLength: UInt8(target.count) &+ 1, kind: decision.kind,
            pathStart: UInt8(path.lowerBound), pathEnd: UInt8(path.upperBound))
        // The new target stays the next to go, unless the other slot is still empty.
        if slots[index ^ 1].storedLength == 0 {
            slots[first].nextWay = UInt8(truncatingIfNeeded: way ^ 1)
        }
    }

    /// The slot tag of a hash: its high bits (its low bits choose the set).
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: hash >> 48) }

    /// Hands every pending tally to `body` and clears them; the decisions stay remembered.
    func flush(_ body: (Tally) -> Void) {
        for index in 0..<Self.slotCount { handOver(index, to: body) }
    }

    @inline(__always)
    private func handOver(_ index: Int, to body: (Tally) -> Void) {
        let slot = slots[index]
        guard slot.storedLength != 0, slot.lines > 0 else { return }
        let key = UnsafeRawPointer(keys + index * Self.keyLimit)
        body(
            Tally(
                file: Int(slot.file), decision: slot.decision,
                key: UnsafeBufferPointer(
                    start: keys + index * Self.keyLimit, count: Int(slot.storedLength) - 1),
                path: UnsafeRawBufferPointer(
                    start: key + Int(slot.pathStart),
                    count: Int(slot.pathEnd) - Int(slot.pathStart)),
                lines: UInt64(slot.lines), weight: slot.weight, answers: slot.answers))
        slots[index].lines = 0
        slots[index].weight = 0
    }

    /// A fast 64-bit hash of a short byte string: eight bytes at a time, multiply and fold.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        // Wrapping arithmetic and masking shifts: a count fits easily, and `rest` is below 8,
        // so the checks and the wide-shift cases Swift would add at every line never apply.
        var offset = 0
        while offset &+ 8 <= bytes.count {
            state = mix(state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        var tail: UInt64 = 0
        let rest = bytes.count &- offset
        if rest > 0 && bytes.count >= 8 {
            // The last eight bytes, of which the first `8 - rest` were hashed already.
            let last = raw.loadUnaligned(fromByteOffset: bytes.count &- 8, as: UInt64.self)
            tail = UInt64(littleEndian: last) &>> UInt64(8 &* (8 &- rest))
        } else {
            for index in 0..<rest {
                tail |= UInt64(bytes[offset &+ index]) &<< UInt64(8 &* index)
            }
        }
        return mix(state ^ tail)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}
