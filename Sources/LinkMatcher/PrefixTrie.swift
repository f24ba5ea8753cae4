/// A byte trie over the literal path patterns and the literal prefixes of `prefix*` patterns.
/// Each node lists the rules whose literal ends there; a lookup walks the URL path once and
/// meets exactly the rules that match it, so rules that cannot match cost nothing. Built from
/// the reversed literals of `*suffix` patterns, it is a suffix trie, walked from the path's
/// end (`collectSuffixes`). (Every other path pattern is a glob, decided by the view's
/// `GlobUnion`.)
///
/// Flat layout: node `n` has children `edges[nodes[n].edgeStart..<nodes[n+1].edgeStart]` sorted
/// by label, and entries `entries[nodes[n].entryStart..<nodes[n+1].entryStart]` sorted by rule
/// order; a step reads one node pair and one run of edges, each label beside its target. The
/// root also has a 256-entry table, since every lookup starts there and it has the most
/// children.
struct PrefixTrie: Sendable {
    struct Entry: Sendable {
        var rule: Int32
        /// True for a literal pattern (the path must end at the node), false for `prefix*`
        /// (any path that reaches the node).
        var mustEnd: Bool
    }

    struct Node: Sendable {
        var entryStart: Int32
        var edgeStart: Int32
    }

    struct Edge: Sendable {
        var label: UInt8
        var target: Int32
    }

    /// One more than the node count: the last one marks the ends.
    let nodes: FrozenArray<Node>
    let edges: FrozenArray<Edge>
    let entries: FrozenArray<Entry>
    /// Child of the root per byte, or `noChild`.
    let rootChildren: FrozenArray<Int32>

    /// The root node: the empty prefix.
    static let root: Int32 = 0
    /// A `rootChildren` entry for a byte no prefix starts with.
    static let noChild: Int32 = -1

    var isEmpty: Bool { entries.isEmpty }

    @inline(__always)
    func child(of node: Int32, _ label: UInt8) -> Int32? {
        if node == Self.root {
            let child = rootChildren[Int(label)]
            return child == Self.noChild ? nil : child
        }
        var low = Int(nodes[Int(node)].edgeStart)
        var high = Int(nodes[Int(node) + 1].edgeStart)
        while low < high {
            let middle = (low + high) >> 1
            let edge = edges.pointer(at: middle)
            if edge.pointee.label == label { return edge.pointee.target }
            if edge.pointee.label < label { low = middle + 1 } else { high = middle }
        }
        return nil
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
            for entry in Int(nodes[Int(node)].entryStart)..<Int(nodes[Int(node) + 1].entryStart) {
                visit(entries[entry], key.count - index)
            }
        }
    }

    @inline(__always)
    private func walk(
        _ key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        into candidates: inout ScratchBuffer<Int32>
    ) {
        var node = Self.root
        var depth = 0
        while true {
            let atEnd = depth == key.count
            for index in Int(nodes[Int(node)].entryStart)..<Int(nodes[Int(node) + 1].entryStart) {
                let entry = entries[index]
                if atEnd || !entry.mustEnd { candidates.append(entry.rule) }
            }
            var label = atEnd ? UInt8(ascii: "/") : key[depth]
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
    /// previous prefix and every node's children appear in label order: flat edge lists, no
    /// table per node (a 5,000-rule file makes tens of thousands of nodes).
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
        let (edgeStart, edgeOrder) = Self.group(edges.map(\.parent), nodeCount: nodeCount)
        let (entryStart, entryOrder) = Self.group(placed.map(\.node), nodeCount: nodeCount)
        var entries = entryOrder.map { placed[$0].entry }
        for node in 0..<nodeCount {
            entries[Int(entryStart[node])..<Int(entryStart[node + 1])].sort { $0.rule < $1.rule }
        }
        var rootChildren = [Int32](repeating: Self.noChild, count: 256)
        for edge in edges where edge.parent == Self.root {
            rootChildren[Int(edge.label)] = edge.child
        }
        let nodes = (0...nodeCount).map {
            Node(entryStart: entryStart[$0], edgeStart: edgeStart[$0])
        }
        self.init(
            nodes: arena.freeze(nodes),
            edges: arena.freeze(
                edgeOrder.map { Edge(label: edges[$0].label, target: edges[$0].child) }),
            entries: arena.freeze(entries), rootChildren: arena.freeze(rootChildren))
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
