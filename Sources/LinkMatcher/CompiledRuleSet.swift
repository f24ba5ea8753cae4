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
    public init(
        rules: [ResolvedRule], variables: [String: [String]] = [:],
        limit: AutomatonSize = .limit
    ) {
        let parser = PatternParser(customVariables: variables)
        self.parser = parser
        self.rules = rules
        self.identity = Self.compilations.wrappingAdd(1, ordering: .relaxed).newValue
        var apps: [String] = []
        var appIndex: [String: Int32] = [:]
        var entryApps: [[Int32]] = []
        var seenInEntries: [String: Int] = [:]
        var overlap = false
        for rule in rules {
            while entryApps.count <= rule.entryIndex { entryApps.append([]) }
            guard entryApps[rule.entryIndex].isEmpty else { continue }
            var indices: [Int32] = []
            for app in rule.appIDs {
                let index: Int32
                if let known = appIndex[app] {
                    index = known
                } else {
                    index = Int32(apps.count)
                    appIndex[app] = index
                    apps.append(app)
                }
                if !indices.contains(index) { indices.append(index) }
                if let entry = seenInEntries[app], entry != rule.entryIndex { overlap = true }
                seenInEntries[app] = rule.entryIndex
            }
            entryApps[rule.entryIndex] = indices
        }
        self.apps = apps
        self.appsOverlap = overlap
        let arena = Arena()
        self.arena = arena
        var starts: [Int32] = [0]
        var total: Int32 = 0
        for list in entryApps {
            total += Int32(list.count)
            starts.append(total)
        }
        self.entryAppStart = arena.freeze(starts)
        self.entryApps = arena.freeze(entryApps.flatMap { $0 })
        let budget = CompileBudget(limit: limit)
        let parts = PartCache(arena: arena, budget: budget)
        var compiled = rules.enumerated().map { index, rule in
            parts.rule = Int32(index)
            return CompiledRule.compile(rule, parser: parser, parts: parts)
        }
        var literals: [[(prefix: [UInt8], entry: PrefixTrie.Entry)]] = Array(
            repeating: [], count: 4)
        var suffixes: [[(pieces: PathPieces, rule: Int32)]] = Array(repeating: [], count: 4)
        let strategies = PiecePlacement.strategies(
            compiled.map { ($0.rule.mode, $0.rule.strategy, $0.pieces) })
        for index in compiled.indices where compiled[index].pieces != nil {
            compiled[index].rule = compiled[index].rule.decided(by: strategies[index])
        }
        var globs: [[(nodes: [PatternNode], rule: Int32)]] = Array(repeating: [], count: 4)
        // A variable is one node shared by every rule that names it; its either-case copy is
        // made once too, so that 100,000 rules naming `$(lang)` share one copy, and grouping
        // and factoring compare it by identity instead of word by word.
        var eitherCaseCopies: [PatternNode: PatternNode] = [:]
        func eitherCase(_ node: PatternNode) -> PatternNode {
            switch node {
            case .choice, .sequence:
                if let known = eitherCaseCopies[node] { return known }
                let copy = node.eitherCase
                eitherCaseCopies[node] = copy
                return copy
            default:
                return node.eitherCase
            }
        }
        let keyed = Self.keyedGroups(compiled, rules: rules)
        var groupEntered = [Bool](repeating: false, count: keyed.groups.count)
        // The pieces of each `checked` trie entry, by the rule (or keyed group) it stands for.
        var piecesOfEntry: [Int32: PathPieces] = [:]
        for (index, (rule, literal, pieces, path)) in compiled.enumerated()
        where rule.canDecide {
            // A keyed group makes one candidate, where its first rule would be. (A glob group
            // keeps its rules: they make the union's group, whose candidates are set below.)
            var candidate = Int32(index)
            if let group = keyed.groupOfRule[candidate], rule.strategy != .glob {
                guard !groupEntered[group] else { continue }
                groupEntered[group] = true
                candidate = KeyedGroups.entryRule(ofGroup: group)
            }
            switch rule.strategy {
            case .exact, .prefixThenAny:
                literals[rule.mode.index].append(
                    (literal, PrefixTrie.Entry(rule: candidate, mustEnd: rule.strategy == .exact)))
            case .prefixStarSuffix:
                guard let pieces else { continue }
                suffixes[rule.mode.index].append((pieces, candidate))
            case .piecesAfterPrefix:
                guard let pieces else { continue }
                piecesOfEntry[candidate] = pieces
                literals[rule.mode.index].append(
                    (pieces.prefix, PrefixTrie.Entry(rule: candidate, kind: .checked)))
            case .glob where Self.unionIndex(rule.mode) != rule.mode.index:
                // An undecoded view is ASCII (raw characters are percent-encoded in it), so a
                // case-insensitive glob reads the unfolded view with letters of either case:
                // one DFA walk serves both case modes.
                globs[Self.unionIndex(rule.mode)].append((path.map(eitherCase), candidate))
            case .glob:
                globs[rule.mode.index].append((path, candidate))
            }
        }
        let pathHeads = compiled.map { RuleHead($0.rule) }
        var neverReached = 0
        var checkedItems: [(pieces: PathPieces, rule: Int32)] = []
        var checkedGroups: [[Int32]] = []
        let reachedLiterals = literals.map {
            let reached = NeverReachedRules.trieEntries($0, heads: pathHeads)
            neverReached += $0.count - reached.count
            return Self.nameMembers(
                reached, piecesOfEntry, &checkedItems, &checkedGroups)
        }
        prefixChecks = arena.freeze([
            PieceChecks(checkedItems, groups: checkedGroups, arena: arena)
        ])
        let keyedGroups = KeyedGroups(keyed.groups, arena: arena)
        self.keyedGroups = keyedGroups
        self.patternUnions = arena.freeze(
            (0..<keyedGroups.count).map { keyedGroups.group($0) }.filter { $0.union >= 0 }.map {
                Self.patternUnion(
                    keyedGroups.values(of: $0), mode: $0.mode, limit: limit, parser, arena)
            })
        let groups = globs.map {
            GlobUnion.groups($0).map { group in
                var group = group
                let reached = NeverReachedRules.groupRules(group.rules, heads: pathHeads)
                neverReached += group.rules.count - reached.count
                var entered = Set<Int>()
                group.candidates = reached.compactMap { rule in
                    guard let keyedGroup = keyed.groupOfRule[rule] else { return rule }
                    return entered.insert(keyedGroup).inserted
                        ? KeyedGroups.entryRule(ofGroup: keyedGroup) : nil
                }
                return group
            }
        }
        self.globPatterns = groups.map { $0.map(\.nodes) }
        var globGroup = [Int32](repeating: -1, count: rules.count)
        for unionGroups in groups {
            for (group, members) in unionGroups.enumerated() {
                for rule in members.rules { globGroup[Int(rule)] = Int32(group) }
            }
        }
        self.globGroup = arena.freeze(globGroup)
        self.neverReached = neverReached
        // The tries of the views in one lane; the merged trie and the glob unions in the other.
        // Merged anew only when more than one view has entries; else that view's own serves.
        let trieModes = reachedLiterals.indices.filter { !reachedLiterals[$0].isEmpty }
        let suffixModes = suffixes.indices.filter { !suffixes[$0].isEmpty }
        let (views, merged) = TwoLanes.run(
            {
                (
                    tries: reachedLiterals.map { PrefixTrie($0, arena: arena) },
                    suffixRules: suffixes.map { SuffixRules($0, arena: arena) }
                )
            },
            {
                (
                    trie: trieModes.count > 1
                        ? PrefixTrie(reachedLiterals.flatMap { $0 }, arena: arena) : nil,
                    suffixRules: suffixModes.count > 1
                        ? SuffixRules(suffixes.flatMap { $0 }, arena: arena) : nil,
                    unions: ViewMode.all.map {
                        GlobUnion(
                            groups[$0.index], foldsCase: $0.folded, arena: arena, budget: budget)
                    }
                )
            })
        let (tries, suffixRules, unions) = (views.tries, views.suffixRules, merged.unions)
        self.tries = arena.freeze(tries)
        self.suffixRules = arena.freeze(suffixRules)
        plainTrie = merged.trie ?? tries[trieModes.first ?? 0]
        plainSuffixRules = merged.suffixRules ?? suffixRules[suffixModes.first ?? 0]
        automatonSize = budget.used
        budgetExceeded =
            budget.isExhausted
            ? CompileBudgetExceeded(
                ref: budget.exhaustedBy >= 0 ? rules[Int(budget.exhaustedBy)].ref : nil,
                limit: budget.limit) : nil
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
        self.usedModes = arena.freeze(
            ViewMode.all.filter {
                !literals[$0.index].isEmpty || !suffixes[$0.index].isEmpty
                    || !globs[$0.index].isEmpty
            })
    }

    /// One view's trie entries with each checked entry naming its member in the checks of
    /// every view (`items`), and the checked entries of a prefix that `PiecePlacement` finds
    /// by their middle made one entry for their group (`groups`).
    private static func nameMembers(
        _ entries: [(prefix: [UInt8], entry: PrefixTrie.Entry)],
        _ piecesOfEntry: [Int32: PathPieces],
        _ items: inout [(pieces: PathPieces, rule: Int32)], _ groups: inout [[Int32]]
    ) -> [(prefix: [UInt8], entry: PrefixTrie.Entry)] {
        var sharing: [[UInt8]: Int] = [:]
        for item in entries where item.entry.kind == .checked {
            if piecesOfEntry[item.entry.rule]?.middles.count == 1 {
                sharing[item.prefix, default: 0] += 1
            }
        }
        var groupOfPrefix: [[UInt8]: Int32] = [:]
        var named: [(prefix: [UInt8], entry: PrefixTrie.Entry)] = []
        for item in entries {
            guard item.entry.kind == .checked, let pieces = piecesOfEntry[item.entry.rule] else {
                named.append(item)
                continue
            }
            let member = Int32(items.count)
            items.append((pieces, item.entry.rule))
            guard PiecePlacement.isGrouped(pieces, among: sharing[item.prefix, default: 0]) else {
                named.append((item.prefix, PrefixTrie.Entry(rule: member, kind: .checked)))
                continue
            }
            if let group = groupOfPrefix[item.prefix] {
                groups[Int(group)].append(member)
            } else {
                groupOfPrefix[item.prefix] = Int32(groups.count)
                named.append(
                    (item.prefix, PrefixTrie.Entry(rule: Int32(groups.count), kind: .group)))
                groups.append([member])
            }
        }
        return named
    }

    /// The rules that share their path pattern with at least `KeyedGroups.smallestGroup` others
    /// requiring a literal of the same key, grouped, in order of their first rule; and each
    /// grouped rule's group. A rule with several literal keys joins the group of the first one
    /// that has enough rules.
    private static func keyedGroups(
        _ compiled: [(
            rule: CompiledRule, literal: [UInt8], pieces: PathPieces?, path: [PatternNode]
        )],
        rules: [ResolvedRule]
    ) -> (
        groups: [(mode: ViewMode, key: KeyedGroups.Key, members: [KeyedGroups.Member])],
        groupOfRule: [Int32: Int]
    ) {
        /// One path pattern of one view, as its strategy holds it, and one key.
        struct SharedPath: Hashable {
            let mode: ViewMode
            let strategy: PathStrategy
            /// The literal of an exact or `prefix*` pattern.
            let literal: [UInt8]
            /// The whole pattern, for any other.
            let nodes: [PatternNode]
            let key: KeyedGroups.Key
        }
        var candidates: [(rule: Int32, keys: [(path: SharedPath, value: [UInt8])])] = []
        var ruleCount: [SharedPath: Int] = [:]
        for (index, (rule, literal, _, nodes)) in compiled.enumerated()
        where rule.canDecide {
            let keys = (rule.literalKeys + rule.patternKeys(rules[index])).map { key, value in
                (
                    SharedPath(
                        mode: rule.mode, strategy: rule.strategy, literal: literal,
                        nodes: rule.strategy == .exact || rule.strategy == .prefixThenAny
                            ? [] : nodes,
                        key: key),
                    value
                )
            }
            guard !keys.isEmpty else { continue }
            for (path, _) in keys { ruleCount[path, default: 0] += 1 }
            candidates.append((Int32(index), keys))
        }
        var members: [SharedPath: [KeyedGroups.Member]] = [:]
        var order: [SharedPath] = []
        for (rule, keys) in candidates {
            guard
                let (path, value) = keys.first(where: {
                    ruleCount[$0.path, default: 0] >= KeyedGroups.smallestGroup
                })
            else { continue }
            if members[path] == nil { order.append(path) }
            members[path, default: []].append(.init(rule: rule, value: value))
        }
        var groups: [(mode: ViewMode, key: KeyedGroups.Key, members: [KeyedGroups.Member])] = []
        var groupOfRule: [Int32: Int] = [:]
        for path in order {
            let group = members[path, default: []]
            // A rule that would have made up the count may have joined another of its keys.
            guard group.count >= KeyedGroups.smallestGroup else { continue }
            for member in group { groupOfRule[member.rule] = groups.count }
            groups.append((path.mode, path.key, group))
        }
        return (groups, groupOfRule)
    }

    /// The union of a pattern group's distinct patterns, in value order (pattern `g` is the
    /// union's group `g`); empty when it would take more than a tenth of the rule set's
    /// `limit`, and the group's rules are then all checked.
    private static func patternUnion(
        _ patterns: [[UInt8]], mode: ViewMode, limit: AutomatonSize, _ parser: PatternParser,
        _ arena: Arena
    ) -> GlobUnion {
        let groups = patterns.enumerated().map { index, pattern in
            var group = GlobUnion.Group(
                nodes: parser.parse(
                    String(decoding: pattern, as: UTF8.self), foldCase: mode.folded),
                rules: [Int32(index)])
            group.candidates = group.rules
            return group
        }
        let budget = CompileBudget(
            limit: AutomatonSize(positions: limit.positions / 10, edges: limit.edges / 10))
        let union = GlobUnion(groups, foldsCase: mode.folded, arena: arena, budget: budget)
        return budget.isExhausted ? .empty : union
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
        if neverReached > 0 {
            summary += "; \(neverReached) behind an earlier rule of their entry on the same path"
        }
        if !keyedGroups.isEmpty {
            summary +=
                "; keyed groups: \(keyedGroups.count) (\(keyedGroups.ruleCount) rules)"
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
