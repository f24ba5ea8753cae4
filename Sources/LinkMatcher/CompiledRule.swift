/// One rule compiled for matching: which view of the URL it reads and how its query and
/// fragment are checked. Its path is decided by the view's prefix trie or glob union, as
/// `strategy` says. (`explain` compiles the whole path pattern when it needs it.)
/// Plain values only (no reference counts), so threads read it without contention.
struct CompiledRule: Sendable, BitwiseCopyable {
    /// One `name: pattern` pair of a query dictionary.
    struct ItemConstraint: Sendable, BitwiseCopyable {
        /// Name bytes in the rule's encoding view; names are never folded (S11 Q4).
        let name: FrozenArray<UInt8>
        let value: PartMatcher
    }

    enum QueryMatcher: Sendable, BitwiseCopyable {
        case whole(PartMatcher)
        case items(FrozenArray<ItemConstraint>)
    }

    let entry: Int32
    let exclude: Bool
    let mode: ViewMode
    let strategy: PathStrategy
    let query: QueryMatcher
    let fragment: PartMatcher
    /// False when the rule can never decide: its entry names no app, or its path matches
    /// nothing (an undefined variable).
    let canDecide: Bool
}

/// How a rule's path pattern is decided: the cheapest form that gives the same answer.
enum PathStrategy: UInt8, Sendable {
    /// Literal text: the prefix trie, where the path must end.
    case exact
    /// A literal prefix then only `*`: the prefix trie, any path that reaches the node.
    case prefixThenAny
    /// Anything else: the view's glob union.
    case glob
}

extension CompiledRule {
    /// Compiles a rule; also returns its path pattern: the literal prefix (the trie's key) and
    /// the whole pattern (for the glob union).
    static func compile(_ rule: ResolvedRule, parser: PatternParser, arena: Arena) -> (
        rule: CompiledRule, prefix: [UInt8], path: [PatternNode]
    ) {
        let fold = !rule.caseSensitive
        let pathNodes = Self.pathNodes(rule, parser: parser)
        let prefixCount = pathNodes.prefix(while: {
            if case .literal = $0 { return true }
            return false
        }).count
        let remainder = Array(pathNodes[prefixCount...])
        let prefix = PartMatcher.literalBytes(Array(pathNodes[..<prefixCount])) ?? []
        let pathRemainder =
            remainder.isEmpty
            ? PartMatcher.exact(.empty)
            : PartMatcher(remainder, slashesVanishAtEnd: true, arena: arena)
        let strategy: PathStrategy
        switch pathRemainder {
        case .exact(let rest) where rest.isEmpty: strategy = .exact
        case .anything: strategy = .prefixThenAny
        default: strategy = .glob
        }
        func part(_ text: String) -> PartMatcher {
            PartMatcher(parser.parse(text, foldCase: fold), slashesVanishAtEnd: false, arena: arena)
        }
        let query: QueryMatcher
        switch rule.query {
        case .whole(let text):
            query = .whole(part(text))
        case .items(let items):
            query = .items(
                arena.freeze(
                    items.map {
                        ItemConstraint(
                            name: arena.freeze(Array($0.name.utf8)), value: part($0.pattern))
                    }))
        }
        var pathMatchesSomething = true
        if case .nothing = pathRemainder { pathMatchesSomething = false }
        let compiled = CompiledRule(
            entry: Int32(rule.entryIndex), exclude: rule.exclude,
            mode: ViewMode(folded: fold, decoded: !rule.percentEncoded), strategy: strategy,
            query: query, fragment: part(rule.fragment),
            canDecide: !rule.appIDs.isEmpty && pathMatchesSomething)
        return (compiled, prefix, pathNodes)
    }

    /// The path pattern as nodes: leading `/` dropped (S5.3); `$(...)` literal in legacy paths.
    static func pathNodes(_ rule: ResolvedRule, parser: PatternParser) -> [PatternNode] {
        let fold = !rule.caseSensitive
        let text = String(rule.path.drop(while: { $0 == "/" }))
        return rule.isLegacyPath
            ? PatternParser.parseValue(text, foldCase: fold) : parser.parse(text, foldCase: fold)
    }

    /// The whole path pattern as one matcher, for `explain`.
    static func pathMatcher(_ rule: ResolvedRule, parser: PatternParser, arena: Arena)
        -> PartMatcher
    {
        PartMatcher(pathNodes(rule, parser: parser), slashesVanishAtEnd: true, arena: arena)
    }
}
