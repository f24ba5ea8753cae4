/// The path patterns of one view made of a literal prefix (often empty), `*`, and a literal
/// suffix: `*.pdf`, `*/amp`, `/users/*/settings/privacy`. A suffix trie over the reversed
/// suffixes, walked from the path's end, meets the rules whose suffix ends the path; each then
/// compares its prefix with the path's start. In the glob union such patterns kept every path's
/// DFA walk alive to its last character (`*.pdf`), and hundreds of them sharing a prefix gave
/// each suffix its own chain of DFA states.
///
/// The pattern's trailing `/`s are dropped from its suffix: they may vanish at the path's end
/// (S5.4), and a path key never ends with one. No other `/` vanishes (`*/buy` does not match
/// `/buy`, S5.3), and the `*` takes what lies between prefix and suffix, which must not
/// overlap. Few rules with a prefix share one suffix (`suffixLimit`), so a node's prefixes are
/// compared one by one.
struct SuffixRules: Sendable {
    struct Member: Sendable, BitwiseCopyable {
        var rule: Int32
        /// The prefix: `prefixes[prefixStart ..< prefixStart + prefixCount]`.
        var prefixStart: Int32
        var prefixCount: Int32
    }

    /// Most rules with a prefix of one view that may share a suffix here; the others stay in
    /// the glob union.
    static let suffixLimit = 8

    /// Over the reversed suffixes; an entry's `rule` is its index in `members`.
    private let trie: PrefixTrie
    private let members: FrozenArray<Member>
    private let prefixes: FrozenArray<UInt8>

    var isEmpty: Bool { members.isEmpty }

    /// Builds the set from rules in rule order; prefix and suffix are the pattern's bytes as
    /// its view reads them (leading `/`s dropped, folded when the view folds), the suffix
    /// without its trailing `/`s.
    init(_ items: [(prefix: [UInt8], suffix: [UInt8], rule: Int32)], arena: Arena) {
        var members: [Member] = []
        var prefixes: [UInt8] = []
        var reversedSuffixes: [(prefix: [UInt8], entry: PrefixTrie.Entry)] = []
        for item in items {
            reversedSuffixes.append(
                (
                    item.suffix.reversed(),
                    PrefixTrie.Entry(rule: Int32(members.count), mustEnd: false)
                ))
            members.append(
                Member(
                    rule: item.rule, prefixStart: Int32(prefixes.count),
                    prefixCount: Int32(item.prefix.count)))
            prefixes += item.prefix
        }
        trie = PrefixTrie(reversedSuffixes, arena: arena)
        self.members = arena.freeze(members)
        self.prefixes = arena.freeze(prefixes)
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
            let prefixCount = Int(member.pointee.prefixCount)
            guard
                prefixCount == 0
                    || (key.count - suffixCount >= prefixCount
                        && startsWithPrefix(member, key, foldASCII: foldASCII))
            else { return }
            candidates.append(member.pointee.rule)
        }
    }

    @inline(__always)
    private func startsWithPrefix(
        _ member: UnsafePointer<Member>, _ key: UnsafeBufferPointer<UInt8>, foldASCII: Bool
    ) -> Bool {
        let start = Int(member.pointee.prefixStart)
        for offset in 0..<Int(member.pointee.prefixCount) {
            let byte = foldASCII ? CaseFolding.foldASCII(key[offset]) : key[offset]
            if byte != prefixes[start + offset] { return false }
        }
        return true
    }
}
