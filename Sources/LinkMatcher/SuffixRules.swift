/// The path patterns of one view that end with a literal suffix after a `*` (`PathPieces`):
/// `*.pdf`, `*/amp`, `/users/*/settings/privacy`, `/orgs/*/repos/*/issues/open`. A suffix
/// trie over the reversed suffixes, walked from the path's end, meets the rules whose suffix
/// ends the path; each then compares its prefix with the path's start and finds its middles
/// in what lies between (`PieceChecks`). In the glob union such patterns kept every path's DFA
/// walk alive to its last character (`*.pdf`), and hundreds of them sharing a prefix gave each
/// suffix its own chain of DFA states. Few rules with a prefix or middles share one suffix
/// (`suffixLimit`), and few lie on all the suffixes one path ends with (`PiecePlacement`), so
/// a node's rules are checked one by one.
struct SuffixRules: Sendable {
    /// Most rules with a prefix or middles of one view that may share a suffix here; the
    /// others hang on the prefix trie by their prefix, or stay in the glob union.
    static let suffixLimit = 8

    /// Over the reversed suffixes; an entry's `rule` is its member in `checks`.
    private let trie: PrefixTrie
    private let checks: PieceChecks

    var isEmpty: Bool { checks.isEmpty }

    /// Builds the set from rules in rule order; each has a suffix.
    init(_ items: [RulePieces], arena: Arena) {
        trie = PrefixTrie(
            items.enumerated().map { member, item in
                PrefixTrie.Item(
                    prefix: Array(item.pieces.suffix.reversed()),
                    entry: PrefixTrie.Entry(rule: Int32(member), kind: .prefix))
            }, arena: arena)
        checks = PieceChecks(items, arena: arena)
    }

    /// Appends to `candidates` every rule whose pattern the key matches, reading ASCII letters
    /// of the key as lower case when `foldASCII` is set.
    @inline(__always)
    func collect(
        key: UnsafeBufferPointer<UInt8>, foldASCII: Bool,
        into candidates: inout ScratchBuffer<Int32>
    ) {
        trie.walkBackward(key: key, foldASCII: foldASCII) { entry in
            if checks.matches(entry.rule, key, foldASCII: foldASCII, suffixHolds: true) {
                candidates.append(checks.rule(entry.rule))
            }
        }
    }
}
