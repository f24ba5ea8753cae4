import ASCIIBytes
import LibC

/// What a rule set reads of a URL's query and fragment, for a set that reads of the query
/// nothing but the items of a few plain names (`ItemConstraint.nameIsPlain`): none of its
/// rules has a whole-query pattern other than `*`. Apple's opt-out rule,
/// `{"?": {"no_universal_links": "?*"}}`, beside path rules makes such a set.
///
/// A URL without a fragment (or any URL, for a set that reads no fragment) whose query has no
/// item of these names is decided as its path alone: each query dictionary then reads `""`
/// for every one of its names (S4.3.2), as it does for a URL without a query.
struct ReadItemNames: Sendable {
    private let bytes: FrozenArray<UInt8>
    /// Name `i` ends at `ends[i]` in `bytes` and starts where name `i - 1` ends (0 for the
    /// first).
    private let ends: FrozenArray<Int32>
    /// The first bytes of the names, when each has one and it is ASCII: an item that starts
    /// with none of them is named by none, told without comparing it with every name.
    private let firstBytes: ASCIISet?
    /// True when some rule has a fragment pattern other than `*`.
    let readsFragment: Bool

    /// What `rules` read; nil when they read more of the query.
    init?(_ rules: [CompiledRule], arena: Arena) {
        var names = Set<[UInt8]>()
        var readsFragment = false
        for rule in rules {
            if case .anything = rule.fragment {} else { readsFragment = true }
            switch rule.query {
            case .whole(.anything):
                continue
            case .whole:
                return nil
            case .items(let constraints):
                for constraint in constraints.buffer {
                    guard constraint.nameIsPlain else { return nil }
                    names.insert(Array(constraint.name.buffer))
                }
            }
        }
        self.init(names: names, readsFragment: readsFragment, arena: arena)
    }

    /// Items of `names` and, with `readsFragment`, the fragment.
    init(names: Set<[UInt8]>, readsFragment: Bool, arena: Arena) {
        var bytes: [UInt8] = []
        var ends: [Int32] = []
        var firstBytes: ASCIISet? = ASCIISet()
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            bytes += name
            ends.append(Int32(bytes.count))
            if let first = name.first, first < 0x80 {
                firstBytes?.insert(UInt32(first))
            } else {
                firstBytes = nil
            }
        }
        self.firstBytes = firstBytes
        self.bytes = arena.freeze(bytes)
        self.ends = arena.freeze(ends)
        self.readsFragment = readsFragment
    }

    /// The names, each as its bytes.
    var names: Set<[UInt8]> {
        var names = Set<[UInt8]>()
        var start = 0
        for end in ends.buffer {
            names.insert(Array(bytes.buffer[start..<Int(end)]))
            start = Int(end)
        }
        return names
    }

    /// True when `decidesByPathAlone` is false wherever `other`'s is: `other` reads no name
    /// that this does not, nor a fragment that this does not.
    func covers(_ other: ReadItemNames) -> Bool {
        (readsFragment || !other.readsFragment) && other.names.isSubset(of: names)
    }

    /// True when `url`, split into `parts`, has no fragment that is read and no item of the
    /// names in any view of its query: its decision is its path's.
    func decidesByPathAlone(_ url: UnsafeBufferPointer<UInt8>, _ parts: URLParts) -> Bool {
        guard parts.fragment == nil || !readsFragment else { return false }
        guard let query = parts.query else { return true }
        return !mayOccur(in: UnsafeBufferPointer(rebasing: url[query]))
    }

    /// Whether `query` (the text after `?`) may have an item of one of the names in some view
    /// of it. Items are what `MatchState.splitItems` makes of it: split on `&`, each named up
    /// to its first `=`; a plain name equals the view of a raw item name only if it equals its
    /// bytes, unless a `%` escape spells it in a decoded view, so a query with a `%` counts as
    /// having them all. Searched with `memchr`, not byte by byte: this runs at cache misses.
    func mayOccur(in query: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !ends.isEmpty, let base = query.baseAddress, query.count > 0 else { return false }
        let count = query.count
        if memchr(base, Int32(UInt8(ascii: "%")), count) != nil { return true }
        var itemStart = 0
        while true {
            if namesOne(itemAt: itemStart, base, count) { return true }
            guard
                let ampersand = memchr(
                    base + itemStart, Int32(UInt8(ascii: "&")), count - itemStart)
            else { return false }
            itemStart =
                UnsafePointer<UInt8>(ampersand.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
    }

    /// Whether the item at `start` is named one of the names: a name followed by `=`, `&` or
    /// the end of the query.
    @inline(__always)
    private func namesOne(itemAt start: Int, _ query: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if let firstBytes, start == count || !firstBytes.contains(UInt32(query[start])) {
            return false
        }
        var nameStart = 0
        for index in ends.indices {
            let nameEnd = Int(ends[index])
            let next = start + nameEnd - nameStart
            if next <= count,
                next == count || query[next] == UInt8(ascii: "=")
                    || query[next] == UInt8(ascii: "&"),
                nameEnd == nameStart
                    || memcmp(
                        query + start, bytes.base.unsafelyUnwrapped + nameStart,
                        nameEnd - nameStart) == 0
            {
                return true
            }
            nameStart = nameEnd
        }
        return false
    }
}

extension CompiledRuleSet {
    /// True when the rules read of a URL's query nothing but the items of a few plain names
    /// (Apple's opt-out rule beside path rules), and the set does not `decidesByPathAlone`:
    /// a URL whose query has none of those items, and that has no fragment when some rule
    /// reads it, gets the decisions of its path alone (`decidesByPathAlone(_:_:)`).
    public var decidesByPathUnlessItemsNamed: Bool { readItemNames != nil }

    /// True when `url`, split into `parts`, gets the decision, and every app's own
    /// (`decidePerApp`), that the same URL without query and fragment gets: always for a set
    /// that `decidesByPathAlone`; for a set that `decidesByPathUnlessItemsNamed`, when its
    /// query has no item of those names and it has no fragment that the rules would read.
    public func decidesByPathAlone(_ url: UnsafeBufferPointer<UInt8>, _ parts: URLParts) -> Bool {
        if decidesByPathAlone { return true }
        return readItemNames?.decidesByPathAlone(url, parts) ?? false
    }
}

/// What another matcher reads of the query and the fragment, in the terms of
/// `ReadItemNames`: the items of a few plain names and, maybe, the fragment. A URL that has
/// neither is decided as its path alone, so a scan may remember its decision by path.
public final class QueryItemNames: Sendable {
    private let arena = Arena()
    private let names: ReadItemNames

    /// Items named by one of `names` (plain bytes) and, with `readsFragment`, the fragment.
    public init(names: [[UInt8]], readsFragment: Bool) {
        self.names = ReadItemNames(names: Set(names), readsFragment: readsFragment, arena: arena)
    }

    /// True when `url`, split into `parts`, has no fragment that is read and no item of the
    /// names in any view of its query.
    public func decidesByPathAlone(_ url: UnsafeBufferPointer<UInt8>, _ parts: URLParts) -> Bool {
        names.decidesByPathAlone(url, parts)
    }

    /// True when `rules.decidesByPathAlone(_:_:)` is false wherever this one's is: the rules
    /// read the items of a few names, these among them, and the fragment if these do. A
    /// target that the rules decide by path then needs no check of these.
    public func areCovered(by rules: CompiledRuleSet) -> Bool {
        rules.readItemNames?.covers(names) ?? false
    }
}
