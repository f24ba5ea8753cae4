/// A trie over UTF-16 code units whose nodes hold values: a walk over a text meets the values
/// of every key the text starts with, or, for a trie of reversed keys walked from the end, every
/// key it ends with. It holds the `pathPrefix` and `pathSuffix` rules of a host and the `*`
/// hosts of the manifest (a suffix each).
struct UnitTrie: Sendable {
    private struct Node: Sendable {
        var firstChild: Int
        var childCount: Int
        var firstValue: Int
        var valueCount: Int
    }

    /// Node 0 is the root; the children of a node are contiguous, sorted by label.
    private let nodes: [Node]
    private let labels: [UInt16]
    private let values: [Int]
    /// True when keys were inserted reversed: walks go from the end of the text.
    let backward: Bool

    /// The trie of `keys`, each with its value; with `backward`, a key must end the text.
    init(_ keys: [(key: [UInt16], value: Int)], backward: Bool) {
        self.backward = backward
        // Build with a child table per node, then lay the nodes out breadth first.
        var children: [[UInt16: Int]] = [[:]]
        var nodeValues: [[Int]] = [[]]
        for (key, value) in keys {
            var node = 0
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
        var order = [0]
        var nodes: [Node] = []
        var labels: [UInt16] = []
        var values: [Int] = []
        var position = 0
        while position < order.count {
            let built = order[position]
            position += 1
            let sorted = children[built].sorted { $0.key < $1.key }
            nodes.append(
                Node(
                    firstChild: order.count, childCount: sorted.count, firstValue: values.count,
                    valueCount: nodeValues[built].count))
            values += nodeValues[built]
            for (label, child) in sorted {
                labels.append(label)
                order.append(child)
            }
        }
        // `labels[i]` is the label of node i + 1, the order nodes were laid out in.
        self.nodes = nodes
        self.labels = labels
        self.values = values
    }

    /// Calls `body` with the value of every key the text starts with (ends with, walked
    /// backward), shortest first.
    func walk(_ text: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        nodes.withUnsafeBufferPointer { nodes in
            labels.withUnsafeBufferPointer { labels in
                values.withUnsafeBufferPointer { values in
                    walk(text, nodes, labels, values, body)
                }
            }
        }
    }

    private func walk(
        _ text: UnsafeBufferPointer<UInt16>, _ nodes: UnsafeBufferPointer<Node>,
        _ labels: UnsafeBufferPointer<UInt16>, _ values: UnsafeBufferPointer<Int>,
        _ body: (Int) -> Void
    ) {
        var node = 0
        var remaining = text.count
        while true {
            let current = nodes[node]
            for offset in 0..<current.valueCount { body(values[current.firstValue + offset]) }
            guard remaining > 0, current.childCount > 0 else { return }
            let unit = backward ? text[remaining - 1] : text[text.count - remaining]
            guard let child = Self.child(of: current, unit, labels) else { return }
            node = child
            remaining -= 1
        }
    }

    /// The child of `node` labelled `unit`. Children are nodes `firstChild...`, their labels
    /// at index - 1, sorted: a few (most nodes of a key set have one) are read in turn, more
    /// by a binary search.
    @inline(__always)
    private static func child(of node: Node, _ unit: UInt16, _ labels: UnsafeBufferPointer<UInt16>)
        -> Int?
    {
        var low = node.firstChild
        var high = node.firstChild + node.childCount
        if node.childCount <= 4 {
            while low < high {
                if labels[low - 1] == unit { return low }
                low += 1
            }
            return nil
        }
        while low < high {
            let middle = (low + high) / 2
            if labels[middle - 1] < unit { low = middle + 1 } else { high = middle }
        }
        return low < node.firstChild + node.childCount && labels[low - 1] == unit ? low : nil
    }
}
