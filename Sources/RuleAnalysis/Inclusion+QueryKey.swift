import LinkMatcher

extension Inclusion {
    /// What a query dictionary says about the rules a rule may cover or be covered by, read off
    /// the rules' texts (`PrefixIndex` sorts by it). A cover whose dictionary holds an item of
    /// plain text (`{"k": "v5"}`) covers only rules whose own item of that name is that text
    /// (up to case): a rule that lacks the item, holds another text, or reads the whole query
    /// lets other values through. So 5,000 rules on one path that differ in a query value are
    /// compared only with the rules of their own value.
    enum QueryKey {
        /// The key a rule has as a cover: that of its first item of plain text (by name, then
        /// text), or 0 when none is plain text (then it may cover any query).
        static func asCover(_ rule: ResolvedRule) -> Int {
            guard case .items(let items) = rule.query else { return 0 }
            let plain = items.filter { isPlain($0.pattern) }.map { ($0.name, $0.pattern) }
            guard let first = plain.min(by: { $0 < $1 }) else { return 0 }
            return key(first.0, first.1)
        }

        /// The keys of the covers a rule may have besides those of key 0, or nil for any: a
        /// rule whose items are all plain text asks for theirs, one that reads the whole query
        /// for none (no dictionary covers it).
        static func asked(by rule: ResolvedRule) -> [Int]? {
            switch rule.query {
            case .whole: return []
            case .items(let items):
                guard items.allSatisfy({ isPlain($0.pattern) }) else { return nil }
                return items.map { key($0.name, $0.pattern) }
            }
        }

        /// No wildcard, no variable and no escape: the parser reads it as its characters, and
        /// no view decodes it into another text.
        private static func isPlain(_ pattern: String) -> Bool {
            !pattern.utf8.contains { $0 == 0x2A || $0 == 0x3F || $0 == 0x24 || $0 == 0x25 }
        }

        /// A nonzero hash of the name and the case-folded text (two keys that differ only
        /// by chance merely compare a few more rules).
        private static func key(_ name: String, _ text: String) -> Int {
            var hasher = StableKey()
            for byte in name.utf8 { hasher.add(UInt32(byte)) }
            hasher.add(0xFFFF_FFFF)
            for scalar in text.unicodeScalars { hasher.add(CaseFolding.fold(scalar.value)) }
            return hasher.value == 0 ? 1 : hasher.value
        }

        /// FNV-1a over scalars: the same key in every process (`Hasher` is seeded per run).
        private struct StableKey {
            private var hash: UInt64 = 0xCBF2_9CE4_8422_2325

            mutating func add(_ scalar: UInt32) {
                hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01B3
            }

            var value: Int { Int(truncatingIfNeeded: hash) }
        }
    }
}
