extension Inclusion {
    /// The rules of one entry by the literal prefix of their paths: a rule can share a path with
    /// another only when one prefix begins the other, so a 5,000-rule entry compares each rule
    /// with the few whose prefixes begin its own (a walk down a trie) or extend it (a run of the
    /// prefixes in sorted order).
    struct PrefixIndex {
        /// Trie edges, all in one table: key `node << 32 | scalar`, value the child node.
        private var children: [UInt64: Int32] = [:]
        /// The rules whose prefix ends at a node, for the nodes that have some.
        private var members: [Int32: [Int]] = [:]
        private let sorted: [(prefix: [UInt32], rule: Int)]

        init(_ prefixes: [(rule: Int, prefix: [UInt32])]) {
            var nodeCount: Int32 = 1
            children.reserveCapacity(prefixes.count * 2)
            for (rule, prefix) in prefixes {
                var node: Int32 = 0
                for scalar in prefix {
                    let key = UInt64(UInt32(node)) << 32 | UInt64(scalar)
                    if let child = children[key] {
                        node = child
                    } else {
                        children[key] = nodeCount
                        node = nodeCount
                        nodeCount += 1
                    }
                }
                members[node, default: []].append(rule)
            }
            sorted = prefixes.map { ($0.prefix, $0.rule) }.sorted {
                $0.prefix.lexicographicallyPrecedes($1.prefix)
            }
        }

        /// Rules whose prefix begins `prefix` (the prefix itself included), in rule order.
        func rules(beginning prefix: [UInt32]) -> [Int] {
            var found = members[0] ?? []
            var node: Int32 = 0
            for scalar in prefix {
                guard let child = children[UInt64(UInt32(node)) << 32 | UInt64(scalar)] else {
                    break
                }
                node = child
                if let here = members[node] { found += here }
            }
            return found.sorted()
        }

        /// Rules whose prefix strictly extends `prefix`, in rule order; nil when there are more
        /// than `limit`.
        func rules(extending prefix: [UInt32], limit: Int) -> [Int]? {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].prefix.lexicographicallyPrecedes(prefix) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            var found: [Int] = []
            while low < sorted.count && sorted[low].prefix.starts(with: prefix) {
                if sorted[low].prefix.count > prefix.count {
                    found.append(sorted[low].rule)
                    if found.count > limit { return nil }
                }
                low += 1
            }
            return found.sorted()
        }
    }
}
