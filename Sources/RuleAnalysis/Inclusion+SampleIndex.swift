extension Inclusion {
    /// The rules of one entry by a literal text each of their paths holds (`RuleLanguage.anchor`),
    /// to find, for one path, the rules that may accept it without asking every rule: those
    /// whose anchor is the path's end or occurs in it, and those without an anchor. A rule that
    /// `pathMayAccept` lets through is always among them. Anchors are read by their first (or,
    /// for an end, last) `keyLength` characters, so a path is looked up a few times per
    /// character, whatever the number of rules.
    struct SampleIndex {
        enum Anchor {
            /// Every path ends with this text.
            case end([UInt32])
            /// Every path holds this text somewhere.
            case inside([UInt32])
        }

        /// Characters of an anchor that its key reads.
        static let keyLength = 8

        /// Rules by key (`key(_:_:)`), each list in rule order.
        private var byKey: [UInt64: [Int]] = [:]
        /// The key lengths present, per kind (bit `n`: a key of `n` characters).
        private var endLengths: UInt16 = 0
        private var insideLengths: UInt16 = 0
        /// Rules without an anchor, in rule order.
        private(set) var unanchored: [Int] = []

        /// Indexes `rules` (in rule order) by their anchors.
        init(_ rules: [Int], anchor: (Int) -> Anchor?) {
            for rule in rules {
                switch anchor(rule) {
                case .end(let text):
                    let tail = Array(text.suffix(Self.keyLength))
                    endLengths |= 1 << tail.count
                    byKey[Self.key(isEnd: true, tail[...]), default: []].append(rule)
                case .inside(let text):
                    let head = Array(text.prefix(Self.keyLength))
                    insideLengths |= 1 << head.count
                    byKey[Self.key(isEnd: false, head[...]), default: []].append(rule)
                case nil:
                    unanchored.append(rule)
                }
            }
        }

        /// The rules after `first` and before `end` that may accept `path` (case-folded, as
        /// anchors are), in rule order as they are read, with repeats and a few others (keys
        /// are hashes) that the caller's checks turn away.
        func rules(mayAccept path: [UInt32], after first: Int, below end: Int) -> RuleMerge {
            var lists: [ArraySlice<Int>] = [unanchored[...]]
            for length in 1...Self.keyLength where length <= path.count {
                if endLengths & (1 << length) != 0,
                    let found = byKey[Self.key(isEnd: true, path[(path.count - length)...])]
                {
                    lists.append(found[...])
                }
                guard insideLengths & (1 << length) != 0 else { continue }
                for start in 0...(path.count - length) {
                    if let found = byKey[Self.key(isEnd: false, path[start..<(start + length)])] {
                        lists.append(found[...])
                    }
                }
            }
            return RuleMerge(lists, after: first, below: end)
        }

        private static func key(isEnd: Bool, _ text: ArraySlice<UInt32>) -> UInt64 {
            var hash: UInt64 = isEnd ? 0x9E37_79B9_7F4A_7C15 : 0xC2B2_AE3D_27D4_EB4F
            for scalar in text { hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01B3 }
            return hash ^ UInt64(text.count)
        }
    }

    /// Rules in rule order out of lists each in rule order, read as they are asked for, from
    /// those after a first rule to those below an end.
    struct RuleMerge {
        private var lists: [ArraySlice<Int>]
        private let end: Int

        init(_ lists: [ArraySlice<Int>], after first: Int, below end: Int) {
            self.end = end
            self.lists = lists.compactMap { list in
                // The first rule after `first`, by binary search.
                var low = list.startIndex
                var high = list.endIndex
                while low < high {
                    let middle = (low + high) / 2
                    if list[middle] <= first { low = middle + 1 } else { high = middle }
                }
                return low < list.endIndex ? list[low...] : nil
            }
        }

        /// The next rule, repeats included; nil after the last one below the end.
        mutating func next() -> Int? {
            var best = -1
            for slot in lists.indices where !lists[slot].isEmpty {
                if best < 0
                    || lists[slot][lists[slot].startIndex]
                        < lists[best][lists[best].startIndex]
                {
                    best = slot
                }
            }
            guard best >= 0 else { return nil }
            let rule = lists[best][lists[best].startIndex]
            guard rule < end else { return nil }
            lists[best] = lists[best].dropFirst()
            return rule
        }
    }
}
