/// One rule compiled for matching: which view of the URL it reads and how each part is
/// checked. The path is found through the prefix trie; `path` checks it in full (used by
/// `explain`), `pathRemainder` checks what follows the literal prefix (used by lookups).
struct CompiledRule: Sendable {
    enum QueryMatcher: Sendable {
        case whole(PartMatcher)
        /// Name bytes (in the rule's encoding view, never folded) and the value check.
        case items([(name: [UInt8], value: PartMatcher)])

        var isAnything: Bool {
            if case .whole(.anything) = self { return true }
            return false
        }
    }

    let entry: Int32
    let exclude: Bool
    let mode: ViewMode
    let prefix: [UInt8]
    let strategy: PrefixTrie.Strategy
    let path: PartMatcher
    let pathRemainder: PartMatcher
    let query: QueryMatcher
    let fragment: PartMatcher
    /// False when the rule can never decide: its entry names no app, or its path matches
    /// nothing (an undefined variable).
    let canDecide: Bool
}

extension CompiledRule {
    init(_ rule: ResolvedRule, parser: PatternParser) {
        let fold = !rule.caseSensitive
        let pathText = rule.path.drop(while: { $0 == "/" })
        let pathNodes =
            rule.isLegacyPath
            ? PatternParser.parseValue(String(pathText), foldCase: fold)
            : parser.parse(String(pathText), foldCase: fold)
        let prefixCount = pathNodes.prefix(while: {
            if case .literal = $0 { return true }
            return false
        }).count
        let remainder = Array(pathNodes[prefixCount...])
        let prefix = PartMatcher.literalBytes(Array(pathNodes[..<prefixCount])) ?? []
        self.entry = Int32(rule.entryIndex)
        self.exclude = rule.exclude
        self.mode = ViewMode(folded: fold, decoded: !rule.percentEncoded)
        self.prefix = prefix
        self.path = PartMatcher(pathNodes, slashesVanishAtEnd: true)
        self.pathRemainder =
            remainder.isEmpty ? .exact([]) : PartMatcher(remainder, slashesVanishAtEnd: true)
        switch pathRemainder {
        case .exact(let rest) where rest.isEmpty: self.strategy = .exact
        case .anything: self.strategy = .prefixThenAny
        default: self.strategy = .glob
        }
        switch rule.query {
        case .whole(let text):
            self.query = .whole(
                PartMatcher(parser.parse(text, foldCase: fold), slashesVanishAtEnd: false))
        case .items(let items):
            self.query = .items(
                items.map { item in
                    (
                        name: Array(item.name.utf8),
                        value: PartMatcher(
                            parser.parse(item.pattern, foldCase: fold), slashesVanishAtEnd: false)
                    )
                })
        }
        self.fragment = PartMatcher(
            parser.parse(rule.fragment, foldCase: fold), slashesVanishAtEnd: false)
        var pathMatchesSomething = true
        if case .nothing = path { pathMatchesSomething = false }
        self.canDecide = !rule.appIDs.isEmpty && pathMatchesSomething
    }
}
