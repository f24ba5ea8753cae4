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
        _ items: [(prefix: [UInt8], entry: PrefixTrie.Entry)], key: [UInt8], foldASCII: Bool
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

    @Test(arguments: 0..<8)
    func findsExactlyTheLiteralsAKeyMatches(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let items = (0..<Int32(40)).map { rule in
            let prefix = randomText(&random, pieces: 4).map(CaseFolding.foldASCII)
            return (
                prefix: prefix, entry: PrefixTrie.Entry(rule: rule, mustEnd: random.next() % 2 == 0)
            )
        }
        let arena = Arena()
        let trie = PrefixTrie(items, arena: arena)
        var candidates = ScratchBuffer<Int32>(capacity: 8)
        defer {
            candidates.free()
            withExtendedLifetime(arena) {}
        }
        // Keys made of the literals themselves, cut and extended, and of random pieces.
        var keys = items.map(\.prefix)
        keys += items.map { Array($0.prefix.dropLast(Int(random.next() % 4))) }
        keys += items.map { $0.prefix + Array("/".utf8) }
        keys += (0..<200).map { _ in randomText(&random, pieces: 5) }
        for key in keys {
            for foldASCII in [false, true] {
                candidates.removeAll()
                key.withUnsafeBufferPointer {
                    trie.collect(key: $0, foldASCII: foldASCII, into: &candidates)
                }
                let found = Array(candidates.buffer).sorted()
                #expect(
                    found == expected(items, key: key, foldASCII: foldASCII),
                    "key \(String(decoding: key, as: UTF8.self)), folding \(foldASCII)")
            }
        }
    }

    /// A suffix trie (reversed literals, no entry bound to the key's end) finds every literal
    /// the key ends with, and no `/` vanishes at the key's start.
    @Test(arguments: 0..<4)
    func suffixTrieFindsExactlyTheLiteralsAKeyEndsWith(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 100)
        let literals = (0..<Int32(40)).map { _ in
            randomText(&random, pieces: 3).map(CaseFolding.foldASCII)
        }.filter { !$0.isEmpty }
        let items = literals.enumerated().map { rule, literal in
            (
                prefix: Array(literal.reversed()),
                entry: PrefixTrie.Entry(rule: Int32(rule), mustEnd: false)
            )
        }
        let arena = Arena()
        let trie = PrefixTrie(items, arena: arena)
        var candidates = ScratchBuffer<Int32>(capacity: 8)
        defer {
            candidates.free()
            withExtendedLifetime(arena) {}
        }
        var keys = literals
        keys += literals.map { randomText(&random, pieces: 2) + $0 }
        keys += literals.map { Array($0.dropFirst()) }
        keys += (0..<200).map { _ in randomText(&random, pieces: 5) }
        for key in keys {
            for foldASCII in [false, true] {
                candidates.removeAll()
                key.withUnsafeBufferPointer {
                    trie.collectSuffixes(key: $0, foldASCII: foldASCII, into: &candidates)
                }
                let folded = foldASCII ? key.map(CaseFolding.foldASCII) : key
                let expected = literals.indices.filter {
                    folded.reversed().starts(with: literals[$0].reversed())
                }
                #expect(
                    Array(candidates.buffer).sorted() == expected.map(Int32.init),
                    "key \(String(decoding: key, as: UTF8.self)), folding \(foldASCII)")
            }
        }
    }
}
