import AASAModel
import Synchronization

/// The rules of one AASA file compiled once into an immutable automaton. Per view of the URL
/// (case-folded or not, percent-decoded or not): a prefix trie for literal and `prefix*`
/// paths, a suffix trie for `prefix*suffix` paths (`SuffixRules`), and ONE position automaton
/// for every other path glob, run as a lazy DFA; every rule keeps its global order. Share one
/// instance between threads and give each thread its own `MatchScratch`, which holds the DFA
/// states that thread has built.
public final class CompiledRuleSet: Sendable {
    /// Every rule in evaluation order, with its defaults applied.
    public let rules: [ResolvedRule]
    /// Every app ID named by the file, in order of first appearance.
    public let apps: [String]
    /// App indices of each `details` entry: `entryApps[entryAppStart[e]..<entryAppStart[e+1]]`.
    let entryAppStart: FrozenArray<Int32>
    let entryApps: FrozenArray<Int32>
    let compiled: FrozenArray<CompiledRule>
    /// Per rule, what `decide` reads first (`RuleHead`).
    let heads: FrozenArray<RuleHead>
    /// One prefix trie, suffix trie and glob union per view mode (index `ViewMode.index`);
    /// empty when no rule of that view needs it.
    let tries: FrozenArray<PrefixTrie>
    let suffixRules: FrozenArray<SuffixRules>
    /// The members of every view's `checked` and `group` trie entries (`piecesAfterPrefix`
    /// rules), one element: the trie walk is handed a pointer to it, not eight words.
    let prefixChecks: FrozenArray<PieceChecks>
    /// Every view's trie entries and suffix rules in one: for a path that every view reads
    /// alike (`MatchState.plainPath`, most paths), one walk instead of one per view.
    let plainTrie: PrefixTrie
    let plainSuffixRules: SuffixRules
    /// The views whose glob unions hold globs.
    let globUnionModes: FrozenArray<ViewMode>
    /// Rules held as one entry per group, told apart by a literal fragment, whole query or
    /// query item value.
    let keyedGroups: KeyedGroups
    /// The union of each keyed group of glob patterns (`KeyedGroups.Group.union`).
    let patternUnions: FrozenArray<GlobUnion>
    let unions: FrozenArray<GlobUnion>
    /// Each union's group patterns, in group order: a scratch whose DFA cache gave up compiles
    /// them one by one (`GlobFallback`).
    let globPatterns: [[[PatternNode]]]
    /// Per rule: its group in its view's union, or -1 for a rule the union does not hold.
    let globGroup: FrozenArray<Int32>
    /// Rules left out of the tries and glob groups because an earlier rule of their entry
    /// always matches where they do (`NeverReachedRules`).
    let neverReached: Int
    /// The rules that match every URL, one per entry at most, in rule order: no index holds
    /// them, nor the rules behind them (`CatchAllRules`).
    let catchAlls: FrozenArray<PrefixTrie.Entry>
    let behindCatchAlls: Int
    /// The other rules every path reaches (path `*` with a condition): no trie holds them.
    let everywhere: EverywhereRules
    /// Per app: the rule of its default answer, its first catch-all (`AppDefaults`).
    let defaultRuleOfApp: FrozenArray<Int32>
    let lastDefaultRule: Int32
    let appsWithoutDefault: Int
    /// Each app's answer to every URL with a web scheme on which no rule before its first
    /// catch-all decides it (`AppDefaults`), in app order: what `decideWithApps` leaves out of
    /// `MatchScratch.appOverrides`.
    public let defaultAppDecisions: [AppDecision]
    let usedModes: FrozenArray<ViewMode>
    /// Owns the memory of every `FrozenArray` above.
    private let arena: Arena
    /// The pattern parser with the file's variables, for `explain`.
    let parser: PatternParser
    /// True when some app appears in more than one entry, so per-app bookkeeping is needed.
    let appsOverlap: Bool
    /// True when no rule looks at the query or the fragment (each matches any of them): then
    /// every decision, and every app's own (`decidePerApp`), is the same for all URLs with the
    /// same scheme, authority and path, and a caller may remember it for the path alone.
    public let decidesByPathAlone: Bool
    /// The item names the rules read, when that is all they read of the query (they may read
    /// the fragment: `ReadItemNames`); nil otherwise, and for a set that `decidesByPathAlone`.
    let readItemNames: ReadItemNames?
    /// Set when the rules compile to more automaton than one rule set may (`CompileBudget`):
    /// the set then does not decide as its file says, and must be refused.
    public let budgetExceeded: CompileBudgetExceeded?
    /// The size of the glob automata built, within `AutomatonSize.limit`.
    public let automatonSize: AutomatonSize
    /// Unique per compiled set, so a scratch knows whose DFA states it holds.
    let identity: Int
    private static let compilations = Atomic<Int>(0)

    /// Compiles the rules of a document with its substitution variables; check `budgetExceeded` before use (or use `AppLinkRules`, which does).
    public convenience init(_ document: AASADocument) {
        let variables = document.applinks?.substitutionVariables ?? []
        var custom: [String: [String]] = [:]
        for variable in variables where custom[variable.name] == nil {
            custom[variable.name] = variable.values
        }
        self.init(rules: ResolvedRule.resolve(document), variables: custom)
    }

    /// Compiles already-resolved rules; `variables` are the custom substitution variables.
    ///
    /// Each rule goes to the builder of its path's strategy (`PathStrategies`); the indexes
    /// are then built from the rules that can decide (`NeverReachedRules`).
    public init(
        rules: [ResolvedRule], variables: [String: [String]] = [:],
        limit: AutomatonSize = .limit
    ) {
        let parser = PatternParser(customVariables: variables)
        self.parser = parser
        self.rules = rules
        self.identity = Self.compilations.wrappingAdd(1, ordering: .relaxed).newValue
        let entryApps = EntryApps(rules)
        self.apps = entryApps.apps
        self.appsOverlap = entryApps.overlap
        let arena = Arena()
        self.arena = arena
        self.entryAppStart = arena.freeze(entryApps.starts)
        self.entryApps = arena.freeze(entryApps.indices)
        let budget = CompileBudget(limit: limit)
        let compiled = Self.compile(
            rules, parser: parser, parts: PartCache(arena: arena, budget: budget))
        let catchAlls = CatchAllRules(compiled, entryCount: entryApps.starts.count - 1)
        self.catchAlls = arena.freeze(catchAlls.entries)
        behindCatchAlls = catchAlls.hiddenCount
        let defaults = AppDefaults(catchAlls, compiled: compiled, entryApps: entryApps)
        defaultRuleOfApp = arena.freeze(defaults.ruleOfApp)
        lastDefaultRule = defaults.lastRule
        appsWithoutDefault = defaults.appsWithout
        defaultAppDecisions = defaults.decisions.sorted { $0.app < $1.app }
        let strategies = PathStrategies(compiled, rules: rules, catchAlls: catchAlls)
        let pathHeads = compiled.map { RuleHead($0.rule) }
        let (reached, everywhereRules) = strategies.trie.reached(heads: pathHeads, arena: arena)
            .withoutRootPrefixes()
        everywhere = EverywhereRules(
            everywhereRules, heads: pathHeads, catchAllCount: catchAlls.entries.count,
            arena: arena)
        prefixChecks = arena.freeze([reached.checks])
        let keyedGroups = KeyedGroups(
            strategies.keyed.definitions, heads: pathHeads, arena: arena)
        self.keyedGroups = keyedGroups
        self.patternUnions = arena.freeze(
            keyedGroups.patternUnions(limit: limit, parser: parser, arena: arena))
        let grouped = strategies.globs.grouped(heads: pathHeads, keyed: strategies.keyed)
        self.globPatterns = grouped.views.map { $0.map(\.nodes) }
        self.globGroup = arena.freeze(grouped.groupOfRule(ruleCount: rules.count))
        self.neverReached = reached.neverReached + grouped.neverReached
        let indexes = ViewIndexes(
            reached, strategies.suffixes, grouped, budget: budget, arena: arena)
        tries = arena.freeze(indexes.tries)
        suffixRules = arena.freeze(indexes.suffixRules)
        plainTrie = indexes.plainTrie
        plainSuffixRules = indexes.plainSuffixRules
        automatonSize = budget.used
        budgetExceeded = CompileBudgetExceeded(budget, rules: rules)
        let unions = indexes.unions
        self.unions = arena.freeze(unions)
        self.globUnionModes = arena.freeze(ViewMode.all.filter { !unions[$0.index].isEmpty })
        // A glob that matches nothing (`a$(nope)`) cannot decide, as its union found.
        var compiledRules = compiled.map(\.rule)
        for dead in unions.flatMap(\.deadRules.buffer) {
            compiledRules[Int(dead)] = compiledRules[Int(dead)].inert
        }
        self.compiled = arena.freeze(compiledRules)
        let heads = compiledRules.map(RuleHead.init)
        self.heads = arena.freeze(heads)
        decidesByPathAlone = heads.allSatisfy(\.pathDecides)
        readItemNames = decidesByPathAlone ? nil : ReadItemNames(compiledRules, arena: arena)
        self.usedModes = arena.freeze(strategies.usedModes)
    }

    /// Every rule compiled, in order, each path decided by its strategy (`PiecePlacement`
    /// chooses among those of rules with pieces).
    private static func compile(_ rules: [ResolvedRule], parser: PatternParser, parts: PartCache)
        -> [RuleWithPath]
    {
        var compiled = rules.enumerated().map { index, rule in
            parts.rule = Int32(index)
            return CompiledRule.compile(rule, parser: parser, parts: parts)
        }
        let strategies = PiecePlacement.strategies(
            compiled.map { ($0.rule.mode, $0.rule.strategy, $0.pieces) })
        for index in compiled.indices where compiled[index].pieces != nil {
            compiled[index].rule = compiled[index].rule.decided(by: strategies[index])
        }
        return compiled
    }

    /// The union that holds the globs of a view: case-insensitive globs of undecoded views
    /// share the case-sensitive one's.
    @inline(__always)
    static func unionIndex(_ mode: ViewMode) -> Int {
        mode == ViewMode(folded: true, decoded: false) ? 0 : mode.index
    }

    /// The app indices of entry `entry`.
    @inline(__always)
    func apps(ofEntry entry: Int32) -> UnsafeBufferPointer<Int32> {
        let start = Int(entryAppStart[Int(entry)])
        let end = Int(entryAppStart[Int(entry) + 1])
        return UnsafeBufferPointer(rebasing: entryApps.buffer[start..<end])
    }

    /// Rules per strategy, for `--debug` and benchmarks: how much work lookups avoid.
    public var strategySummary: String {
        var exact = 0
        var prefix = 0
        var suffix = 0
        var checked = 0
        var glob = 0
        var inert = 0
        for rule in compiled.buffer {
            guard rule.canDecide else {
                inert += 1
                continue
            }
            switch rule.strategy {
            case .exact: exact += 1
            case .prefixThenAny: prefix += 1
            case .prefixStarSuffix: suffix += 1
            case .piecesAfterPrefix: checked += 1
            case .glob: glob += 1
            }
        }
        var summary =
            "\(exact) exact, \(prefix) prefix, \(suffix) suffix, \(checked) checked, \(glob) glob, "
            + "\(inert) inert"
        if neverReached + behindCatchAlls > 0 {
            summary +=
                "; \(neverReached + behindCatchAlls) behind an earlier rule of their entry"
                + (behindCatchAlls > 0
                    ? " (\(behindCatchAlls) behind a catch-all)" : " on the same path")
        }
        if !catchAlls.isEmpty { summary += "; \(catchAlls.count) catch-alls" }
        if !keyedGroups.isEmpty {
            summary +=
                "; keyed groups: \(keyedGroups.count) (\(keyedGroups.ruleCount) rules)"
            if !patternUnions.isEmpty { summary += ", \(patternUnions.count) by pattern" }
        }
        let globUnions = unions.buffer.filter { !$0.isEmpty }
        if !globUnions.isEmpty {
            let groups = globUnions.map(\.groupCount).reduce(0, +)
            let positions = globUnions.map(\.positionCount).reduce(0, +)
            summary +=
                "; glob automata: \(globUnions.count) (\(groups) distinct paths, "
                + "\(positions) positions, "
                + "\(globUnions.map { String($0.classCount) }.joined(separator: "/")) character classes)"
        }
        return summary
    }

    /// The apps of rule `rule`'s entry, as indices into `apps`, each once: read from the
    /// compiled entries, without hashing an app ID.
    public func apps(ofRule rule: Int) -> UnsafeBufferPointer<Int32> {
        apps(ofEntry: heads[rule].entry)
    }

    /// How many `details` entries name at least one app.
    public var entriesNamingApps: Int {
        let starts = entryAppStart.buffer
        return starts.indices.dropFirst().count { starts[$0] > starts[$0 - 1] }
    }

    /// The index in `apps` of every app ID.
    public var appIndex: [String: Int] {
        Dictionary(
            apps.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    }

    /// A scratch for this rule set; one per thread.
    public func makeScratch() -> MatchScratch { MatchScratch() }

    /// Bytes of the automaton's tables (tries, glob unions, compiled rules): the memory the
    /// compiled set holds beside its rule texts. DFA states are built per `MatchScratch`.
    public var automatonBytes: Int { arena.byteCount }
}
