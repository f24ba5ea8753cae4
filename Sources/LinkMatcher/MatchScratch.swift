/// Per-thread working memory of `CompiledRuleSet`: the views of the current URL, the buffers
/// of the glob engine, and the DFA states built so far for the rule set it serves (one cache
/// per view, each bounded by `globCacheBudget` bytes). Buffers grow to the largest URL seen and
/// are then reused, so steady-state matching allocates nothing. Not for sharing between
/// threads; used with another rule set, it forgets the states of the previous one.
public final class MatchScratch {
    /// Bytes of DFA states per view of the URL: about 20,000 states of a 5,000-rule file, more
    /// than its traffic reaches (`--debug` prints how many were built).
    public static let defaultGlobCacheBudget = 4 << 20
    /// Bytes of DFA states per keyed group of query, item or fragment patterns, when a rule
    /// set has `groups` of them: one view's budget shared out (query texts are short, and few
    /// states serve them), at least 64 KiB each, so that a scratch stays bounded whatever the
    /// file.
    static func patternCacheBudget(groups: Int) -> Int {
        max(1 << 16, defaultGlobCacheBudget / max(groups, 1))
    }

    /// The one owner of the state and its buffers.
    private let owner: MatchStateOwner

    /// The state lives behind a pointer: the matcher updates it many times per URL, and
    /// pointer accesses carry none of the run-time exclusivity checks of class properties.
    var state: UnsafeMutablePointer<MatchState> {
        @inline(__always) get { owner.state }
    }

    /// `fallbackLimit` bounds the automata of the globs run one by one once a DFA cache gave
    /// up (`AutomatonSize.limit` by default).
    public init(
        globCacheBudget: Int = MatchScratch.defaultGlobCacheBudget,
        fallbackLimit: AutomatonSize = .limit
    ) {
        owner = MatchStateOwner(
            MatchState(globCacheBudget: globCacheBudget, fallbackLimit: fallbackLimit))
    }

    /// Each app's own decision for the URL last decided by `CompiledRuleSet.decideWithApps`
    /// that is not its default (`CompiledRuleSet.defaultAppDecisions`), in the order its walk
    /// met them; valid until the scratch decides again. Unless that decision is unmatched,
    /// every other app with a default answers as its default says.
    public var appOverrides: UnsafeBufferPointer<AppDecision> {
        state.pointee.appOverrides.buffer
    }

    /// What the DFA caches have done so far, over every view.
    public var globCacheStatistics: GlobCacheStatistics {
        var total = GlobCacheStatistics()
        for index in 0..<state.pointee.globCaches.count {
            total = total + state.pointee.globCaches[index].statistics
        }
        for index in 0..<state.pointee.patternCaches.count {
            total = total + state.pointee.patternCaches[index].statistics
        }
        total.fallbackRecompilations = state.pointee.globFallback?.restarts ?? 0
        total.singleGlobEdgesRead = state.pointee.glob.edgesRead
        total.singleGlobBytes = state.pointee.glob.bitParallelBytes
        return total
    }

}

/// Holds a `MatchState` in memory of its own and frees it, buffers included, when it goes:
/// it cannot be copied, so nothing can free them twice or use them after.
struct MatchStateOwner: ~Copyable {
    let state: UnsafeMutablePointer<MatchState>

    init(_ initial: MatchState) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }
}

/// What `MatchScratch` holds.
struct MatchState {
    /// Where the parts of the current URL lie in its bytes.
    var parts = URLParts.empty
    /// Path, query and fragment text per view mode (`viewSlot`): a slice of the URL itself
    /// when no transform changes it, else of the slot's own storage.
    private var views = ScratchBuffer<UnsafeBufferPointer<UInt8>>(capacity: Self.viewSlots)
    private var viewReady = ScratchBuffer<Bool>(capacity: Self.viewSlots)
    /// Per component: 0 not checked yet, else 1 plus what `byteKinds` found in it.
    private var cleanliness = ScratchBuffer<UInt8>(capacity: Component.count)
    /// Per byte: `dirty` when it must be encoded (S3.2) or starts an escape (`%`), `upper` for
    /// an ASCII capital; a table read is cheaper than the two-mask test in this loop, which
    /// sees every byte of every URL.
    private var byteKinds = ScratchBuffer<UInt8>(capacity: 256)
    private static let dirty: UInt8 = 1
    private static let upper: UInt8 = 2
    private var storage = ScratchBuffer<ScratchBuffer<UInt8>>(capacity: Self.viewSlots)
    /// Query items per view mode: ranges of name and value in `itemBytes[mode]`.
    private var items = ScratchBuffer<ScratchBuffer<QueryItem>>(capacity: ViewMode.count)
    private var itemBytes = ScratchBuffer<ScratchBuffer<UInt8>>(capacity: ViewMode.count)
    private var itemsReady = ScratchBuffer<Bool>(capacity: ViewMode.count)
    private var encoded = ScratchBuffer<UInt8>(capacity: 256)
    /// Rules whose path matches the current URL, by rule index.
    var candidates = ScratchBuffer<Int32>(capacity: 64)
    /// A bit per rule index, all clear between calls (`sortAndDeduplicateCandidates`).
    private var ruleBits = ScratchBuffer<UInt64>(capacity: 16)
    /// Candidates in runs, beside `candidates`: the prefix entries of crowded trie nodes
    /// (`PrefixTrie.Run`), each in rule order. Behind a pointer, so that a trie walk can
    /// append to both.
    let candidateRuns: UnsafeMutablePointer<ScratchBuffer<PrefixTrie.Run>> = {
        let runs = UnsafeMutablePointer<ScratchBuffer<PrefixTrie.Run>>.allocate(capacity: 1)
        runs.initialize(to: ScratchBuffer(capacity: 4))
        return runs
    }()
    var glob = GlobScratch()
    /// One lazy DFA per view mode, for the glob unions of the rule set `globCacheOwner`.
    var globCaches = ScratchBuffer<LazyDFA>(capacity: ViewMode.count)
    /// One lazy DFA per keyed group of glob patterns, for the same rule set.
    var patternCaches = ScratchBuffer<LazyDFA>(capacity: 1)
    var globCacheOwner = -1
    /// Each glob run on its own, for views whose DFA cache gave up; and the unions whose rules
    /// joined the current URL's candidates unchecked (bit `u` for union `u`).
    var globFallback: GlobFallback?
    let fallbackLimit: AutomatonSize
    var uncheckedUnions: UInt8 = 0
    /// Apps already decided for the current URL (only when apps appear in several entries).
    var decidedApps = ScratchBuffer<Bool>(capacity: 8)
    var touchedApps = ScratchBuffer<Int32>(capacity: 8)
    /// Each app's own decision for the current URL that is not its default
    /// (`CompiledRuleSet.decideWithApps`).
    var appOverrides = ScratchBuffer<AppDecision>(capacity: 8)

    struct QueryItem: BitwiseCopyable {
        var nameStart: Int32
        var nameEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32

        init(name: Range<Int>, value: Range<Int>) {
            nameStart = Int32(name.lowerBound)
            nameEnd = Int32(name.upperBound)
            valueStart = Int32(value.lowerBound)
            valueEnd = Int32(value.upperBound)
        }

        var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
        var value: Range<Int> { Int(valueStart)..<Int(valueEnd) }
    }

    init(globCacheBudget: Int, fallbackLimit: AutomatonSize) {
        self.fallbackLimit = fallbackLimit
        for _ in 0..<ViewMode.count { globCaches.append(LazyDFA(budget: globCacheBudget)) }
        for _ in 0..<Self.viewSlots {
            views.append(UnsafeBufferPointer(start: nil, count: 0))
            viewReady.append(false)
            storage.append(ScratchBuffer<UInt8>(capacity: 128))
        }
        for _ in 0..<Component.count { cleanliness.append(0) }
        for byte in 0..<256 {
            let dirty = TextTransform.needsEncoding(UInt8(byte)) || byte == 0x25
            let upper = (0x41...0x5A).contains(byte)
            byteKinds.append((dirty ? Self.dirty : 0) | (upper ? Self.upper : 0))
        }
        for _ in 0..<ViewMode.count {
            items.append(ScratchBuffer<QueryItem>(capacity: 8))
            itemBytes.append(ScratchBuffer<UInt8>(capacity: 128))
            itemsReady.append(false)
        }
    }

    fileprivate func free() {
        for slot in 0..<storage.count { storage[slot].free() }
        for slot in 0..<items.count {
            items[slot].free()
            itemBytes[slot].free()
        }
        views.free()
        viewReady.free()
        cleanliness.free()
        byteKinds.free()
        storage.free()
        items.free()
        itemBytes.free()
        itemsReady.free()
        encoded.free()
        candidates.free()
        ruleBits.free()
        candidateRuns.pointee.free()
        candidateRuns.deallocate()
        glob.free()
        for index in 0..<globCaches.count { globCaches[index].free() }
        globCaches.free()
        for index in 0..<patternCaches.count { patternCaches[index].free() }
        patternCaches.free()
        decidedApps.free()
        touchedApps.free()
        appOverrides.free()
    }

    /// Sorts `candidates` (rule indices, none negative) and drops repeats: each sets its bit,
    /// then the words from the lowest to the highest set are read back in order and cleared.
    /// Linear in the candidates and in those words (a 5,000-rule file has 79).
    mutating func sortAndDeduplicateCandidates() {
        var lowest = Int.max
        var highest = -1
        for slot in 0..<candidates.count {
            let rule = Int(candidates[slot])
            let word = rule >> 6
            // The bitmap grows to the largest index seen, cleared, once per rule set.
            while ruleBits.count <= word { ruleBits.append(0) }
            ruleBits[word] |= 1 &<< UInt64(rule & 63)
            lowest = min(lowest, word)
            highest = max(highest, word)
        }
        var count = 0
        if highest >= 0 {
            for word in lowest...highest {
                var bits = ruleBits[word]
                ruleBits[word] = 0
                while bits != 0 {
                    candidates[count] = Int32(word << 6 | bits.trailingZeroBitCount)
                    count += 1
                    bits &= bits &- 1
                }
            }
        }
        candidates.count = count
    }

    enum Component: Int {
        case path = 0
        case query = 1
        case fragment = 2

        /// One past the last.
        @inline(__always)
        static var count: Int { fragment.rawValue + 1 }
    }

    /// One view slot per component and view mode.
    @inline(__always)
    private static var viewSlots: Int { Component.count * ViewMode.count }

    @inline(__always)
    private static func viewSlot(_ component: Component, _ mode: ViewMode) -> Int {
        component.rawValue * ViewMode.count + mode.index
    }

    @inline(__always)
    mutating func reset(_ parts: URLParts) {
        self.parts = parts
        for slot in 0..<Self.viewSlots { viewReady[slot] = false }
        for component in 0..<Component.count { cleanliness[component] = 0 }
        for slot in 0..<ViewMode.count { itemsReady[slot] = false }
        candidates.removeAll()
        candidateRuns.pointee.removeAll()
        uncheckedUnions = 0
    }

    /// The text of one component in one view mode, built once per URL: raw characters
    /// encoded (S3.2), then decoded (S7.2), the path stripped of leading and trailing `/`
    /// (S5.3, S5.4), then folded (S8). Valid until the next `reset`.
    @inline(__always)
    mutating func view(
        _ component: Component, _ mode: ViewMode, _ bytes: UnsafeBufferPointer<UInt8>
    )
        -> UnsafeBufferPointer<UInt8>
    {
        let slot = Self.viewSlot(component, mode)
        if viewReady[slot] { return views[slot] }
        let range: Range<Int>? =
            switch component {
            case .path: parts.path
            case .query: parts.query
            case .fragment: parts.fragment
            }
        var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if let range {
            let source = UnsafeBufferPointer(rebasing: bytes[range])
            if mode.decoded, isClean(component, source) {
                // Nothing to decode: the view is the one that does not decode.
                text = view(component, ViewMode(folded: mode.folded, decoded: false), bytes)
                views[slot] = text
                viewReady[slot] = true
                return text
            }
            let clean = isClean(component, source)
            // Nothing to change, nearly always: tested here, as `transformed` is not inlined.
            text = clean && !mode.folded ? source : transformed(source, mode, slot, clean: clean)
        }
        viewReady[slot] = true
        if component == .path { text = Self.strippingSlashes(text) }
        views[slot] = text
        return text
    }

    /// `source` as `mode` sees it: the source itself when nothing changes, else a copy.
    @inline(__always)
    private mutating func transformed(
        _ source: UnsafeBufferPointer<UInt8>, _ mode: ViewMode, _ slot: Int, clean: Bool
    ) -> UnsafeBufferPointer<UInt8> {
        if clean && !mode.folded { return source }
        storage.base[slot].removeAll()
        if clean {
            TextTransform.appendFolded(source, to: &storage.base[slot])
            return storage[slot].buffer
        }
        TextTransform.appendView(
            source, decoding: mode.decoded, work: &encoded, to: &storage.base[slot])
        if mode.folded { TextTransform.fold(&storage.base[slot], from: 0) }
        return storage[slot].buffer
    }

    /// The path as the trie and glob union of `mode` read it, and whether they must fold ASCII
    /// letters as they go: a clean path (nothing to encode or decode, so ASCII only) is read in
    /// place instead of being copied and folded first.
    @inline(__always)
    mutating func pathKey(_ mode: ViewMode, _ bytes: UnsafeBufferPointer<UInt8>) -> (
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool
    ) {
        if mode.folded, isClean(.path, UnsafeBufferPointer(rebasing: bytes[parts.path])) {
            return (view(.path, ViewMode(folded: false, decoded: false), bytes), true)
        }
        return (view(.path, mode, bytes), false)
    }

    /// The path as every view reads it, when all of them read it alike: nothing to encode or
    /// decode, and no capital letter to fold. Then one walk over all views' rules does.
    @inline(__always)
    mutating func plainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard kinds(.path, UnsafeBufferPointer(rebasing: bytes[parts.path])) == 0 else {
            return nil
        }
        return view(.path, ViewMode(folded: false, decoded: false), bytes)
    }

    /// True when a component has nothing to encode or decode (no `%`, nothing of S3.2):
    /// then every view of it is the text itself, folded or not. Checked once per URL.
    @inline(__always)
    private mutating func isClean(_ component: Component, _ source: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        kinds(component, source) & Self.dirty == 0
    }

    /// The kinds of byte (`byteKinds`) a component holds, found once per URL.
    @inline(__always)
    private mutating func kinds(_ component: Component, _ source: UnsafeBufferPointer<UInt8>)
        -> UInt8
    {
        let known = cleanliness[component.rawValue]
        if known != 0 { return known - 1 }
        var found: UInt8 = 0
        for byte in source { found |= byteKinds[Int(byte)] }
        cleanliness[component.rawValue] = found + 1
        return found
    }

    @inline(__always)
    private static func strippingSlashes(_ text: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        var start = 0
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "/") { end -= 1 }
        while start < end, text[start] == UInt8(ascii: "/") { start += 1 }
        return UnsafeBufferPointer(rebasing: text[start..<end])
    }

    /// Whether `queryItems` already split the query for this view of the current URL.
    @inline(__always)
    func itemsAreSplit(_ mode: ViewMode) -> Bool { itemsReady[mode.index] }

    /// Splits the query into items once per URL and view (S4.3.2): on `&`, then at the first
    /// `=`; names are decoded like values but never folded (S11 Q4).
    mutating func queryItems(_ mode: ViewMode, _ bytes: UnsafeBufferPointer<UInt8>) -> (
        items: UnsafeBufferPointer<QueryItem>, text: UnsafeBufferPointer<UInt8>
    ) {
        let slot = mode.index
        if let query = parts.query, isClean(.query, UnsafeBufferPointer(rebasing: bytes[query])) {
            // Nothing to encode or decode (so ASCII only): the items are ranges of the URL
            // itself, or, folded, each name copied as it is and each value lower-cased.
            if !itemsReady[slot] {
                itemsReady[slot] = true
                items.base[slot].removeAll()
                itemBytes.base[slot].removeAll()
                Self.splitItems(query, bytes) { name, value in
                    guard mode.folded else {
                        items.base[slot].append(QueryItem(name: name, value: value))
                        return
                    }
                    let nameStart = itemBytes[slot].count
                    itemBytes.base[slot].append(
                        contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
                    let valueStart = itemBytes[slot].count
                    TextTransform.appendFolded(
                        UnsafeBufferPointer(rebasing: bytes[value]), to: &itemBytes.base[slot])
                    items.base[slot].append(
                        QueryItem(
                            name: nameStart..<valueStart,
                            value: valueStart..<itemBytes[slot].count))
                }
            }
            return (items[slot].buffer, mode.folded ? itemBytes[slot].buffer : bytes)
        }
        if !itemsReady[slot] {
            itemsReady[slot] = true
            items.base[slot].removeAll()
            itemBytes.base[slot].removeAll()
            if let query = parts.query {
                Self.splitItems(query, bytes) { nameRange, valueRange in
                    let name = appendItemText(nameRange, mode, fold: false, bytes)
                    let value = appendItemText(valueRange, mode, fold: mode.folded, bytes)
                    items.base[slot].append(QueryItem(name: name, value: value))
                }
            }
        }
        return (items[slot].buffer, itemBytes[slot].buffer)
    }

    /// Calls `body` with the name and value ranges of each item: split on `&`, then at the first
    /// `=` (a missing `=` gives an empty value).
    @inline(__always)
    private static func splitItems(
        _ query: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (Range<Int>, Range<Int>) -> Void
    ) {
        guard !query.isEmpty else { return }
        var itemStart = query.lowerBound
        while itemStart <= query.upperBound {
            var itemEnd = itemStart
            while itemEnd < query.upperBound, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            var equals = itemStart
            while equals < itemEnd, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
            body(itemStart..<equals, min(equals + 1, itemEnd)..<itemEnd)
            itemStart = itemEnd + 1
        }
    }

    private mutating func appendItemText(
        _ range: Range<Int>, _ mode: ViewMode, fold: Bool, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        let slot = mode.index
        let start = itemBytes[slot].count
        let source = UnsafeBufferPointer(rebasing: bytes[range])
        TextTransform.appendView(
            source, decoding: mode.decoded, work: &encoded, to: &itemBytes.base[slot])
        if fold { TextTransform.fold(&itemBytes.base[slot], from: start) }
        return start..<itemBytes[slot].count
    }
}
