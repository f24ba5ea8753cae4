extension Inclusion {
    /// The rules of one entry by the literal prefix of their paths: a rule can share a path with
    /// another only when one prefix begins the other, so a 5,000-rule entry compares each rule
    /// with the few whose prefixes begin its own or extend it. Both are found among the prefixes
    /// sorted once: those that begin a prefix by narrowing a range scalar by scalar, those that
    /// extend it in the run after it.
    struct PrefixIndex {
        private let sorted: [(prefix: [UInt32], rule: Int)]

        init(_ prefixes: [(rule: Int, prefix: [UInt32])]) {
            sorted = prefixes.map { ($0.prefix, $0.rule) }.sorted {
                Self.precedes($0.prefix, $1.prefix)
            }
        }

        /// `lexicographicallyPrecedes` on the buffers: the generic one took a fifth of an
        /// analysis of a 5,000-rule entry.
        private static func precedes(_ first: [UInt32], _ second: [UInt32]) -> Bool {
            first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in
                    let common = min(a.count, b.count)
                    var index = 0
                    while index < common && a[index] == b[index] { index += 1 }
                    return index < common ? a[index] < b[index] : a.count < b.count
                }
            }
        }

        /// Rules whose prefix begins `prefix` (the prefix itself included), in rule order.
        func rules(beginning prefix: [UInt32]) -> [Int] {
            var found: [Int] = []
            // `low..<high`: the prefixes that start with `prefix[..<length]`. Those equal to
            // it sort first; the others are ordered by their next scalar, so the run that
            // goes on like `prefix` is found by comparing that one scalar.
            var low = 0
            var high = sorted.count
            var length = 0
            while low < high {
                while low < high && sorted[low].prefix.count == length {
                    found.append(sorted[low].rule)
                    low += 1
                }
                guard length < prefix.count else { break }
                let (scalar, at) = (prefix[length], length)
                low = boundary(low, high) { $0[at] < scalar }
                high = boundary(low, high) { $0[at] <= scalar }
                length += 1
            }
            return found.sorted()
        }

        /// Rules whose prefix strictly extends `prefix` and that `counts` keeps, in rule order;
        /// nil when there are more than `limit`.
        func rules(
            extending prefix: [UInt32], limit: Int, counts: (Int) -> Bool = { _ in true }
        ) -> [Int]? {
            var index = boundary(0, sorted.count) { $0.lexicographicallyPrecedes(prefix) }
            var found: [Int] = []
            while index < sorted.count && sorted[index].prefix.starts(with: prefix) {
                if sorted[index].prefix.count > prefix.count, counts(sorted[index].rule) {
                    found.append(sorted[index].rule)
                    if found.count > limit { return nil }
                }
                index += 1
            }
            return found.sorted()
        }

        /// The first position of `low..<high` whose prefix is not `before` (which holds for a
        /// leading run of that range).
        private func boundary(_ low: Int, _ high: Int, before: ([UInt32]) -> Bool) -> Int {
            var (low, high) = (low, high)
            while low < high {
                let middle = (low + high) / 2
                if before(sorted[middle].prefix) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
