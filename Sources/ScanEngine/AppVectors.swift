import ASCIIBytes
import LinkMatcher

/// What each app would do alone with a target (`--per-app`), kept once per distinct answer:
/// the targets of a file fall into few of them (one per set of rules that decide them), so a
/// slot of the decision cache holds an index here instead of the apps' answers, and a tally
/// adds its weight to its answer's, spread over the apps once, at the end (`spread`).
///
/// Bounded: past `limit` answers (65,536 unless said) or `entryLimit` app decisions in all,
/// `intern` says no, and the caller decides such a target again when it records its tally.
struct AppVectors {
    /// One app's own decision: its global index, and whether an exclude rule decided it.
    struct Entry: Equatable {
        var app: Int32
        var excluded: Bool
    }

    let limit: Int
    static let entryLimit = 1 << 20

    private var entries: [Entry] = []
    /// Vector `v` is `entries[starts[v] ..< starts[v + 1]]`.
    private var starts: [Int32] = [0]
    /// Requests counted for each vector, not yet spread over its apps.
    private var weights: [UInt64] = []
    /// Open addressing by the vector's hash: a vector index, or -1 for an empty slot.
    private var table = [Int32](repeating: -1, count: 1 << 10)

    init(limit: Int = 1 << 16) { self.limit = limit }

    /// The entries of vector `index`.
    func entries(of index: Int32) -> ArraySlice<Entry> {
        entries[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
    }

    /// The index of the vector of `decisions` (apps of file `file`, made global by
    /// `outcomes`), added when new; nil when the table is full. The decisions are hashed and
    /// compared where they are: nothing is copied unless the vector is new.
    mutating func intern(
        _ decisions: UnsafeBufferPointer<AppDecision>, file: Int, outcomes: GlobalOutcomes
    ) -> Int32? {
        var hash = Self.initialHash(count: decisions.count)
        for decision in decisions {
            hash = Self.hash(hash, Self.entry(decision, file: file, outcomes: outcomes))
        }
        let mask = table.count - 1
        var slot = Self.slot(hash) & mask
        while table[slot] >= 0 {
            // Compared in place (a helper method would retain every array of `self`).
            let index = Int(table[slot])
            let start = Int(starts[index])
            var same = Int(starts[index + 1]) - start == decisions.count
            var offset = 0
            while same && offset < decisions.count {
                same =
                    entries[start + offset]
                    == Self.entry(decisions[offset], file: file, outcomes: outcomes)
                offset += 1
            }
            if same { return Int32(index) }
            slot = (slot + 1) & mask
        }
        let count = weights.count
        guard count < limit, entries.count + decisions.count <= Self.entryLimit else {
            return nil
        }
        for decision in decisions {
            entries.append(Self.entry(decision, file: file, outcomes: outcomes))
        }
        starts.append(Int32(entries.count))
        weights.append(0)
        table[slot] = Int32(count)
        // At most half full, so that a probe ends soon.
        if 2 * (count + 1) > table.count { grow() }
        return Int32(count)
    }

    @inline(__always)
    private static func entry(
        _ decision: AppDecision, file: Int, outcomes: GlobalOutcomes
    ) -> Entry {
        Entry(
            app: Int32(outcomes.app(decision.app, file: file)),
            excluded: decision.kind == .excluded)
    }

    /// Counts `weight` requests whose apps answer as vector `index` does.
    @inline(__always)
    mutating func add(_ weight: UInt64, to index: Int32) {
        weights[Int(index)].addSaturating(weight)
    }

    /// Hands each app's share of the requests counted so far to `record` (app, excluded,
    /// weight), and starts counting again from zero.
    mutating func spread(_ record: (Int, Bool, UInt64) -> Void) {
        for index in weights.indices where weights[index] > 0 {
            for entry in entries(of: Int32(index)) {
                record(Int(entry.app), entry.excluded, weights[index])
            }
            weights[index] = 0
        }
    }

    private static func hash(_ vector: ArraySlice<Entry>) -> Int {
        var hash = initialHash(count: vector.count)
        for entry in vector { hash = Self.hash(hash, entry) }
        return slot(hash)
    }

    @inline(__always)
    private static func initialHash(count: Int) -> UInt64 {
        0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    }

    /// `hash` with `entry` mixed in.
    @inline(__always)
    private static func hash(_ hash: UInt64, _ entry: Entry) -> UInt64 {
        (hash ^ (UInt64(UInt32(bitPattern: entry.app)) << 1 | (entry.excluded ? 1 : 0)))
            &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The table slot of a vector's hash, before masking.
    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 17) }

    /// Doubles the table and places every vector again.
    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for index in 0..<Int32(weights.count) {
            var slot = Self.hash(entries(of: index)) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = index
        }
    }
}
