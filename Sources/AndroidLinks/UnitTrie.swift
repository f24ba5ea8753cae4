/// A trie over UTF-16 code units whose nodes hold values: a walk over a text meets the values
/// of every key the text starts with, or, for a trie of reversed keys walked from the end, every
/// key it ends with. It holds the `pathPrefix` and `pathSuffix` rules of a host, the literal
/// starts of its dynamic rules, and the `*` hosts of the manifest (a suffix each).
///
/// Compressed: a run of nodes with one child and no value is one edge of several units, so a
/// walk along a long shared key (`/products/1`...) compares units in a row instead of searching
/// each node's children.
struct UnitTrie: Sendable {
    /// Offsets are 32 bits: a node and an edge then take 24 and 16 bytes, and more of a trie
    /// stays in the core's cache (a path's walk reads a node and an edge per step).
    private struct Node: Sendable {
        /// The node's edges, `edges[firstEdge..<firstEdge + edgeCount]`, sorted by first unit.
        var firstEdge: Int32
        var edgeCount: Int32
        var firstValue: Int32
        var valueCount: Int32
        /// For a node of more than `fewEdges` edges whose first units span at most
        /// `widestRow`, where its row of `branches` starts, and the unit at the row's start
        /// (`rowLow`) and the row's length (`rowSpan`); `rowSpan` 0 for the others.
        var branchRow: Int32
        var rowLow: UInt16
        var rowSpan: UInt16
    }

    private struct Edge: Sendable {
        /// The edge's units are `units[firstUnit..<firstUnit + unitCount]`; the first one is
        /// also kept here, where the search reads it.
        var first: UInt16
        var firstUnit: Int32
        var unitCount: Int32
        var target: Int32
    }

    /// The first nodes are the roots, one per trie (`init(rootedKeys:backward:)`).
    private let nodes: [Node]
    private let edges: [Edge]
    private let units: [UInt16]
    private let values: [Int]
    /// Per node of many edges, a row over the units from its lowest first unit to its
    /// highest: the edge whose first unit is that unit, or -1. Such a node (`/` of a file of
    /// many sections, the digits under `/products/`: a row of ten) finds an edge by one read
    /// instead of a binary search.
    private let branches: [Int32]
    /// Nodes of up to this many edges read them in turn.
    private static let fewEdges = 4
    /// The longest row a node of many edges gets; one whose units spread wider is searched.
    private static let widestRow = 256
    /// True when keys were inserted reversed: walks go from the end of the text.
    let backward: Bool

    /// The trie of `keys`, each with its value; with `backward`, a key must end the text.
    init(_ keys: [(key: [UInt16], value: Int)], backward: Bool) {
        self.init(rootedKeys: [keys], backward: backward)
    }

    /// Several tries in one, root `r` holding the keys `rootedKeys[r]`: a walk names its root
    /// (`walk(_:from:_:)`), and the tries share their tables.
    init(rootedKeys: [[(key: [UInt16], value: Int)]], backward: Bool = false) {
        self.backward = backward
        // Each root's keys sorted, equal keys in the order given: a node of the trie is then
        // a run of keys that share its units (those that end there first), and its children
        // the runs within it that share the next unit. No node is built before it is laid
        // out (a table per node took most of the time of a file of thousands of rules).
        let sortedKeys = rootedKeys.map { keys in
            Self.sorted(backward ? keys.map { (Array($0.key.reversed()), $0.value) } : keys)
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        var units: [UInt16] = []
        var values: [Int] = []
        var branches: [Int32] = []
        // Lays out `node` and its edges; returns the nodes they lead to, with the edge to
        // each, whose target is set when that node is laid out. A node of depth `d` takes
        // the first `d` units of each of its keys.
        func layOut(_ node: PendingNode) -> [(node: PendingNode, edge: Int)] {
            let keys = sortedKeys[node.root]
            var start = node.keys.lowerBound
            let firstValue = values.count
            while start < node.keys.upperBound, keys[start].key.count == node.depth {
                values.append(keys[start].value)
                start += 1
            }
            // The children: runs of the keys left by their unit after the node's.
            var runs: [(label: UInt16, keys: Range<Int>)] = []
            while start < node.keys.upperBound {
                let label = keys[start].key[node.depth]
                var end = start + 1
                while end < node.keys.upperBound, keys[end].key[node.depth] == label { end += 1 }
                runs.append((label, start..<end))
                start = end
            }
            var (branchRow, rowLow, rowSpan) = (0, UInt16(0), 0)
            if runs.count > Self.fewEdges, let low = runs.first?.label,
                let high = runs.last?.label, Int(high - low) < Self.widestRow
            {
                (branchRow, rowLow, rowSpan) = (branches.count, low, Int(high - low) + 1)
                branches += repeatElement(-1, count: rowSpan)
                for (offset, run) in runs.enumerated() {
                    branches[branchRow + Int(run.label - low)] = Int32(edges.count + offset)
                }
            }
            nodes.append(
                Node(
                    firstEdge: Int32(edges.count), edgeCount: Int32(runs.count),
                    firstValue: Int32(firstValue), valueCount: Int32(values.count - firstValue),
                    branchRow: Int32(branchRow), rowLow: rowLow, rowSpan: UInt16(rowSpan)))
            var next: [(node: PendingNode, edge: Int)] = []
            for run in runs {
                let firstUnit = units.count
                units.append(run.label)
                // The edge goes on while no key of the run ends and all share the next unit
                // (the first is the shortest, the last the greatest).
                let (shortest, greatest) = (
                    keys[run.keys.lowerBound].key, keys[run.keys.upperBound - 1].key
                )
                var depth = node.depth + 1
                while shortest.count > depth, shortest[depth] == greatest[depth] {
                    units.append(shortest[depth])
                    depth += 1
                }
                let child = PendingNode(root: node.root, keys: run.keys, depth: depth)
                next.append((child, edges.count))
                edges.append(
                    Edge(
                        first: run.label, firstUnit: Int32(firstUnit),
                        unitCount: Int32(units.count - firstUnit), target: -1))
            }
            return next
        }
        // The roots first, then the other nodes depth first, each after its parent and
        // before its later siblings: a walk down the trie reads nearby memory, not one node
        // per level far apart.
        var pending: [(node: PendingNode, edge: Int)] = []
        for (root, keys) in sortedKeys.enumerated() {
            pending += layOut(PendingNode(root: root, keys: keys.indices, depth: 0))
        }
        pending.reverse()
        while let (node, edge) = pending.popLast() {
            edges[edge].target = Int32(nodes.count)
            pending += layOut(node).reversed()
        }
        self.nodes = nodes
        self.edges = edges
        self.units = units
        self.values = values
        self.branches = branches
    }

    /// A node of the trie being laid out: the keys of root `root`'s sorted keys that pass
    /// through it, and how many units of them it stands for.
    private struct PendingNode {
        let root: Int
        let keys: Range<Int>
        let depth: Int
    }

    /// `keys` in the order of their units (a key before those it starts), equal keys in the
    /// order given.
    private static func sorted(_ keys: [(key: [UInt16], value: Int)])
        -> [(key: [UInt16], value: Int)]
    {
        let order = keys.indices.sorted { left, right in
            let (a, b) = (keys[left].key, keys[right].key)
            for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                return a[index] < b[index]
            }
            return a.count != b.count ? a.count < b.count : left < right
        }
        return order.map { keys[$0] }
    }

    /// Calls `body` with the value of every key the text starts with (ends with, walked
    /// backward), shortest first.
    func walk<Unit: TextUnit>(
        _ text: UnsafeBufferPointer<Unit>, from root: Int = 0, _ body: (Int) -> Void
    ) {
        walkWithLengths(text, from: root) { value, _ in body(value) }
    }

    /// `walk`, `body` also told the length of the key that holds the value.
    func walkWithLengths<Unit: TextUnit>(
        _ text: UnsafeBufferPointer<Unit>, from root: Int = 0,
        _ body: (_ value: Int, _ keyLength: Int) -> Void
    ) {
        nodes.withUnsafeBufferPointer { nodes in
            edges.withUnsafeBufferPointer { edges in
                units.withUnsafeBufferPointer { units in
                    values.withUnsafeBufferPointer { values in
                        branches.withUnsafeBufferPointer { branches in
                            let tables = Tables(
                                nodes: nodes, edges: edges, units: units, values: values,
                                branches: branches)
                            // Each direction its own loop: the direction is then no test
                            // per unit.
                            if backward {
                                Self.walk(text, root, tables, fromEnd: true, body)
                            } else {
                                Self.walk(text, root, tables, fromEnd: false, body)
                            }
                        }
                    }
                }
            }
        }
    }

    private struct Tables {
        let nodes: UnsafeBufferPointer<Node>
        let edges: UnsafeBufferPointer<Edge>
        let units: UnsafeBufferPointer<UInt16>
        let values: UnsafeBufferPointer<Int>
        let branches: UnsafeBufferPointer<Int32>
    }

    /// The walk, unit `read` of the text being `text[read]`, or with `fromEnd`
    /// `text[text.count - 1 - read]`. Offsets stay within the text and the tables (an edge is
    /// followed only when the text has its units left), so they wrap instead of trapping.
    @inline(__always)
    private static func walk<Unit: TextUnit>(
        _ text: UnsafeBufferPointer<Unit>, _ root: Int, _ tables: Tables, fromEnd: Bool,
        _ body: (Int, Int) -> Void
    ) {
        let last = text.count &- 1
        var node = root
        // How many units of the text are read.
        var read = 0
        while true {
            let current = tables.nodes[node]
            // A `while`, not `for ... in 0..<count`: the range would check its bounds.
            var value = Int(current.firstValue)
            let valueEnd = value &+ Int(current.valueCount)
            while value < valueEnd {
                body(tables.values[value], read)
                value &+= 1
            }
            guard read < text.count, current.edgeCount > 0 else { return }
            let unit = (fromEnd ? text[last &- read] : text[read]).wide
            guard let found = edge(of: current, unit, tables) else { return }
            let edge = tables.edges[found]
            let unitCount = Int(edge.unitCount)
            guard unitCount <= text.count &- read else { return }
            // The edge's first unit is the one searched by; the rest must follow in the text.
            let firstUnit = Int(edge.firstUnit)
            var offset = 1
            while offset < unitCount {
                let next = fromEnd ? text[last &- read &- offset] : text[read &+ offset]
                guard next.wide == tables.units[firstUnit &+ offset] else { return }
                offset &+= 1
            }
            read &+= unitCount
            node = Int(edge.target)
        }
    }

    /// The edge of `node` whose first unit is `unit`. Edges are sorted: a few (most nodes have
    /// one or two) are read in turn; of many, the edge is read from the node's row of
    /// `branches`, or, when their units spread too wide for a row, found by a binary search.
    @inline(__always)
    private static func edge(of node: Node, _ unit: UInt16, _ tables: Tables) -> Int? {
        let edges = tables.edges
        var low = Int(node.firstEdge)
        let end = low &+ Int(node.edgeCount)
        var high = end
        if node.edgeCount <= fewEdges {
            while low < high {
                if edges[low].first == unit { return low }
                low &+= 1
            }
            return nil
        }
        if node.rowSpan > 0 {
            // Below the row's start, the offset wraps past its end.
            let offset = unit &- node.rowLow
            guard offset < node.rowSpan else { return nil }
            let found = tables.branches[Int(node.branchRow) &+ Int(offset)]
            return found < 0 ? nil : Int(found)
        }
        while low < high {
            let middle = (low &+ high) &>> 1
            if edges[middle].first < unit { low = middle &+ 1 } else { high = middle }
        }
        return low < end && edges[low].first == unit ? low : nil
    }
}
