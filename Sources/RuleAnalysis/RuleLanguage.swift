import LinkMatcher

/// One pattern of a rule as an automaton over the text its rule's view reads, with what the
/// pruning and the view changes need to know about it.
struct PartLanguage: Sendable {
    let automaton: PartAutomaton
    let domain: TextDomain
    /// Accepts every text of its domain (`*`).
    let isUniversal: Bool
    /// Accepts no text at all.
    let isEmpty: Bool
    /// Some accepted text may hold a `%`: decoding could change it (SEMANTICS.md S7).
    let mayReadPercent: Bool

    init(_ nodes: [PatternNode], domain: TextDomain) {
        automaton = PartAutomaton(nodes, isPath: domain.isPath)
        self.domain = domain
        let allStars =
            !nodes.isEmpty
            && nodes.allSatisfy {
                if case .anyRun = $0 { return true }
                return false
            }
        // Every domain holds the empty text, so a pattern refusing it is not universal.
        isUniversal =
            allStars
            || (automaton.accepting[0]
                && LanguageCheck.acceptsEverything(automaton, domain: domain) == .proven)
        isEmpty =
            !allStars && automaton.sampleText(domain) == nil
            && LanguageCheck.acceptsSomething(automaton, domain: domain) == .refuted
        mayReadPercent = automaton.mayRead(0x25)
    }
}

/// What a rule matches, part by part, as automata over its own view of the URL (SEMANTICS.md
/// S4.1: a URL matches when its path, query and fragment all match).
struct RuleLanguage: Sendable {
    enum Query: Sendable {
        case whole(PartLanguage)
        /// Constraints by item name; a name the URL lacks reads as the empty value (S4.3.2).
        case items([(name: String, value: PartLanguage)])
    }

    let folded: Bool
    let decoded: Bool
    let path: PartLanguage
    let query: Query
    let fragment: PartLanguage
    /// The path's forced prefix and suffix, case-folded: two rules whose prefixes (or
    /// suffixes) differ where both are defined match no common path.
    let prefix: [UInt32]
    let suffix: [UInt32]

    init(_ rule: ResolvedRule, parser: PatternParser) {
        folded = !rule.caseSensitive
        decoded = !rule.percentEncoded
        let pathDomain = TextDomain(isPath: true, folded: folded, decoded: decoded)
        let partDomain = TextDomain(isPath: false, folded: folded, decoded: decoded)
        path = PartLanguage(rule.pathNodes(parser: parser), domain: pathDomain)
        let fold = folded
        func part(_ text: String, domain: TextDomain) -> PartLanguage {
            PartLanguage(parser.parse(text, foldCase: fold), domain: domain)
        }
        switch rule.query {
        case .whole(let text):
            query = .whole(part(text, domain: partDomain))
        case .items(let items):
            query = .items(items.map { ($0.name, part($0.pattern, domain: partDomain)) })
        }
        fragment = part(rule.fragment, domain: partDomain)
        prefix = path.automaton.forcedPrefix.map(CaseFolding.fold)
        suffix = path.automaton.forcedSuffix.map(CaseFolding.fold)
    }

    /// True when no URL matches the rule (an undefined variable, an empty value list).
    var isEmpty: Bool {
        if path.isEmpty || fragment.isEmpty { return true }
        switch query {
        case .whole(let whole): return whole.isEmpty
        case .items(let items): return items.contains { $0.value.isEmpty }
        }
    }

    var queryIsUniversal: Bool {
        switch query {
        case .whole(let whole): whole.isUniversal
        case .items(let items): items.allSatisfy { $0.value.isUniversal }
        }
    }

    /// Matches every URL: every later rule of its entry is dead.
    var isCatchAll: Bool { path.isUniversal && queryIsUniversal && fragment.isUniversal }

    /// False when the two paths provably share no text: their forced prefixes or suffixes
    /// disagree. (Only meaningful when the two views coincide up to case.)
    func pathMayMeet(_ other: RuleLanguage) -> Bool {
        Self.compatible(prefix, other.prefix, fromEnd: false)
            && Self.compatible(suffix, other.suffix, fromEnd: true)
    }

    static func compatible(_ first: [UInt32], _ second: [UInt32], fromEnd: Bool) -> Bool {
        let count = min(first.count, second.count)
        return fromEnd
            ? first.suffix(count).elementsEqual(second.suffix(count))
            : first.prefix(count).elementsEqual(second.prefix(count))
    }
}
