import Testing
import Workload

@testable import LinkMatcher

/// The trie against the definition of what it finds: a literal matches a key equal to it, a
/// `prefix*` literal any key that starts with it, and at the key's end a pattern's trailing
/// `/`s may vanish (S5.4). Literals share long runs, and keys leave them at every place: inside
/// a run, at its end, and at the end of the key.
struct PrefixTrieTests {
    static let pieces = ["a", "ab", "abc", "/", "x", "abcdefgh", "b/", "//", "A", "Ab"]

    func randomText(_ random: inout SplitMix64, pieces: Int) -> [UInt8] {
        var text: [UInt8] = []
        for _ in 0..<Int(random.next() % UInt64(pieces + 1)) {
            text += Array(Self.pieces[Int(random.next() % UInt64(Self.pieces.count))].utf8)
        }
        return text
    }

    /// What `collect` must find, in rule order.
    func expected(
        _ items: [PrefixTrie.Item], key: [UInt8], foldASCII: Bool
    ) -> [Int32] {
        let key = foldASCII ? key.map(CaseFolding.foldASCII) : key
        let slash = UInt8(ascii: "/")
        return items.filter { item in
            let keyThenSlashes =
                item.prefix.starts(with: key)
                && item.prefix.dropFirst(key.count).allSatisfy {
                    $0 == slash
                }
            return keyThenSlashes || (!item.entry.mustEnd && key.starts(with: item.prefix))
        }.map(\.entry.rule)
    }

    /// What `collect` appends for `key`, sorted.
    func collected(_ trie: PrefixTrie, _ key: [UInt8], foldASCII: Bool) -> [Int32] {
        var candidates = ScratchBuffer<Int32>(capacity: 8)
        defer { candidates.free() }
        key.withUnsafeBufferPointer {
            trie.collect(key: $0, foldASCII: foldASCII, into: &candidates)
        }
        return Array(candidates.buffer).sorted()
    }

    @Test(arguments: 0..<8)
    func findsExactlyTheLiteralsAKeyMatches(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let items = (0..<Int32(40)).map { rule in
            let prefix = randomText(&random, pieces: 4).map(CaseFolding.foldASCII)
            return PrefixTrie.Item(
                prefix: prefix, entry: PrefixTrie.Entry(rule: rule, mustEnd: random.next() % 2 == 0)
            )
        }
        let arena = Arena()
        let trie = PrefixTrie(items, arena: arena)
        defer { withExtendedLifetime(arena) {} }
        // Keys made of the literals themselves, cut and extended, and of random pieces.
        var keys = items.map(\.prefix)
        keys += items.map { Array($0.prefix.dropLast(Int(random.next() % 4))) }
        keys += items.map { $0.prefix + Array("/".utf8) }
        keys += (0..<200).map { _ in randomText(&random, pieces: 5) }
        for key in keys {
            for foldASCII in [false, true] {
                #expect(
                    collected(trie, key, foldASCII: foldASCII)
                        == expected(items, key: key, foldASCII: foldASCII),
                    "key \(String(decoding: key, as: UTF8.self)), folding \(foldASCII)")
            }
        }
    }

    /// A node with many children finds its labels by halves, one with a few reads them all at
    /// once: every child is found from both, and a byte between two labels is not.
    @Test(arguments: [3, 8, 9, 40])
    func nodesWithFewOrManyChildrenFindEachOne(children: Int) {
        let labels = (0..<children).map { UInt8(ascii: "0") + UInt8(2 * $0) }
        let items = labels.enumerated().map { rule, label in
            PrefixTrie.Item(
                prefix: [UInt8(ascii: "p"), label, UInt8(ascii: "z")],
                entry: PrefixTrie.Entry(rule: Int32(rule), mustEnd: true))
        }
        let arena = Arena()
        let trie = PrefixTrie(items, arena: arena)
        defer { withExtendedLifetime(arena) {} }
        for (rule, label) in labels.enumerated() {
            for (key, expected) in [
                ([UInt8(ascii: "p"), label, UInt8(ascii: "z")], [Int32(rule)]),
                ([UInt8(ascii: "p"), label + 1, UInt8(ascii: "z")], []),
            ] {
                #expect(collected(trie, key, foldASCII: false) == expected, "\(key)")
            }
        }
    }

    /// `SuffixRules` against its definition: a rule matches a key that starts with its prefix,
    /// ends with its suffix and holds its middles in order between them, none overlapping (the
    /// `*`s take the rest), and no `/` vanishes at the key's start. The definition is checked
    /// by trying every place for every middle. Prefixes, middles and suffixes share runs, and
    /// keys are made of them, cut and joined.
    @Test(arguments: 0..<6)
    func suffixRulesFindExactlyTheRulesAKeyMatches(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 100)
        var items: [RulePieces] = []
        for rule in 0..<Int32(40) {
            let suffix = randomText(&random, pieces: 3).map(CaseFolding.foldASCII)
            guard suffix.last.map({ $0 != UInt8(ascii: "/") }) == true else { continue }
            let prefix =
                random.next() % 3 == 0
                ? [] : randomText(&random, pieces: 2).map(CaseFolding.foldASCII)
            let middles = (0..<Int(random.next() % 3)).map { _ in
                randomText(&random, pieces: 1).map(CaseFolding.foldASCII)
            }.filter { !$0.isEmpty }
            items.append(
                RulePieces(
                    pieces: PathPieces(prefix: prefix, middles: middles, suffix: suffix), rule: rule
                ))
        }
        let arena = Arena()
        let rules = SuffixRules(items, arena: arena)
        var candidates = ScratchBuffer<Int32>(capacity: 8)
        defer {
            candidates.free()
            withExtendedLifetime(arena) {}
        }
        func joined(_ item: PathPieces, between: () -> [UInt8]) -> [UInt8] {
            item.prefix + item.middles.flatMap { between() + $0 } + between() + item.suffix
        }
        var keys = items.map { joined($0.pieces) { [] } }
        keys += items.map { joined($0.pieces) { randomText(&random, pieces: 2) } }
        keys += items.map { Array(joined($0.pieces) { [] }.dropFirst()) }
        keys += items.map { $0.pieces.prefix + $0.pieces.suffix }
        keys += items.map { Array($0.pieces.suffix.dropFirst()) }
        keys += (0..<200).map { _ in randomText(&random, pieces: 5) }
        for key in keys {
            for foldASCII in [false, true] {
                candidates.removeAll()
                key.withUnsafeBufferPointer {
                    rules.collect(key: $0, foldASCII: foldASCII, into: &candidates)
                }
                let folded = foldASCII ? key.map(CaseFolding.foldASCII) : key
                let expected = items.filter { Self.matches(folded, $0.pieces) }.map(\.rule)
                #expect(
                    Array(candidates.buffer).sorted() == expected,
                    "key \(String(decoding: key, as: UTF8.self)), folding \(foldASCII)")
            }
        }
    }

    /// Checked and group entries of the prefix trie against the same definition: rules with
    /// a prefix, middles, and a suffix or a tail of `?`s (at least, or exactly, so many
    /// characters). The rules with a middle are found through their prefix's group (by their
    /// first middle, from any place after the prefix); the others are checked one by one.
    @Test(arguments: 0..<6)
    func checkedEntriesFindExactlyTheRulesAKeyMatches(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 200)
        let prefixes = [Array("u/".utf8), Array("ab".utf8), Array("a".utf8)]
        var items: [RulePieces] = []
        for rule in 0..<Int32(40) {
            let prefix = prefixes[Int(random.next() % 3)]
            let middles = (0..<Int(random.next() % 3)).map { _ in
                randomText(&random, pieces: 1).map(CaseFolding.foldASCII)
            }.filter { !$0.isEmpty }
            var pieces = PathPieces(prefix: prefix, middles: middles, suffix: [])
            switch random.next() % 3 {
            case 0:
                pieces.suffix = randomText(&random, pieces: 2).map(CaseFolding.foldASCII)
                guard pieces.suffix.last.map({ $0 != UInt8(ascii: "/") }) == true else { continue }
            case 1:
                (pieces.tailCount, pieces.tailIsOpen) = (Int(random.next() % 3), true)
                let lastMiddleStays = middles.last.map { $0.last != UInt8(ascii: "/") } ?? false
                guard pieces.tailCount > 0 || lastMiddleStays else { continue }
            default:
                pieces.middles = []
                pieces.tailCount = 1 + Int(random.next() % 3)
            }
            items.append(RulePieces(pieces: pieces, rule: rule))
        }
        var entries: [PrefixTrie.Item] = []
        var groups: [[Int32]] = []
        var groupOfPrefix: [[UInt8]: Int32] = [:]
        for (member, item) in items.enumerated() {
            guard !item.pieces.middles.isEmpty else {
                entries.append(
                    .init(
                        prefix: item.pieces.prefix,
                        entry: .init(rule: Int32(member), kind: .checked)))
                continue
            }
            if let group = groupOfPrefix[item.pieces.prefix] {
                groups[Int(group)].append(Int32(member))
            } else {
                groupOfPrefix[item.pieces.prefix] = Int32(groups.count)
                entries.append(
                    .init(
                        prefix: item.pieces.prefix,
                        entry: .init(rule: Int32(groups.count), kind: .group)))
                groups.append([Int32(member)])
            }
        }
        let arena = Arena()
        let checks = PieceChecks(items, groups: groups, arena: arena)
        let trie = PrefixTrie(entries, arena: arena)
        var candidates = ScratchBuffer<Int32>(capacity: 8)
        defer {
            candidates.free()
            withExtendedLifetime(arena) {}
        }
        var keys: [[UInt8]] = []
        for pieces in items.map(\.pieces) {
            for _ in 0..<3 {
                let between = { randomText(&random, pieces: 1) }
                let tail = (0..<pieces.tailCount + Int(random.next() % 2)).map { _ in
                    UInt8(ascii: "x")
                }
                keys.append(
                    pieces.prefix + pieces.middles.flatMap { between() + $0 } + between()
                        + pieces.suffix + tail)
            }
            keys.append(pieces.prefix + pieces.middles.flatMap { $0 } + pieces.suffix)
        }
        keys += keys.map { Array($0.dropLast()) }
        keys += (0..<200).map { _ in
            prefixes[Int(random.next() % 3)] + randomText(&random, pieces: 5)
        }
        for key in keys {
            for foldASCII in [false, true] {
                candidates.removeAll()
                key.withUnsafeBufferPointer { key in
                    withUnsafePointer(to: checks) {
                        trie.collect(key: key, foldASCII: foldASCII, checks: $0, into: &candidates)
                    }
                }
                let folded = foldASCII ? key.map(CaseFolding.foldASCII) : key
                let expected = items.filter { Self.matches(folded, $0.pieces) }.map(\.rule)
                #expect(
                    Set(candidates.buffer).sorted() == expected,
                    "key \(String(decoding: key, as: UTF8.self)), folding \(foldASCII)")
            }
        }
    }

    /// `prefix*m1*m2*...*suffix`, or `prefix*m1*...` then a tail of `?`s (with `*` when
    /// open), matches the ASCII `key`, by trying every place for every middle.
    private static func matches(_ key: [UInt8], _ item: PathPieces) -> Bool {
        guard key.count >= item.prefix.count + item.suffix.count,
            key.starts(with: item.prefix), key.reversed().starts(with: item.suffix.reversed())
        else { return false }
        func middlesFit(_ middles: ArraySlice<[UInt8]>, _ text: ArraySlice<UInt8>) -> Bool {
            guard let middle = middles.first else {
                // What the last `*` or the tail takes.
                guard item.suffix.isEmpty else { return true }
                return item.tailIsOpen ? text.count >= item.tailCount : text.count == item.tailCount
            }
            guard text.count >= middle.count else { return false }
            for start in text.startIndex...(text.endIndex - middle.count)
            where text[start..<start + middle.count].elementsEqual(middle)
                && middlesFit(middles.dropFirst(), text[(start + middle.count)...])
            {
                return true
            }
            return false
        }
        return middlesFit(
            item.middles[...], key[item.prefix.count..<(key.count - item.suffix.count)])
    }

    /// A chain longer than a record's run is cut into several records: a literal of
    /// `longestRun * 2 + 10` bytes is found whole, by its `prefix*` head, and not by a key that
    /// differs in its last byte or in the byte where a cut falls, read forward and backward.
    @Test func chainsLongerThanARunAreCut() {
        let length = PrefixTrie.longestRun * 2 + 10
        let literal = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let head = Array(literal.prefix(PrefixTrie.longestRun + 3))
        let items = [
            PrefixTrie.Item(prefix: literal, entry: PrefixTrie.Entry(rule: 0, mustEnd: true)),
            PrefixTrie.Item(prefix: head, entry: PrefixTrie.Entry(rule: 1, mustEnd: false)),
        ]
        let arena = Arena()
        let trie = PrefixTrie(items, arena: arena)
        defer { withExtendedLifetime(arena) {} }
        var lastChanged = literal
        lastChanged[length - 1] = UInt8(ascii: "#")
        var cutChanged = literal
        cutChanged[PrefixTrie.longestRun + 1] = UInt8(ascii: "#")
        for key in [literal, lastChanged, cutChanged, head, literal + Array("//".utf8)] {
            #expect(
                collected(trie, key, foldASCII: false)
                    == expected(items, key: key, foldASCII: false))
        }
        #expect(collected(trie, literal, foldASCII: false) == [0, 1])
        let reversed = PrefixTrie(
            [
                PrefixTrie.Item(
                    prefix: Array(literal.reversed()),
                    entry: PrefixTrie.Entry(rule: 0, mustEnd: false))
            ], arena: arena)
        for (key, found) in [(literal, 1), (Array("x".utf8) + literal, 1), (cutChanged, 0)] {
            var visits = 0
            key.withUnsafeBufferPointer { key in
                reversed.walkBackward(key: key, foldASCII: false) { entry in
                    #expect(entry.rule == 0)
                    visits += 1
                }
            }
            #expect(visits == found)
        }
    }
}
