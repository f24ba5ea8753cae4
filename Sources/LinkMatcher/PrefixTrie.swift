import LibC

/// A byte trie over the literal path patterns and the literal prefixes of `prefix*` patterns.
/// Each node lists the rules whose literal ends there; a lookup walks the URL path once and
/// meets exactly the rules that match it, so rules that cannot match cost nothing. Built from
/// reversed suffixes, it finds the suffixes a path ends with (`walkBackward`, for
/// `SuffixRules`). (Every other path pattern is a glob, decided by the view's `GlobUnion`.)
///
/// Packed layout: each node is one record of `words`, in depth-first order. A chain of nodes
/// with one child and no rules (the tail of `/p/sierra-adjustable-0/`, the last digits of
/// `/products/104099`) is no node at all: its labels are the *run* of the record it leads to,
/// compared byte by byte with the key before that node counts as reached. Most of a walk is
/// such chains, so it reads a few short records instead of a record per character. A record
/// holds where the node's entries lie in `entries` (sorted by rule order), its run, the
/// children's labels (sorted, four to a word) and the children's offsets in `words`. The root
/// also has a 256-entry table, since every lookup starts there and it has the most children.
struct PrefixTrie: Sendable {
    struct Entry: Sendable, BitwiseCopyable {
        enum Kind: UInt8, Sendable {
            /// `prefix*`: any path that reaches the node.
            case prefix
            /// A literal pattern: the path must end at the node.
            case exact
            /// A pattern of `PathPieces` with this literal prefix: `rule` is its member in
            /// the `PieceChecks` the walk is given, which checks the rest of the path.
            case checked
            /// Many such patterns with this prefix, each with a middle: `rule` is their group
            /// in the `PieceChecks`, which finds them by their first middle.
            case group
        }

        var rule: Int32
        var kind: Kind

        /// A prefix entry of one rule (a keyed group's entry is negative): what a crowded
        /// node's run holds.
        var isRunnable: Bool { kind == .prefix && rule >= 0 }

        init(rule: Int32, kind: Kind) {
            self.rule = rule
            self.kind = kind
        }

        init(rule: Int32, mustEnd: Bool) {
            self.init(rule: rule, kind: mustEnd ? .exact : .prefix)
        }

        var mustEnd: Bool { kind == .exact }
    }

    /// One entry of a trie to build, and the prefix it sits at.
    struct Item {
        var prefix: [UInt8]
        var entry: Entry
    }

    /// Node records, each at its offset: entry start, entry end, child count `k`, the
    /// crowded flag and run length `r` (`k | crowdedFlag | r << 16`), then the run in
    /// `(r + 3) / 4` words, the `k` labels in `(k + 3) / 4` words, and the `k` children's
    /// offsets. A node's entries list its runnable entries first, each part in rule order.
    let words: FrozenArray<Int32>
    let entries: FrozenArray<Entry>
    /// Child of the root per byte, or `noChild`.
    let rootChildren: FrozenArray<Int32>

    /// The root node: the empty prefix, at offset 0.
    static let root: Int32 = 0
    /// A `rootChildren` entry for a byte no prefix starts with.
    static let noChild: Int32 = -1
    /// Children past which a node's labels are searched by halves instead of in order.
    private static let scannedChildren = 8
    /// The longest run a record holds (its length has 16 bits); a longer chain is cut into
    /// records of this many labels.
    static let longestRun = 0xFFFF
    /// Set in a record's shape when the node has `crowdedPrefixes` runnable entries or more.
    private static let crowdedFlag: UInt32 = 0x8000
    private static let childCountMask: UInt32 = 0x7FFF
    /// Runnable entries from which a node is crowded: a walk that is given somewhere to put
    /// runs hands them over as one run (`Run`) instead of appending each.
    static let crowdedPrefixes = 16

    /// The prefix entries of a crowded node, in rule order, for `decide` to read in step
    /// with its sorted candidates and to stop reading at the first rule that decides.
    struct Run: BitwiseCopyable {
        var next: UnsafePointer<Entry>
        let end: UnsafePointer<Entry>
    }

    var isEmpty: Bool { entries.isEmpty }

    @inline(__always)
    func child(of node: Int32, _ label: UInt8) -> Int32? {
        if node == Self.root {
            let child = rootChildren[Int(label)]
            return child == Self.noChild ? nil : child
        }
        let record = words.base.unsafelyUnwrapped + Int(node)
        let shape = UInt32(bitPattern: record[2])
        let count = Int(shape & Self.childCountMask)
        if count == 0 { return nil }
        let labels = UnsafeRawPointer(record + 3 + (Int(shape >> 16) + 3) >> 2)
        let targets = labels.assumingMemoryBound(to: Int32.self) + (count + 3) >> 2
        if count <= Self.scannedChildren {
            // Eight label bytes at once (a record with children has at least eight bytes from
            // its labels on): the first byte equal to `label`, if it is one of the `count`.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let difference =
                UInt64(littleEndian: labels.loadUnaligned(as: UInt64.self))
                ^ (ones &* UInt64(label))
            let zeroBytes = (difference &- ones) & ~difference & (ones &<< 7)
            let index = zeroBytes.trailingZeroBitCount >> 3
            return index < count ? targets[index] : nil
        }
        let labelBytes = labels.assumingMemoryBound(to: UInt8.self)
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if labelBytes[middle] == label { return targets[middle] }
            if labelBytes[middle] < label { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The entries of a node.
    @inline(__always)
    private func entryRange(_ node: Int32) -> Range<Int> {
        let record = words.base.unsafelyUnwrapped + Int(node)
        return Int(record[0])..<Int(record[1])
    }

    /// The labels of the chain that leads to a node, after the label that chose it.
    @inline(__always)
    private func run(_ node: Int32) -> UnsafeBufferPointer<UInt8> {
        let record = words.base.unsafelyUnwrapped + Int(node)
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(record + 3).assumingMemoryBound(to: UInt8.self),
            count: Int(UInt32(bitPattern: record[2]) >> 16))
    }

    /// Appends to `candidates` every rule whose path pattern the key matches, reading ASCII
    /// letters as lower case when `foldASCII` is set. At the end of the key, `/` edges are
    /// followed too: a pattern's `/` may vanish once the whole path is consumed (S5.4).
    /// `checks` holds the members of the `checked` and `group` entries, if the trie has any.
    /// With `runs`, the prefix entries of a crowded node go there as one run instead.
    @inline(__always)
    func collect(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        checks: UnsafePointer<PieceChecks>? = nil,
        into candidates: inout ScratchBuffer<Int32>,
        runs: UnsafeMutablePointer<ScratchBuffer<Run>>? = nil
    ) {
        // Two copies of the walk, so the unfolded one carries no per-byte test.
        if foldASCII {
            walk(key, foldASCII: true, checks: checks, into: &candidates, runs: runs)
        } else {
            walk(key, foldASCII: false, checks: checks, into: &candidates, runs: runs)
        }
    }

    /// The runnable entries a crowded node's entries start with, as a run; nil for a node
    /// that is not crowded.
    @inline(__always)
    private func prefixRun(_ node: Int32) -> Run? {
        let record = words.base.unsafelyUnwrapped + Int(node)
        guard UInt32(bitPattern: record[2]) & Self.crowdedFlag != 0 else { return nil }
        let base = entries.base.unsafelyUnwrapped
        // The first entry that is not runnable, by halves.
        var low = Int(record[0])
        var high = Int(record[1])
        while low < high {
            let middle = (low + high) >> 1
            if base[middle].isRunnable { low = middle + 1 } else { high = middle }
        }
        return Run(next: base + Int(record[0]), end: base + low)
    }

    /// Walks the key from its end, handing `visit` each entry of every node reached: built
    /// from reversed literals, this finds every literal the key ends with (`SuffixRules`). No
    /// `/` is followed past the key's start.
    @inline(__always)
    func walkBackward(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool, _ visit: (Entry) -> Void
    ) {
        var node = Self.root
        var index = key.count
        while index > 0 {
            index -= 1
            let label = foldASCII ? CaseFolding.foldASCII(key[index]) : key[index]
            guard let next = child(of: node, label) else { return }
            node = next
            let run = run(node)
            guard index >= run.count else { return }
            for expected in run {
                index -= 1
                let label = foldASCII ? CaseFolding.foldASCII(key[index]) : key[index]
                guard label == expected else { return }
            }
            for entry in entryRange(node) { visit(entries[entry]) }
        }
    }

    /// Walks the key forward from `start`, handing `visit` each entry of every node reached:
    /// this finds every literal of the trie that occurs at `start`. No `/` is followed past
    /// the key's end.
    @inline(__always)
    func walkForward(
        key: UnsafeBufferPointer<UInt8>, from start: Int, foldASCII: Bool,
        _ visit: (Entry) -> Void
    ) {
        var node = Self.root
        var index = start
        while index < key.count {
            let label = foldASCII ? CaseFolding.foldASCII(key[index]) : key[index]
            guard let next = child(of: node, label) else { return }
            node = next
            index += 1
            let run = run(node)
            guard key.count - index >= run.count else { return }
            for expected in run {
                let label = foldASCII ? CaseFolding.foldASCII(key[index]) : key[index]
                guard label == expected else { return }
                index += 1
            }
            for entry in entryRange(node) { visit(entries[entry]) }
        }
    }

    // Transparent, not `@inline(__always)`: since it meets checked entries, the optimizer
    // kept it out of `decide` as one call with `foldASCII` tested per byte (about 20
    // instructions a line more with every rule set, measured with callgrind).
    @_transparent
    private func walk(
        _ key: UnsafeBufferPointer<UInt8>, foldASCII: Bool, checks: UnsafePointer<PieceChecks>?,
        into candidates: inout ScratchBuffer<Int32>, runs: UnsafeMutablePointer<ScratchBuffer<Run>>?
    ) {
        let slash = UInt8(ascii: "/")
        var node = Self.root
        var depth = 0
        while true {
            for expected in run(node) {
                var label = depth < key.count ? key[depth] : slash
                if foldASCII { label = CaseFolding.foldASCII(label) }
                guard label == expected else { return }
                if depth < key.count { depth += 1 }
            }
            let atEnd = depth == key.count
            let range = entryRange(node)
            var first = range.lowerBound
            if let runs, let run = prefixRun(node) {
                runs.pointee.append(run)
                first += run.end - run.next
            }
            for index in first..<range.upperBound {
                let entry = entries[index]
                if entry.kind == .prefix || (atEnd && entry.kind == .exact) {
                    candidates.append(entry.rule)
                } else if entry.kind != .exact {
                    checks.unsafelyUnwrapped.pointee.collect(
                        entry, key, from: depth, foldASCII: foldASCII, into: &candidates)
                }
            }
            var label = atEnd ? slash : key[depth]
            if foldASCII { label = CaseFolding.foldASCII(label) }
            guard let next = child(of: node, label) else { return }
            node = next
            if !atEnd { depth += 1 }
        }
    }
}

extension PrefixTrie {
    /// Builds the trie from entries at their prefixes, given in rule order.
    ///
    /// The prefixes are inserted in sorted order, so each new node hangs off the path of the
    /// previous prefix, the nodes are numbered depth-first and every node's children appear in
    /// label order: records laid out in that order, no table per node (a 5,000-rule file makes
    /// tens of thousands of nodes). The build keeps flat arrays indexed by node or edge, not an
    /// array per node: allocating and freeing those took most of a 5,000-rule compile.
    init(_ items: [Item], arena: Arena) {
        let order = items.indices.sorted { Self.precedes(items[$0].prefix, items[$1].prefix) }
        // Node `n` (after the root) is reached from `parent[n]` by `label[n]`.
        var parent: [Int32] = [-1]
        var label: [UInt8] = [0]
        var placed: [(node: Int32, entry: Entry)] = []
        var path: [Int32] = [Self.root]  // path[d]: the node at depth d of the previous prefix
        var previous: [UInt8] = []
        for index in order {
            let prefix = items[index].prefix
            var common = 0
            while common < min(prefix.count, previous.count) && prefix[common] == previous[common] {
                common += 1
            }
            path.removeSubrange((common + 1)...)
            for depth in common..<prefix.count {
                path.append(Int32(parent.count))
                parent.append(path[depth])
                label.append(prefix[depth])
            }
            placed.append((path[prefix.count], items[index].entry))
            previous = prefix
        }
        let nodeCount = parent.count
        // Sorted insertion numbers the nodes depth-first and adds each node's children in
        // label order: listing nodes by parent keeps that order (item `i` is node `i + 1`).
        let (childStart, children) = Self.group(Array(parent.dropFirst()), nodeCount: nodeCount)
        let (entryStart, entryOrder) = Self.group(placed.map(\.node), nodeCount: nodeCount)
        var entries = entryOrder.map { placed[$0].entry }
        for node in 0..<nodeCount where entryStart[node + 1] - entryStart[node] > 1 {
            entries[Int(entryStart[node])..<Int(entryStart[node + 1])].sort {
                $0.isRunnable != $1.isRunnable ? $0.isRunnable : $0.rule < $1.rule
            }
        }
        let tree = Tree(
            label: label, childStart: childStart, children: children.map { Int32($0 + 1) },
            entryStart: entryStart)
        let kept = tree.keptNodes()
        // Records in node order, which is depth-first.
        var offsets = [Int32](repeating: 0, count: nodeCount)
        var size = 0
        for node in kept.order {
            let (runCount, count) = (kept.run(node).count, tree.childCount(node))
            offsets[node] = Int32(size)
            size += 3 + (runCount + 3) / 4 + (count + 3) / 4 + count
        }
        var words = [Int32](repeating: 0, count: size)
        for node in kept.order {
            let run = kept.run(node)
            let edges = tree.edges(node)
            let at = Int(offsets[node])
            let labelsAt = at + 3 + (run.count + 3) / 4
            words[at] = entryStart[node]
            words[at + 1] = entryStart[node + 1]
            let prefixes = entries[Int(entryStart[node])..<Int(entryStart[node + 1])]
                .prefix { $0.isRunnable }.count
            let crowded = prefixes >= Self.crowdedPrefixes ? Self.crowdedFlag : 0
            words[at + 2] = Int32(
                bitPattern: UInt32(edges.count) | crowded | UInt32(run.count) << 16)
            // Run and labels are written as bytes, as `run(_:)` and `child(of:_:)` read them.
            words.withUnsafeMutableBytes { bytes in
                for (index, byte) in run.enumerated() { bytes[4 * (at + 3) + index] = byte }
                for (index, edge) in edges.enumerated() {
                    bytes[4 * labelsAt + index] = label[Int(tree.children[edge])]
                }
            }
            for (index, edge) in edges.enumerated() {
                words[labelsAt + (edges.count + 3) / 4 + index] = offsets[Int(kept.end[edge])]
            }
        }
        var rootChildren = [Int32](repeating: Self.noChild, count: 256)
        for edge in tree.edges(Int(Self.root)) {
            rootChildren[Int(label[Int(tree.children[edge])])] = offsets[Int(kept.end[edge])]
        }
        self.init(
            words: arena.freeze(words), entries: arena.freeze(entries),
            rootChildren: arena.freeze(rootChildren))
    }

    /// Byte order of two prefixes, a prefix before its extensions: `lexicographicallyPrecedes`
    /// by `memcmp` (the generic comparison took a tenth of the instructions of a 5,000-rule
    /// compile, this two thirds of that).
    private static func precedes(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                guard common > 0, let x = a.baseAddress, let y = b.baseAddress else {
                    return a.count < b.count
                }
                let order = memcmp(x, y, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    /// The uncompressed trie: node `n`'s children are `children[childStart[n] ..<
    /// childStart[n + 1]]` (edges, in label order), each reached by its `label`.
    private struct Tree {
        let label: [UInt8]
        let childStart: [Int32]
        let children: [Int32]
        let entryStart: [Int32]

        func childCount(_ node: Int) -> Int { Int(childStart[node + 1] - childStart[node]) }
        func edges(_ node: Int) -> Range<Int> { Int(childStart[node])..<Int(childStart[node + 1]) }

        /// The nodes that keep a record, in node order: the root, and every node with entries
        /// or other than one child. Per edge of a kept node, the kept node that ends its chain
        /// (`end`); per kept node, its run: the labels of the chain that leads to it, after
        /// the one that chose the edge. The nodes of a chain keep nothing.
        func keptNodes() -> KeptNodes {
            var kept = KeptNodes(edgeCount: children.count, nodeCount: label.count)
            kept.isKept[Int(PrefixTrie.root)] = true
            var pending = [Int(PrefixTrie.root)]
            while let node = pending.popLast() {
                for edge in edges(node) {
                    // Down the chain from the child to the first node that keeps a record.
                    var end = Int(children[edge])
                    let runStart = kept.runBytes.count
                    while entryStart[end] == entryStart[end + 1], childCount(end) == 1,
                        kept.runBytes.count - runStart < PrefixTrie.longestRun
                    {
                        end = Int(children[Int(childStart[end])])
                        kept.runBytes.append(label[end])
                    }
                    kept.isKept[end] = true
                    kept.runStart[end] = Int32(runStart)
                    kept.runEnd[end] = Int32(kept.runBytes.count)
                    kept.end[edge] = Int32(end)
                    pending.append(end)
                }
            }
            kept.order = kept.isKept.indices.filter { kept.isKept[$0] }
            return kept
        }
    }

    /// What `Tree.keptNodes` finds, in arrays by node (`isKept`, the run's bounds in
    /// `runBytes`) and by edge (`end`).
    private struct KeptNodes {
        var isKept: [Bool]
        var order: [Int] = []
        var end: [Int32]
        var runBytes: [UInt8] = []
        var runStart: [Int32]
        var runEnd: [Int32]

        init(edgeCount: Int, nodeCount: Int) {
            isKept = [Bool](repeating: false, count: nodeCount)
            end = [Int32](repeating: 0, count: edgeCount)
            runStart = [Int32](repeating: 0, count: nodeCount)
            runEnd = [Int32](repeating: 0, count: nodeCount)
        }

        func run(_ node: Int) -> ArraySlice<UInt8> {
            runBytes[Int(runStart[node])..<Int(runEnd[node])]
        }
    }

    /// A stable counting sort by node: where each node's items start, and the item indices in
    /// node order.
    private static func group(_ nodes: [Int32], nodeCount: Int) -> ([Int32], [Int]) {
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for node in nodes { start[Int(node) + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        var next = start
        var order = [Int](repeating: 0, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            order[Int(next[Int(node)])] = index
            next[Int(node)] += 1
        }
        return (start, order)
    }
}
