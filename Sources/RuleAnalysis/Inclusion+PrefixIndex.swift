extension Inclusion {
    /// The rules of one entry by the literal prefix of their paths: a rule can share a path with
    /// another only when one prefix begins the other, so a 5,000-rule entry compares each rule
    /// with the few whose prefixes begin its own or extend it. Both are found among the prefixes
    /// sorted once: those that begin a prefix by narrowing a range scalar by scalar, those that
    /// extend it in the run after it. Rules of one prefix sort by their `QueryKey`, then in
    /// rule order, so those that begin a prefix and may cover a given query can be read in
    /// rule order a few at a time (`Cursor`).
    struct PrefixIndex {
        private let sorted: [(prefix: [UInt32], queryKey: Int, rule: Int)]

        init(_ entries: [(rule: Int, prefix: [UInt32], queryKey: Int)]) {
            sorted = entries.map { ($0.prefix, $0.queryKey, $0.rule) }.sorted {
                if Self.precedes($0.prefix, $1.prefix) { return true }
                if Self.precedes($1.prefix, $0.prefix) { return false }
                return ($0.queryKey, $0.rule) < ($1.queryKey, $1.rule)
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

        /// The rules whose prefix begins `prefix` (the prefix itself included) and whose query
        /// key is 0 or one of `queryKeys` (any key when nil), from rule `first` on and below
        /// rule `end`, read in rule order as they are asked for: a rule's earlier candidates
        /// cost only as many steps as are read.
        func cursor(
            beginning prefix: [UInt32], queryKeys: [Int]?, from first: Int, below end: Int
        ) -> Cursor {
            var runs: [Range<Int>] = []
            for run in equalRuns(beginning: prefix) {
                if let queryKeys {
                    for key in Set([0] + queryKeys) {
                        let low = boundary(run.lowerBound, run.upperBound) {
                            ($0.queryKey, $0.rule) < (key, first)
                        }
                        let high = boundary(low, run.upperBound) { $0.queryKey <= key }
                        if low < high { runs.append(low..<high) }
                    }
                } else {
                    // Runs of one key each, from `first` on.
                    var start = run.lowerBound
                    while start < run.upperBound {
                        let key = sorted[start].queryKey
                        let end = boundary(start, run.upperBound) { $0.queryKey <= key }
                        let low = boundary(start, end) { $0.rule < first }
                        if low < end { runs.append(low..<end) }
                        start = end
                    }
                }
            }
            return Cursor(index: self, runs: runs, end: end)
        }

        /// Rules in rule order out of runs of `sorted`, each in rule order.
        struct Cursor {
            fileprivate let index: PrefixIndex
            fileprivate var runs: [Range<Int>]
            fileprivate let end: Int

            /// The next rule, or nil after the last one below the end.
            mutating func next() -> Int? {
                var best = -1
                for (slot, run) in runs.enumerated() where !run.isEmpty {
                    if best < 0
                        || index.sorted[run.lowerBound].rule
                            < index.sorted[runs[best].lowerBound].rule
                    {
                        best = slot
                    }
                }
                guard best >= 0 else { return nil }
                let rule = index.sorted[runs[best].lowerBound].rule
                guard rule < end else { return nil }
                runs[best] = runs[best].dropFirst()
                return rule
            }
        }

        /// Below this many prefixes in range, `equalRuns` reads them one by one.
        private static let fewEnoughToRead = 8

        /// The runs of `sorted` whose prefix is `prefix[..<length]`, for each length.
        private func equalRuns(beginning prefix: [UInt32]) -> [Range<Int>] {
            var found: [Range<Int>] = []
            // `low..<high`: the prefixes that start with `prefix[..<length]`. Those equal to
            // it sort first; the others are ordered by their next scalar, so the run that
            // goes on like `prefix` is found by comparing that one scalar.
            var low = 0
            var high = sorted.count
            var length = 0
            while low < high {
                if high - low <= Self.fewEnoughToRead {
                    // Few left (all of a small entry): read in order rather than searched
                    // again at every scalar of a long prefix. Those that begin `prefix` sort by
                    // length, each length's together.
                    var start = low
                    while start < high {
                        var end = start + 1
                        while end < high && sorted[end].prefix == sorted[start].prefix { end += 1 }
                        if prefix.starts(with: sorted[start].prefix) { found.append(start..<end) }
                        start = end
                    }
                    break
                }
                // Those equal to `prefix[..<length]` sort first: found by binary search, as one
                // prefix may have thousands of rules.
                let runStart = low
                low = boundary(low, high) { $0.prefix.count == length }
                if low > runStart { found.append(runStart..<low) }
                guard length < prefix.count else { break }
                let (scalar, at) = (prefix[length], length)
                low = boundary(low, high) { $0.prefix[at] < scalar }
                high = boundary(low, high) { $0.prefix[at] <= scalar }
                length += 1
            }
            return found
        }

        /// Rules whose prefix strictly extends `prefix` and that `counts` keeps, in rule order;
        /// nil when there are more than `limit`.
        func rules(
            extending prefix: [UInt32], limit: Int, counts: (Int) -> Bool = { _ in true }
        ) -> [Int]? {
            var index = firstExtending(prefix)
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

        /// Calls `body` with each rule whose prefix strictly extends `prefix`, in the index's
        /// order, until it returns false.
        func forEach(extending prefix: [UInt32], _ body: (Int) -> Bool) {
            var index = firstExtending(prefix)
            while index < sorted.count && sorted[index].prefix.starts(with: prefix) {
                if sorted[index].prefix.count > prefix.count, !body(sorted[index].rule) { return }
                index += 1
            }
        }

        /// The first entry whose prefix sorts after `prefix`: the run of prefixes that extend
        /// it starts there, past the rules of `prefix` itself (thousands, in a file of
        /// `/u/*/itemN` rules, that a scan from the run's start would read for every rule).
        private func firstExtending(_ prefix: [UInt32]) -> Int {
            boundary(0, sorted.count) { !Self.precedes(prefix, $0.prefix) }
        }

        /// The first position of `low..<high` whose entry is not `before` (which holds for a
        /// leading run of that range).
        private func boundary(
            _ low: Int, _ high: Int, before: ((prefix: [UInt32], queryKey: Int, rule: Int)) -> Bool
        ) -> Int {
            var (low, high) = (low, high)
            while low < high {
                let middle = (low + high) / 2
                if before(sorted[middle]) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
