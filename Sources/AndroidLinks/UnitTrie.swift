/// A trie over UTF-16 code units whose nodes hold values: a walk over a text meets the values
/// of every key the text starts with, or, for a trie of reversed keys walked from the end, every
/// key it ends with. It holds the `pathPrefix` and `pathSuffix` rules of a host, the literal
/// starts of its dynamic rules, and the `*` hosts of the manifest (a suffix each).
///
/// Compressed: a run of nodes with one child and no value is one edge of several units, so a
/// walk along a long shared key (`/products/1`...) compares units in a row instead of searching
/// each node's children.
struct UnitTrie: Sendable {
    private struct Node: Sendable {
        /// The node's edges, `edges[firstEdge..<firstEdge + edgeCount]`, sorted by first unit.
        var firstEdge: Int
        var edgeCount: Int
        var firstValue: Int
        var valueCount: Int
        /// For a node of more than `fewEdges` edges, where its row of `branches` starts;
        /// -1 for the others.
        var branchRow: Int
    }

    private struct Edge: Sendable {
        /// The edge's units are `units[firstUnit..<firstUnit + unitCount]`; the first one is
        /// also kept here, where the search reads it.
        var first: UInt16
        var firstUnit: Int
        var unitCount: Int
        var target: Int
    }

    /// The first nodes are the roots, one per trie (`init(rootedKeys:backward:)`).
    private let nodes: [Node]
    private let edges: [Edge]
    private let units: [UInt16]
    private let values: [Int]
    /// Per node of many edges, a row of 128: the edge whose first unit is that ASCII unit,
    /// or -1. Such a node (`/` of a file of many sections, the digits under `/products/`)
    /// finds an edge by one read instead of a binary search.
    private let branches: [Int32]
    /// Nodes of up to this many edges read them in turn.
    private static let fewEdges = 4
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
        // Build with a child table per node, then lay out the nodes that hold a value or
        // branch, breadth first, joining each one-child chain between them into an edge.
        var children = [[UInt16: Int]](repeating: [:], count: rootedKeys.count)
        var nodeValues = [[Int]](repeating: [], count: rootedKeys.count)
        for (root, keys) in rootedKeys.enumerated() {
            for (key, value) in keys {
                var node = root
                for unit in backward ? Array(key.reversed()) : key {
                    if let next = children[node][unit] {
                        node = next
                    } else {
                        children.append([:])
                        nodeValues.append([])
                        children[node][unit] = children.count - 1
                        node = children.count - 1
                    }
                }
                nodeValues[node].append(value)
            }
        }
        var order = Array(rootedKeys.indices)
        var nodes: [Node] = []
        var edges: [Edge] = []
        var units: [UInt16] = []
        var values: [Int] = []
        var branches: [Int32] = []
        var position = 0
        while position < order.count {
            let built = order[position]
            position += 1
            let sorted = children[built].sorted { $0.key < $1.key }
            var branchRow = -1
            if sorted.count > Self.fewEdges {
                branchRow = branches.count
                branches += repeatElement(-1, count: 128)
                for (offset, (label, _)) in sorted.enumerated() where label < 128 {
                    branches[branchRow + Int(label)] = Int32(edges.count + offset)
                }
            }
            nodes.append(
                Node(
                    firstEdge: edges.count, edgeCount: sorted.count, firstValue: values.count,
                    valueCount: nodeValues[built].count, branchRow: branchRow))
            values += nodeValues[built]
            for (label, child) in sorted {
                let firstUnit = units.count
                units.append(label)
                var end = child
                while nodeValues[end].isEmpty, children[end].count == 1,
                    let only = children[end].first
                {
                    units.append(only.key)
                    end = only.value
                }
                edges.append(
                    Edge(
                        first: label, firstUnit: firstUnit, unitCount: units.count - firstUnit,
                        target: order.count))
                order.append(end)
            }
        }
        self.nodes = nodes
        self.edges = edges
        self.units = units
        self.values = values
        self.branches = branches
    }

    /// Calls `body` with the value of every key the text starts with (ends with, walked
    /// backward), shortest first.
    func walk<Unit: TextUnit>(
        _ text: UnsafeBufferPointer<Unit>, from root: Int = 0, _ body: (Int) -> Void
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
        _ body: (Int) -> Void
    ) {
        let last = text.count &- 1
        var node = root
        // How many units of the text are read.
        var read = 0
        while true {
            let current = tables.nodes[node]
            // A `while`, not `for ... in 0..<count`: the range would check its bounds.
            var value = current.firstValue
            while value < current.firstValue &+ current.valueCount {
                body(tables.values[value])
                value &+= 1
            }
            guard read < text.count, current.edgeCount > 0 else { return }
            let unit = (fromEnd ? text[last &- read] : text[read]).wide
            guard let found = edge(of: current, unit, tables) else { return }
            let edge = tables.edges[found]
            guard edge.unitCount <= text.count &- read else { return }
            // The edge's first unit is the one searched by; the rest must follow in the text.
            var offset = 1
            while offset < edge.unitCount {
                let next = fromEnd ? text[last &- read &- offset] : text[read &+ offset]
                guard next.wide == tables.units[edge.firstUnit &+ offset] else { return }
                offset &+= 1
            }
            read &+= edge.unitCount
            node = edge.target
        }
    }

    /// The edge of `node` whose first unit is `unit`. Edges are sorted: a few (most nodes have
    /// one or two) are read in turn; of many, an ASCII unit's is read from the node's row of
    /// `branches`, another's found by a binary search.
    @inline(__always)
    private static func edge(of node: Node, _ unit: UInt16, _ tables: Tables) -> Int? {
        let edges = tables.edges
        var low = node.firstEdge
        let end = node.firstEdge &+ node.edgeCount
        var high = end
        if node.edgeCount <= fewEdges {
            while low < high {
                if edges[low].first == unit { return low }
                low &+= 1
            }
            return nil
        }
        if unit < 128 {
            let found = tables.branches[node.branchRow &+ Int(unit)]
            return found < 0 ? nil : Int(found)
        }
        while low < high {
            let middle = (low &+ high) &>> 1
            if edges[middle].first < unit { low = middle &+ 1 } else { high = middle }
        }
        return low < end && edges[low].first == unit ? low : nil
    }
}
