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
    struct Entry: Sendable {
        var rule: Int32
        /// True for a literal pattern (the path must end at the node), false for `prefix*`
        /// (any path that reaches the node).
        var mustEnd: Bool
    }

    /// Node records, each at its offset: entry start, entry end, child count `k` and run
    /// length `r` (`k | r << 16`), then the run in `(r + 3) / 4` words, the `k` labels in
    /// `(k + 3) / 4` words, and the `k` children's offsets.
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

    var isEmpty: Bool { entries.isEmpty }

    @inline(__always)
    func child(of node: Int32, _ label: UInt8) -> Int32? {
        if node == Self.root {
            let child = rootChildren[Int(label)]
            return child == Self.noChild ? nil : child
        }
        let record = words.base.unsafelyUnwrapped + Int(node)
        let shape = UInt32(bitPattern: record[2])
        let count = Int(shape & 0xFFFF)
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
    @inline(__always)
    func collect(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        into candidates: inout ScratchBuffer<Int32>
    ) {
        // Two copies of the walk, so the unfolded one carries no per-byte test.
        if foldASCII {
            walk(key, foldASCII: true, into: &candidates)
        } else {
            walk(key, foldASCII: false, into: &candidates)
        }
    }

    /// Walks the key from its end, handing `visit` each entry of every node reached with the
    /// number of key bytes read to reach it: built from reversed literals, this finds every
    /// literal the key ends with (`SuffixRules`). No `/` is followed past the key's start.
    @inline(__always)
    func walkBackward(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool, _ visit: (Entry, Int) -> Void
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
            for entry in entryRange(node) { visit(entries[entry], key.count - index) }
        }
    }

    @inline(__always)
    private func walk(
        _ key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        into candidates: inout ScratchBuffer<Int32>
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
            for index in entryRange(node) {
                let entry = entries[index]
                if atEnd || !entry.mustEnd { candidates.append(entry.rule) }
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
    /// Builds the trie from `(prefix, entry)` pairs given in rule order.
    ///
    /// The prefixes are inserted in sorted order, so each new node hangs off the path of the
    /// previous prefix, the nodes are numbered depth-first and every node's children appear in
    /// label order: records laid out in that order, no table per node (a 5,000-rule file makes
    /// tens of thousands of nodes).
    init(_ items: [(prefix: [UInt8], entry: Entry)], arena: Arena) {
        let order = items.indices.sorted {
            items[$0].prefix.lexicographicallyPrecedes(items[$1].prefix)
        }
        var nodeCount = 1
        var edges: [(parent: Int32, label: UInt8, child: Int32)] = []
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
                let child = Int32(nodeCount)
                nodeCount += 1
                edges.append((path[depth], prefix[depth], child))
                path.append(child)
            }
            placed.append((path[prefix.count], items[index].entry))
            previous = prefix
        }
        // Sorted insertion numbers the nodes depth-first and adds each node's children in
        // label order.
        var children = [[(label: UInt8, child: Int32)]](repeating: [], count: nodeCount)
        for edge in edges { children[Int(edge.parent)].append((edge.label, edge.child)) }
        let (entryStart, entryOrder) = Self.group(placed.map(\.node), nodeCount: nodeCount)
        var entries = entryOrder.map { placed[$0].entry }
        for node in 0..<nodeCount {
            entries[Int(entryStart[node])..<Int(entryStart[node + 1])].sort { $0.rule < $1.rule }
        }
        let kept = Self.keptNodes(children, entryStart)
        // Records in node order, which is depth-first.
        var offsets = [Int32](repeating: 0, count: nodeCount)
        var size = 0
        for node in kept.order {
            let (run, count) = (kept.runs[node], kept.children[node].count)
            offsets[node] = Int32(size)
            size += 3 + (run.count + 3) / 4 + (count + 3) / 4 + count
        }
        var words = [Int32](repeating: 0, count: size)
        for node in kept.order {
            let (run, children) = (kept.runs[node], kept.children[node])
            let at = Int(offsets[node])
            let labelsAt = at + 3 + (run.count + 3) / 4
            words[at] = entryStart[node]
            words[at + 1] = entryStart[node + 1]
            words[at + 2] = Int32(bitPattern: UInt32(children.count) | UInt32(run.count) << 16)
            // Run and labels are written as bytes, as `run(_:)` and `child(of:_:)` read them.
            words.withUnsafeMutableBytes { bytes in
                for (index, label) in run.enumerated() { bytes[4 * (at + 3) + index] = label }
                for (index, child) in children.enumerated() {
                    bytes[4 * labelsAt + index] = child.label
                }
            }
            for (index, child) in children.enumerated() {
                words[labelsAt + (children.count + 3) / 4 + index] = offsets[Int(child.node)]
            }
        }
        var rootChildren = [Int32](repeating: Self.noChild, count: 256)
        for child in kept.children[Int(Self.root)] {
            rootChildren[Int(child.label)] = offsets[Int(child.node)]
        }
        self.init(
            words: arena.freeze(words), entries: arena.freeze(entries),
            rootChildren: arena.freeze(rootChildren))
    }

    /// The nodes that keep a record, in node order: the root, and every node with entries or
    /// other than one child. For each, its run and its children (through their chains); the
    /// nodes of a chain between two of them keep nothing.
    private static func keptNodes(
        _ children: [[(label: UInt8, child: Int32)]], _ entryStart: [Int32]
    ) -> (order: [Int], runs: [[UInt8]], children: [[(label: UInt8, node: Int32)]]) {
        var isKept = [Bool](repeating: false, count: children.count)
        var runs = [[UInt8]](repeating: [], count: children.count)
        var keptChildren = [[(label: UInt8, node: Int32)]](repeating: [], count: children.count)
        isKept[Int(root)] = true
        var pending = [Int(root)]
        while let node = pending.popLast() {
            for (label, child) in children[node] {
                // Down the chain from `child` to the first node that keeps a record.
                var end = Int(child)
                var run: [UInt8] = []
                while entryStart[end] == entryStart[end + 1], children[end].count == 1,
                    run.count < longestRun
                {
                    run.append(children[end][0].label)
                    end = Int(children[end][0].child)
                }
                isKept[end] = true
                runs[end] = run
                keptChildren[node].append((label, Int32(end)))
                pending.append(end)
            }
        }
        return (isKept.indices.filter { isKept[$0] }, runs, keptChildren)
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
