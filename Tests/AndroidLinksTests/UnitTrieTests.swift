import Testing
import Workload

@testable import AndroidLinks

struct UnitTrieTests {
    /// Random keys over a small alphabet (so that they share starts and ends, and chains of
    /// one child form) and random texts: a walk meets exactly the keys the text starts with
    /// (ends with, backward), shortest first, as a comparison with each key finds them. With
    /// five units or more, nodes have more edges than are read in turn: they find an edge in
    /// a row over the units from their lowest to their highest (0x00 to 0xE9 with nine, 0x7F
    /// and 0x80 among them), or, when a surrogate (the tenth unit) spreads their units too far,
    /// by a search.
    @Test(arguments: [(false, 5), (true, 5), (false, 9), (true, 9), (false, 10), (true, 10)])
    func walkMeetsTheKeysTheTextStartsOrEndsWith(backward: Bool, alphabetSize: Int) {
        var random = SplitMix64(seed: (backward ? 7 : 3) &+ UInt64(alphabetSize))
        let alphabet: [UInt16] = [0x61, 0x62, 0x2F, 0xE9, 0x63, 0x7F, 0x80, 0x00, 0x2E, 0xD83D]
        func text(_ maximum: Int) -> [UInt16] {
            (0..<Int(random.next() % UInt64(maximum + 1))).map { _ in
                alphabet[Int(random.next() % UInt64(alphabetSize))]
            }
        }
        for _ in 0..<300 {
            let keys = (0..<Int(random.next() % UInt64(alphabetSize * 3))).map { _ in
                (key: text(7), value: Int(random.next() % 50))
            }
            let trie = UnitTrie(keys, backward: backward)
            for _ in 0..<20 {
                let probe = text(10)
                var met: [Int] = []
                probe.withUnsafeBufferPointer { trie.walk($0) { met.append($0) } }
                let expected = keys.enumerated()
                    .filter {
                        backward
                            ? probe.ends(with: $0.element.key) : probe.starts(with: $0.element.key)
                    }
                    .sorted {
                        ($0.element.key.count, $0.offset) < ($1.element.key.count, $1.offset)
                    }
                    .map { $0.element.value }
                #expect(met == expected, "keys \(keys), text \(probe)")
            }
        }
    }

    /// Several tries in one (the dynamic-rule index keeps a root per skip group): a walk from
    /// a root meets exactly that root's keys the text starts with (ends with, backward),
    /// shortest first and equal keys in the order given, never another root's.
    @Test(arguments: [false, true])
    func walkFromARootMeetsOnlyItsKeys(backward: Bool) {
        var random = SplitMix64(seed: backward ? 21 : 17)
        let alphabet: [UInt16] = [0x61, 0x62, 0x2F, 0x63, 0xE9, 0x2E]
        func text(_ maximum: Int) -> [UInt16] {
            (0..<Int(random.next() % UInt64(maximum + 1))).map { _ in
                alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
        }
        for _ in 0..<300 {
            let roots = (0..<Int(1 + random.next() % 4)).map { _ in
                (0..<Int(random.next() % 12)).map { _ in
                    (key: text(5), value: Int(random.next() % 20))
                }
            }
            let trie = UnitTrie(rootedKeys: roots, backward: backward)
            for (root, keys) in roots.enumerated() {
                for _ in 0..<10 {
                    let probe = text(8)
                    var met: [Int] = []
                    probe.withUnsafeBufferPointer { trie.walk($0, from: root) { met.append($0) } }
                    let expected = keys.enumerated()
                        .filter {
                            backward
                                ? probe.ends(with: $0.element.key)
                                : probe.starts(with: $0.element.key)
                        }
                        .sorted {
                            ($0.element.key.count, $0.offset) < ($1.element.key.count, $1.offset)
                        }
                        .map { $0.element.value }
                    #expect(met == expected, "root \(root) of \(roots), text \(probe)")
                }
            }
        }
    }
}

extension Array where Element == UInt16 {
    fileprivate func ends(with suffix: [UInt16]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
