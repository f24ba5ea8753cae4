/// The rules of one entry by the forced prefix of their paths, in a trie: a rule can share a
/// path with another only when one prefix begins the other, so a 5,000-rule entry compares
/// each rule with the few whose prefixes lie on its own trie path or below it.
struct PrefixIndex {
    private var children: [[UInt32: Int32]] = [[:]]
    private var members: [[Int]] = [[]]

    init(_ prefixes: [(rule: Int, prefix: [UInt32])]) {
        for (rule, prefix) in prefixes {
            var node = 0
            for scalar in prefix {
                if let child = children[node][scalar] {
                    node = Int(child)
                } else {
                    children.append([:])
                    members.append([])
                    children[node][scalar] = Int32(children.count - 1)
                    node = children.count - 1
                }
            }
            members[node].append(rule)
        }
    }

    /// Rules whose prefix begins `prefix` (the prefix itself included), in rule order.
    func rules(beginning prefix: [UInt32]) -> [Int] {
        var found = members[0]
        var node = 0
        for scalar in prefix {
            guard let child = children[node][scalar] else { break }
            node = Int(child)
            found += members[node]
        }
        return found.sorted()
    }

    /// Rules whose prefix strictly extends `prefix`, in rule order; nil when there are more
    /// than `limit`.
    func rules(extending prefix: [UInt32], limit: Int) -> [Int]? {
        var node = 0
        for scalar in prefix {
            guard let child = children[node][scalar] else { return [] }
            node = Int(child)
        }
        var found: [Int] = []
        var stack = Array(children[node].values)
        while let next = stack.popLast() {
            found += members[Int(next)]
            if found.count > limit { return nil }
            stack += children[Int(next)].values
        }
        return found.sorted()
    }
}
