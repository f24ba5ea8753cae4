import LinkMatcher

/// What each app would do alone with a target (`--per-app`), kept once per distinct answer:
/// the targets of a file fall into few of them (one per set of rules that decide them), so a
/// slot of the decision cache holds an index here instead of the apps' answers.
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
    /// Open addressing by the vector's hash: a vector index, or -1 for an empty slot.
    private var table = [Int32](repeating: -1, count: 1 << 10)

    init(limit: Int = 1 << 16) { self.limit = limit }

    /// The entries of vector `index`.
    func entries(of index: Int32) -> ArraySlice<Entry> {
        entries[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
    }

    /// The index of the vector of `decisions` (apps of file `file`, made global by
    /// `outcomes`), added when new; nil when the table is full.
    mutating func intern(
        _ decisions: UnsafeBufferPointer<AppDecision>, file: Int, outcomes: GlobalOutcomes
    ) -> Int32? {
        let vector = decisions.lazy.map {
            Entry(app: Int32(outcomes.app($0.app, file: file)), excluded: $0.kind == .excluded)
        }
        let mask = table.count - 1
        var slot = Self.hash(vector) & mask
        while table[slot] >= 0 {
            if entries(of: table[slot]).elementsEqual(vector) { return table[slot] }
            slot = (slot + 1) & mask
        }
        let count = starts.count - 1
        guard count < limit, entries.count + decisions.count <= Self.entryLimit else {
            return nil
        }
        entries.append(contentsOf: vector)
        starts.append(Int32(entries.count))
        table[slot] = Int32(count)
        // At most half full, so that a probe ends soon.
        if 2 * (count + 1) > table.count { grow() }
        return Int32(count)
    }

    private static func hash(_ vector: some Collection<Entry>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(vector.count)
        for entry in vector {
            hash =
                (hash ^ (UInt64(UInt32(bitPattern: entry.app)) << 1 | (entry.excluded ? 1 : 0)))
                &* 0xFF51_AFD7_ED55_8CCD
        }
        return Int(truncatingIfNeeded: hash >> 17)
    }

    /// Doubles the table and places every vector again.
    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for index in 0..<Int32(starts.count - 1) {
            var slot = Self.hash(entries(of: index)) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = index
        }
    }
}
