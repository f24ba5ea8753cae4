import ASCIIBytes
import LinkMatcher

/// What each app would do alone with a target (`--per-app`), kept once per distinct answer:
/// the targets of a file fall into few of them (one per set of rules that decide them), so a
/// slot of the decision cache holds an index here instead of the apps' answers, and a tally
/// adds its weight to its answer's, spread over the apps once, at the end (`spread`).
///
/// An answer is kept as what sets it apart from its file's defaults (`FileAppDefaults`): the
/// few apps whose own decision says otherwise (`MatchScratch.appOverrides`). Where dozens of
/// entries end in a catch-all, every app answers, but a target's answer differs from the
/// defaults in a handful of apps or none, and only those are hashed, compared and stored: the
/// defaults are counted once per file when the weights are spread.
///
/// Bounded: past `limit` answers (65,536 unless said) or `keyLimit` overrides in all (4 MiB),
/// `intern` says no, and the caller decides such a target again when it records its tally.
struct AppVectors {
    /// One app's own decision: its global index, and whether an exclude rule decided it.
    struct Entry: Equatable {
        var app: Int32
        var excluded: Bool
    }

    let limit: Int
    static let keyLimit = 1 << 20

    /// What vector `v` is: its file, and the answers that differ from the file's defaults
    /// (`packed`), `keys[keyStarts[v] ..< keyStarts[v + 1]]`, in the order the walk met them.
    private var keyFiles: [Int32] = []
    private var keys: [UInt32] = []
    private var keyStarts: [Int32] = [0]
    /// Requests counted for each vector, not yet spread over its apps.
    private var weights: [UInt64] = []
    /// Open addressing by the key's hash: a vector index, or -1 for an empty slot.
    private var table = [Int32](repeating: -1, count: 1 << 10)

    init(limit: Int = 1 << 16) {
        self.limit = limit
        // Room for all at once: pages are held only once written, and growing by doubling
        // would copy, holding both buffers at the peak.
        keys.reserveCapacity(Self.keyLimit)
        keyStarts.reserveCapacity(limit + 1)
        keyFiles.reserveCapacity(limit)
        weights.reserveCapacity(limit)
    }

    /// Every app's answer of vector `index`, in app order: its override, or its default
    /// (`defaults`, those of the vector's file).
    func entries(of index: Int32, defaults: FileAppDefaults, outcomes: GlobalOutcomes) -> [Entry] {
        let file = Int(keyFiles[Int(index)])
        let firstApp = outcomes.app(0, file: file)
        var byApp: [Int32: Bool] = [:]
        for app in defaults.answering {
            byApp[Int32(firstApp) + app] = defaults.answer(app) == .excludes
        }
        for key in keys[Int(keyStarts[Int(index)])..<Int(keyStarts[Int(index) + 1])] {
            byApp[Int32(key >> 1)] = key & 1 == 1
        }
        return byApp.keys.sorted().map { Entry(app: $0, excluded: byApp[$0] ?? false) }
    }

    /// The index of the vector of a target of file `file` on which the apps answer as
    /// `defaults` says, except those of `overrides` (apps of the file, made global by
    /// `outcomes`); added when new; nil when the table is full. Only the overrides that
    /// change an app's answer are hashed, compared and kept. (Call it only for a target some
    /// rule decided: an unmatched one has no answers, not its defaults.)
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
        guard count < limit, keys.count + keyCount <= Self.keyLimit else { return nil }
        for decision in overrides where Self.changes(decision, defaults) {
            keys.append(Self.packed(decision, firstApp: firstApp))
        }
        keyStarts.append(Int32(keys.count))
        keyFiles.append(Int32(file))
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
    /// weight), and starts counting again from zero. `defaults` holds each file's. Each file's
    /// defaults answer every request of its vectors; each override moves its vector's
    /// requests from its app's default answer to its own. (The sums wrap where a share is
    /// taken from an answer before the defaults add to it: what is recorded is exact.)
    mutating func spread(
        defaults: [FileAppDefaults], outcomes: GlobalOutcomes,
        _ record: (Int, Bool, UInt64) -> Void
    ) {
        guard let last = defaults.indices.last else { return }
        let appCount = outcomes.app(Int32(defaults[last].appCount), file: last)
        var opens = [UInt64](repeating: 0, count: appCount)
        var excludes = [UInt64](repeating: 0, count: appCount)
        var fileWeights = [UInt64](repeating: 0, count: defaults.count)
        for index in weights.indices where weights[index] > 0 {
            let (file, weight) = (Int(keyFiles[index]), weights[index])
            fileWeights[file] &+= weight
            let firstApp = outcomes.app(0, file: file)
            for key in keys[Int(keyStarts[index])..<Int(keyStarts[index + 1])] {
                let app = Int(key >> 1)
                switch defaults[file].answer(Int32(app - firstApp)) {
                case .none: break
                case .opens: opens[app] &-= weight
                case .excludes: excludes[app] &-= weight
                }
                if key & 1 == 1 { excludes[app] &+= weight } else { opens[app] &+= weight }
            }
            weights[index] = 0
        }
        for (file, weight) in fileWeights.enumerated() where weight > 0 {
            for app in defaults[file].answering {
                let global = outcomes.app(app, file: file)
                if defaults[file].answer(app) == .excludes {
                    excludes[global] &+= weight
                } else {
                    opens[global] &+= weight
                }
            }
        }
        for app in 0..<appCount {
            if opens[app] > 0 { record(app, false, opens[app]) }
            if excludes[app] > 0 { record(app, true, excludes[app]) }
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
