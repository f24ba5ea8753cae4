/// The path patterns of one view made of literal texts between runs of `*`, the last one not
/// empty: a literal prefix (often empty), `*`, maybe more literals each followed by `*`
/// (middles), and a literal suffix: `*.pdf`, `*/amp`, `/users/*/settings/privacy`,
/// `/orgs/*/repos/*/issues/open`. A suffix trie over the reversed suffixes, walked from the
/// path's end, meets the rules whose suffix ends the path; each then compares its prefix with
/// the path's start and finds its middles, in order, in what lies between. In the glob union
/// such patterns kept every path's DFA walk alive to its last character (`*.pdf`), and
/// hundreds of them sharing a prefix gave each suffix its own chain of DFA states.
///
/// The pattern's trailing `/`s are dropped from its suffix: they may vanish at the path's end
/// (S5.4), and a path key never ends with one. No other `/` vanishes (`*/buy` does not match
/// `/buy`, S5.3), and each `*` takes what lies between its neighbours, which must not overlap:
/// so the first place each middle occurs after the previous one is the place to take. Few
/// rules with a prefix or middles share one suffix (`suffixLimit`), so a node's rules are
/// checked one by one.
struct SuffixRules: Sendable {
    /// One rule as its view reads it (leading `/`s dropped, folded when the view folds).
    struct Item {
        var prefix: [UInt8]
        var middles: [[UInt8]]
        var suffix: [UInt8]
        var rule: Int32
    }

    struct Member: Sendable, BitwiseCopyable {
        var rule: Int32
        /// The prefix: `texts[prefixStart ..< prefixStart + prefixCount]`.
        var prefixStart: Int32
        var prefixCount: Int32
        /// The middles: `middleEnds[middleStart ..< middleStart + middleCount]` are where each
        /// ends in `texts`, the first starting where the prefix ends.
        var middleStart: Int32
        var middleCount: Int32
    }

    /// Most rules with a prefix or middles of one view that may share a suffix here; the
    /// others stay in the glob union.
    static let suffixLimit = 8

    /// Over the reversed suffixes; an entry's `rule` is its index in `members`.
    private let trie: PrefixTrie
    private let members: FrozenArray<Member>
    /// Each member's prefix then its middles, one after another.
    private let texts: FrozenArray<UInt8>
    private let middleEnds: FrozenArray<Int32>

    var isEmpty: Bool { members.isEmpty }

    /// Builds the set from rules in rule order; the suffix without its trailing `/`s.
    init(_ items: [Item], arena: Arena) {
        var members: [Member] = []
        var texts: [UInt8] = []
        var middleEnds: [Int32] = []
        var reversedSuffixes: [(prefix: [UInt8], entry: PrefixTrie.Entry)] = []
        for item in items {
            reversedSuffixes.append(
                (
                    item.suffix.reversed(),
                    PrefixTrie.Entry(rule: Int32(members.count), mustEnd: false)
                ))
            members.append(
                Member(
                    rule: item.rule, prefixStart: Int32(texts.count),
                    prefixCount: Int32(item.prefix.count), middleStart: Int32(middleEnds.count),
                    middleCount: Int32(item.middles.count)))
            texts += item.prefix
            for middle in item.middles {
                texts += middle
                middleEnds.append(Int32(texts.count))
            }
        }
        trie = PrefixTrie(reversedSuffixes, arena: arena)
        self.members = arena.freeze(members)
        self.texts = arena.freeze(texts)
        self.middleEnds = arena.freeze(middleEnds)
    }

    /// Appends to `candidates` every rule whose pattern the key matches, reading ASCII letters
    /// of the key as lower case when `foldASCII` is set.
    @inline(__always)
    func collect(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        into candidates: inout ScratchBuffer<Int32>
    ) {
        trie.walkBackward(key: key, foldASCII: foldASCII) { entry, suffixCount in
            let member = members.pointer(at: Int(entry.rule))
            let prefixStart = Int(member.pointee.prefixStart)
            let prefixCount = Int(member.pointee.prefixCount)
            let end = key.count - suffixCount
            guard end >= prefixCount,
                holds(prefixStart..<prefixStart + prefixCount, key, at: 0, foldASCII),
                member.pointee.middleCount == 0
                    || holdsMiddles(member, key, from: prefixCount, to: end, foldASCII: foldASCII)
            else { return }
            candidates.append(member.pointee.rule)
        }
    }

    /// Whether `key` holds `texts[text]` at `position` (which leaves room for it).
    @inline(__always)
    private func holds(
        _ text: Range<Int>, _ key: UnsafeBufferPointer<UInt8>, at position: Int, _ foldASCII: Bool
    ) -> Bool {
        for offset in 0..<text.count {
            let byte = key[position + offset]
            if (foldASCII ? CaseFolding.foldASCII(byte) : byte) != texts[text.lowerBound + offset] {
                return false
            }
        }
        return true
    }

    /// Whether the member's middles occur in order, apart, in `key[from..<to]`: each at the
    /// first place after the one before (taking a later one never leaves more room).
    @inline(never)
    private func holdsMiddles(
        _ member: UnsafePointer<Member>, _ key: UnsafeBufferPointer<UInt8>, from: Int, to end: Int,
        foldASCII: Bool
    ) -> Bool {
        var position = from
        var textStart = Int(member.pointee.prefixStart) + Int(member.pointee.prefixCount)
        let first = Int(member.pointee.middleStart)
        for index in first..<first + Int(member.pointee.middleCount) {
            let text = textStart..<Int(middleEnds[index])
            while position + text.count <= end && !holds(text, key, at: position, foldASCII) {
                position += 1
            }
            guard position + text.count <= end else { return false }
            position += text.count
            textStart = text.upperBound
        }
        return true
    }
}
