/// One rule compiled for matching: which view of the URL it reads and how its query and
/// fragment are checked. Its path is decided by the view's prefix trie, suffix trie or glob
/// union, as `strategy` says. (`explain` compiles the whole path pattern when it needs it.)
/// Plain values only (no reference counts), so threads read it without contention.
struct CompiledRule: Sendable, BitwiseCopyable {
    /// One `name: pattern` pair of a query dictionary.
    struct ItemConstraint: Sendable, BitwiseCopyable {
        /// Name bytes in the rule's encoding view; names are never folded (S11 Q4).
        let name: FrozenArray<UInt8>
        let value: PartMatcher
        /// True when the name is text that no view encodes or decodes (no `%`, nothing of
        /// S3.2): then, in an undecoded view, it is present in a query only if its bytes are.
        let nameIsPlain: Bool

        /// Whether a name is plain (`nameIsPlain`).
        static func isPlain(_ name: some Sequence<UInt8>) -> Bool {
            name.allSatisfy { !TextTransform.needsEncoding($0) && $0 != UInt8(ascii: "%") }
        }
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

/// What `decide` reads of every candidate rule, kept apart from the rules: 8 bytes, where a
/// `CompiledRule` with its two matchers is twenty times larger. Most candidates need nothing
/// more (their query and fragment are `*`), so with thousands of rules a candidate costs a
/// load from a small table, not from a large one.
struct RuleHead: Sendable, BitwiseCopyable {
    let entry: Int32
    let exclude: Bool
    /// True when the rule matches any query and any fragment: its path decides alone.
    let pathDecides: Bool
    /// The parts whose absence fails the rule, as a mask of `queryAbsent` and
    /// `fragmentAbsent`: a URL without them is passed over at once. (Apple's opt-out rule,
    /// `{"?": {"no_universal_links": "?*"}}`, is a candidate of every path, in every entry.)
    let failsWithout: UInt8

    static let queryAbsent: UInt8 = 1
    static let fragmentAbsent: UInt8 = 2

    init(_ rule: CompiledRule) {
        entry = rule.entry
        exclude = rule.exclude
        var anyQuery = false
        if case .whole(.anything) = rule.query { anyQuery = true }
        var anyFragment = false
        if case .anything = rule.fragment { anyFragment = true }
        pathDecides = anyQuery && anyFragment
        // An absent query is the empty text to a whole-query pattern, and `""` to every item
        // (S4.3.2); an absent fragment is the empty text.
        let queryFails =
            switch rule.query {
            case .whole(let matcher): matcher.matchesEmpty == false
            case .items(let items): items.buffer.contains { $0.value.matchesEmpty == false }
            }
        failsWithout =
            (queryFails ? Self.queryAbsent : 0)
            | (rule.fragment.matchesEmpty == false ? Self.fragmentAbsent : 0)
    }
}

/// How a rule's path pattern is decided: the cheapest form that gives the same answer.
enum PathStrategy: UInt8, Sendable {
    /// Literal text: the prefix trie, where the path must end.
    case exact
    /// A literal prefix then only `*`: the prefix trie, any path that reaches the node.
    case prefixThenAny
    /// `PathPieces` with a suffix (`*.pdf`, `/users/*/settings/privacy`,
    /// `/orgs/*/repos/*/issues/open`): the view's `SuffixRules`, read from the path's end.
    case prefixStarSuffix
    /// `PathPieces` with a literal prefix that sets them apart (`/u/*/posts/?*`,
    /// `/t/event-???`, `/docs/manuals/*.pdf` beside many other `*.pdf`): the prefix trie,
    /// which checks the rest where the path reaches the prefix.
    case piecesAfterPrefix
    /// Anything else: the view's glob union.
    case glob
}

/// A rule compiled, with its path pattern in the forms its strategy reads.
struct RuleWithPath {
    var rule: CompiledRule
    /// The literal the prefix trie keeps for an exact or `prefix*` pattern, and the literal
    /// prefix of a glob.
    let literal: [UInt8]
    /// The pattern's pieces when it has them (`PathPieces`): the strategy is then
    /// `prefixStarSuffix` or `piecesAfterPrefix`, as they say.
    let pieces: PathPieces?
    /// The whole pattern (for the glob union); empty for a literal or `prefix*` one.
    let nodes: [PatternNode]
}

extension CompiledRule {
    /// Compiles a rule, with its path pattern (`RuleWithPath`). `parts` shares the matchers of
    /// query and fragment texts between rules (most rules have the same few).
    static func compile(_ rule: ResolvedRule, parser: PatternParser, parts: PartCache)
        -> RuleWithPath
    {
        let fold = !rule.caseSensitive
        let strategy: PathStrategy
        var literal: [UInt8] = []
        var pieces: PathPieces?
        var pathNodes: [PatternNode] = []
        if let (text, starred) = Self.literalPath(rule) {
            // Most rules of a large file: no pattern nodes needed.
            (strategy, literal) = (starred ? .prefixThenAny : .exact, text)
        } else {
            pathNodes = Self.pathNodes(rule, parser: parser)
            pieces = PathPieces(pathNodes)
            if let pieces {
                strategy = pieces.suffix.isEmpty ? .piecesAfterPrefix : .prefixStarSuffix
            } else {
                let prefixCount = pathNodes.prefix(while: {
                    if case .literal = $0 { return true }
                    return false
                }).count
                let remainder = pathNodes[prefixCount...]
                literal = PartMatcher.literalBytes(Array(pathNodes[..<prefixCount])) ?? []
                strategy =
                    remainder.isEmpty
                    ? .exact : remainder.allSatisfy(\.isAnyRun) ? .prefixThenAny : .glob
            }
        }
        func part(_ text: String) -> PartMatcher {
            parts.matcher(text, foldCase: fold, parser: parser)
        }
        let query: QueryMatcher
        switch rule.query {
        case .whole(let text):
            query = .whole(part(text))
        case .items(let items):
            // A `*` value holds whatever the query: absent, empty and every repeated value
            // (S4.3.2). Left out, a rule such as `{"utm_source": "*"}` has a path that decides
            // alone, like a rule without a query.
            let constraints = items.map { item in
                ItemConstraint(
                    name: parts.arena.freeze(Array(item.name.utf8)),
                    value: part(item.pattern),
                    nameIsPlain: ItemConstraint.isPlain(item.name.utf8))
            }.filter {
                if case .anything = $0.value { return false }
                return true
            }
            if constraints.isEmpty {
                query = .whole(.anything)
                break
            }
            // All must hold, so the order is free: the likeliest to fail first, so that the
            // rules of a path that differ in one item's value are told apart at once.
            query = .items(
                parts.arena.freeze(
                    constraints.enumerated().sorted {
                        ($0.element.value.failureRank, $0.offset)
                            < ($1.element.value.failureRank, $1.offset)
                    }.map(\.element)))
        }
        let compiled = CompiledRule(
            entry: Int32(rule.entryIndex), exclude: rule.exclude,
            mode: ViewMode(folded: fold, decoded: !rule.percentEncoded), strategy: strategy,
            query: query, fragment: part(rule.fragment), canDecide: !rule.appIDs.isEmpty)
        return RuleWithPath(rule: compiled, literal: literal, pieces: pieces, nodes: pathNodes)
    }

    /// The same rule, unable to decide: its path pattern matches nothing (an undefined
    /// variable, a variable without values), as its glob union found.
    var inert: CompiledRule {
        CompiledRule(
            entry: entry, exclude: exclude, mode: mode, strategy: strategy, query: query,
            fragment: fragment, canDecide: false)
    }

    /// The same rule, its path decided another way.
    func decided(by strategy: PathStrategy) -> CompiledRule {
        CompiledRule(
            entry: entry, exclude: exclude, mode: mode, strategy: strategy, query: query,
            fragment: fragment, canDecide: canDecide)
    }

    /// The UTF-8 bytes of a path pattern that is literal text, optionally followed by `*`s
    /// (then `starred`), leading `/` dropped and case folded as the rule says; nil for any
    /// other pattern (a wildcard inside, or a possible variable in a `components` rule).
    static func literalPath(_ rule: ResolvedRule) -> (bytes: [UInt8], starred: Bool)? {
        // Bytes, not scalars: the characters that matter are ASCII, and only a case-folded
        // rule with a non-ASCII character needs its scalars (then the general path is taken).
        // Read in place (`withUTF8`): thousands of rules of a large file come this way.
        var path = rule.path
        return path.withUTF8 { utf8 in
            let text = utf8.drop(while: { $0 == UInt8(ascii: "/") })
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.count)
            var stars = false
            var previous = UInt8(ascii: "/")
            for byte in text {
                if byte == UInt8(ascii: "*") {
                    stars = true
                } else if stars || byte == UInt8(ascii: "?")
                    || (byte == UInt8(ascii: "(") && previous == UInt8(ascii: "$")
                        && !rule.isLegacyPath)
                    || (byte >= 0x80 && !rule.caseSensitive)
                {
                    return nil
                } else {
                    bytes.append(rule.caseSensitive ? byte : CaseFolding.foldASCII(byte))
                }
                previous = byte
            }
            return (bytes, stars)
        }
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

/// The matchers of query and fragment texts already compiled for one rule set, by text and
/// case mode: a 5,000-rule file has a few distinct ones.
final class PartCache {
    let arena: Arena
    /// What the matchers' automata are taken from.
    let budget: CompileBudget?
    /// The rule being compiled, named when the budget runs out.
    var rule: Int32 = -1
    /// By case mode and exact text: the Kelvin sign `K` must not get the matcher of `K`.
    private var known: [Key: PartMatcher] = [:]
    /// The matchers of `*`, unfolded and folded: nearly every rule's fragment and most rules'
    /// query, found without making and hashing a key.
    private var anything: [PartMatcher?] = [nil, nil]

    init(arena: Arena, budget: CompileBudget? = nil) {
        self.arena = arena
        self.budget = budget
    }

    func matcher(_ text: String, foldCase: Bool, parser: PatternParser) -> PartMatcher {
        let isAnything = text == "*"
        if isAnything, let matcher = anything[foldCase ? 1 : 0] { return matcher }
        let key = Key(foldCase: foldCase, text: ExactText(text))
        if let matcher = known[key] { return matcher }
        let wasExhausted = budget?.isExhausted ?? true
        let matcher = PartMatcher(
            parser.parse(text, foldCase: foldCase), slashesVanishAtEnd: false, arena: arena,
            budget: budget)
        if !wasExhausted, let budget, budget.isExhausted { budget.exhaustedBy = rule }
        known[key] = matcher
        if isAnything { anything[foldCase ? 1 : 0] = matcher }
        return matcher
    }

    private struct Key: Hashable {
        var foldCase: Bool
        var text: ExactText
    }
}

extension CompiledRule {
    /// The literal texts this rule requires, each with what it is the text of: what a
    /// `KeyedGroups` group tells its rules apart by. The first literal query item first (the
    /// constraints are sorted rarest first), then the whole query, then the fragment.
    var literalKeys: [(key: KeyedGroups.Key, value: [UInt8])] {
        var keys: [(key: KeyedGroups.Key, value: [UInt8])] = []
        switch query {
        case .items(let constraints):
            for constraint in constraints.buffer {
                guard case .exact(let value) = constraint.value else { continue }
                keys.append((.item(name: Array(constraint.name.buffer)), Array(value.buffer)))
                break
            }
        case .whole(.exact(let text)):
            keys.append((.query, Array(text.buffer)))
        case .whole:
            break
        }
        if case .exact(let text) = fragment { keys.append((.fragment, Array(text.buffer))) }
        return keys
    }

    /// The glob patterns of its query items, whole query and fragment, as written in `rule`
    /// (this rule compiled): what a `KeyedGroups` group of patterns runs as one automaton.
    /// Patterns of wildcards alone (`?*`) are left out: they take nearly every text.
    func patternKeys(_ rule: ResolvedRule) -> [(key: KeyedGroups.Key, value: [UInt8])] {
        var keys: [(key: KeyedGroups.Key, value: [UInt8])] = []
        if case .whole(.glob) = query, case .whole(let text) = rule.query {
            keys.append((.queryPattern, Array(text.utf8)))
        }
        if case .items(let constraints) = query, case .items(let written) = rule.query {
            for constraint in constraints.buffer {
                guard case .glob = constraint.value,
                    let item = written.first(where: {
                        $0.name.utf8.elementsEqual(constraint.name.buffer)
                    })
                else { continue }
                keys.append(
                    (.itemPattern(name: Array(constraint.name.buffer)), Array(item.pattern.utf8)))
            }
        }
        if case .glob = fragment { keys.append((.fragmentPattern, Array(rule.fragment.utf8))) }
        return keys
    }
}
