import ASCIIBytes
import LinkMatcher

/// What each app would do alone with a target (`--per-app`), kept once per distinct answer:
/// the targets of a file fall into few of them (one per set of rules that decide them), so a
/// slot of the decision cache holds an index here instead of the apps' answers, and a tally
/// adds its weight to its answer's, spread over the apps once, at the end (`spread`).
///
/// An answer is found by what sets it apart from its file's defaults (`FileAppDefaults`):
/// the few apps whose own decision says otherwise (`MatchScratch.appOverrides`). Where
/// dozens of entries end in a catch-all, every app answers, but a target's answer differs
/// from the defaults in a handful of apps or none, and only those are hashed and compared.
///
/// Bounded: past `limit` answers (65,536 unless said) or `entryLimit` app answers in all,
/// `intern` says no, and the caller decides such a target again when it records its tally.
struct AppVectors {
    /// One app's own decision: its global index, and whether an exclude rule decided it.
    struct Entry: Equatable {
        var app: Int32
        var excluded: Bool
    }

    let limit: Int
    static let entryLimit = 1 << 20

    /// Every app's answer of vector `v`: `entries[starts[v] ..< starts[v + 1]]`, by app.
    private var entries: [Entry] = []
    private var starts: [Int32] = [0]
    /// What vector `v` is found by: its file, and the answers that differ from the file's
    /// defaults (`packed`), `keys[keyStarts[v] ..< keyStarts[v + 1]]`, in the order the walk
    /// met them.
    private var keyFiles: [Int32] = []
    private var keys: [UInt32] = []
    private var keyStarts: [Int32] = [0]
    /// Requests counted for each vector, not yet spread over its apps.
    private var weights: [UInt64] = []
    /// Open addressing by the key's hash: a vector index, or -1 for an empty slot.
    private var table = [Int32](repeating: -1, count: 1 << 10)

    init(limit: Int = 1 << 16) { self.limit = limit }

    /// Every app's answer of vector `index`.
    func entries(of index: Int32) -> ArraySlice<Entry> {
        entries[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
    }

    /// The index of the vector of a target of file `file` on which the apps answer as
    /// `defaults` says, except those of `overrides` (apps of the file, made global by
    /// `outcomes`); added when new; nil when the table is full. Only the overrides that
    /// change an app's answer are hashed and compared, where they are: nothing is copied
    /// unless the vector is new. (Call it only for a target some rule decided: an unmatched
    /// one has no answers, not its defaults.)
    mutating func intern(
        _ overrides: UnsafeBufferPointer<AppDecision>, file: Int, defaults: FileAppDefaults,
        outcomes: GlobalOutcomes
    ) -> Int32? {
        let firstApp = outcomes.app(0, file: file)
        var hash = Self.initialHash(file: file)
        var keyCount = 0
        for decision in overrides where Self.changes(decision, defaults) {
            hash = Self.hash(hash, Self.packed(decision, firstApp: firstApp))
            keyCount += 1
        }
        let (found, slot) = find(
            hash, keyCount, overrides, file: file, firstApp: firstApp, defaults: defaults)
        if let found { return found }
        let count = weights.count
        guard count < limit, entries.count + defaults.appCount <= Self.entryLimit else {
            return nil
        }
        for decision in overrides where Self.changes(decision, defaults) {
            keys.append(Self.packed(decision, firstApp: firstApp))
        }
        keyStarts.append(Int32(keys.count))
        keyFiles.append(Int32(file))
        appendAnswers(overrides, file: file, defaults: defaults, outcomes: outcomes)
        weights.append(0)
        table[slot] = Int32(count)
        // At most half full, so that a probe ends soon.
        if 2 * (count + 1) > table.count { grow() }
        return Int32(count)
    }

    /// The vector of file `file` whose key is what `overrides` change (`keyCount` of them,
    /// hashed as `hash`), or nil and the empty slot where it would go. Read through plain
    /// buffers: indexing the arrays of `self` checks every access.
    private func find(
        _ hash: UInt64, _ keyCount: Int, _ overrides: UnsafeBufferPointer<AppDecision>,
        file: Int, firstApp: Int, defaults: FileAppDefaults
    ) -> (Int32?, slot: Int) {
        table.withUnsafeBufferPointer { table in
            keys.withUnsafeBufferPointer { keys in
                keyStarts.withUnsafeBufferPointer { keyStarts in
                    keyFiles.withUnsafeBufferPointer { keyFiles in
                        let mask = table.count &- 1
                        var slot = Self.slot(hash, count: keyCount) & mask
                        while table[slot] >= 0 {
                            let index = Int(table[slot])
                            var offset = Int(keyStarts[index])
                            var same =
                                keyFiles[index] == Int32(file)
                                && Int(keyStarts[index &+ 1]) &- offset == keyCount
                            for decision in overrides
                            where same && Self.changes(decision, defaults) {
                                same = keys[offset] == Self.packed(decision, firstApp: firstApp)
                                offset &+= 1
                            }
                            if same { return (Int32(index), slot) }
                            slot = (slot &+ 1) & mask
                        }
                        return (nil, slot)
                    }
                }
            }
        }
    }

    /// Appends every app's answer of a new vector, in app order: its override, or its
    /// default. Only the apps that answer by default and those overridden are read, not every
    /// app of the file (a file of 5,000 entries of one app each paid 8,900 instructions a line
    /// for that).
    private mutating func appendAnswers(
        _ overrides: UnsafeBufferPointer<AppDecision>, file: Int, defaults: FileAppDefaults,
        outcomes: GlobalOutcomes
    ) {
        let overridden = overrides.sorted { $0.app < $1.app }
        let answering = defaults.answering
        var (next, nextOverride) = (0, 0)
        while next < answering.count || nextOverride < overridden.count {
            let defaultApp = next < answering.count ? answering[next] : Int32.max
            let overriddenApp =
                nextOverride < overridden.count ? overridden[nextOverride].app : Int32.max
            let app = min(defaultApp, overriddenApp)
            var answer = defaults.answer(app)
            if app == defaultApp { next += 1 }
            if app == overriddenApp {
                answer = FileAppDefaults.Answer(overridden[nextOverride].kind)
                nextOverride += 1
            }
            guard answer != .none else { continue }
            entries.append(
                Entry(app: Int32(outcomes.app(app, file: file)), excluded: answer == .excludes))
        }
        starts.append(Int32(entries.count))
    }

    /// Whether an override changes what the app answers by default.
    @inline(__always)
    private static func changes(_ decision: AppDecision, _ defaults: FileAppDefaults) -> Bool {
        defaults.answer(decision.app) != FileAppDefaults.Answer(decision.kind)
    }

    /// An override in a key: its app's global index (the file's apps start at `firstApp`)
    /// and whether an exclude rule decided it.
    @inline(__always)
    private static func packed(_ decision: AppDecision, firstApp: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: firstApp &+ Int(decision.app)) << 1
            | (decision.kind == .excluded ? 1 : 0)
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

    @inline(__always)
    private static func initialHash(file: Int) -> UInt64 {
        0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: file)
    }

    /// `hash` with a key's `packed` answer mixed in.
    @inline(__always)
    private static func hash(_ hash: UInt64, _ packed: UInt32) -> UInt64 {
        (hash ^ UInt64(packed)) &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The table slot of a key's hash and length, before masking.
    @inline(__always)
    private static func slot(_ hash: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: ((hash ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD) >> 17)
    }

    /// Doubles the table and places every vector again.
    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for index in weights.indices {
            var hash = Self.initialHash(file: Int(keyFiles[index]))
            let key = keys[Int(keyStarts[index])..<Int(keyStarts[index + 1])]
            for entry in key { hash = Self.hash(hash, entry) }
            var slot = Self.slot(hash, count: key.count) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index)
        }
    }
}
