/// What a scratch uses once its DFA cache for a view has given up: each glob group's own
/// position automaton (`GlobProgram`, bit-parallel for up to 64 states). The groups' rules
/// join the candidates unchecked, and a group's path is checked only when `decide` reaches one
/// of its rules in rule order, once per URL: so the first glob that decides ends the work, as
/// globs were run before the union existed. The answer for rule sets whose combined DFA is far
/// larger than the cache budget (hundreds of `*a*b*c*` patterns against varied paths), where
/// each character would build a state of hundreds of positions. A group checked costs, per
/// character of the path, one 64-bit step when its automaton has at most 64 positions (most
/// patterns), else the follow edges of its live positions, of which `GlobProgram` keeps only
/// those from its last live `*` on: a few, however many `*`s the pattern has. A URL costs at
/// most that for each group of the union, once. Built on first need, per scratch and per group: compiling a rule set
/// pays nothing, and the matchers together stay within one rule set's `CompileBudget` (past it
/// they are dropped and compiled again as needed), so memory stays bounded even when every
/// group names a variable of hundreds of words, which the union built once. Only the groups
/// whose literal pairs the path holds join (`BigramFilter`): a URL pays for those, not for
/// every group of the union.
final class GlobFallback {
    /// The rule set the matchers belong to.
    let owner: Int
    private var arena = Arena()
    private let limit: AutomatonSize
    private var budget: CompileBudget
    /// How often the compiled matchers were dropped to stay within the budget.
    private(set) var restarts = 0
    /// Per union (view mode index), the matcher of each group, in group order, once compiled.
    private var matchers: [[PartMatcher?]] = Array(repeating: [], count: 4)
    /// Per union and group: the URL (`url`) for which `matched` holds the answer.
    private var checkedFor: [[UInt32]] = Array(repeating: [], count: 4)
    private var matched: [[Bool]] = Array(repeating: [], count: 4)
    /// Counts URLs, so answers of earlier ones are never reused.
    private(set) var url: UInt32 = 0
    /// Per union, the filter of its groups, once built.
    private var filters: [BigramFilter?] = Array(repeating: nil, count: 4)

    init(owner: Int, limit: AutomatonSize = .limit) {
        self.owner = owner
        self.limit = limit
        budget = CompileBudget(limit: limit)
    }

    /// A new URL: forget the answers of the last one.
    func nextURL() {
        url &+= 1
        if url == 0 {
            for union in 0..<4 { checkedFor[union] = checkedFor[union].map { _ in 0 } }
            url = 1
        }
    }

    /// Calls `body` with each group of union `union` (their patterns `patterns`) that may match
    /// `text`, the union's view of the path: the others cannot.
    func forEachGroup(
        _ union: Int, _ patterns: [[PatternNode]], mayMatch text: UnsafeBufferPointer<UInt8>,
        _ body: (Int32) -> Void
    ) {
        if filters[union] == nil { filters[union] = BigramFilter(patterns) }
        filters[union]?.forEachGroup(mayMatch: text, body)
    }

    /// Whether group `group` of union `union` matches `text`, the union's view of the path.
    func groupMatches(
        _ union: Int, _ group: Int, _ patterns: [[PatternNode]],
        _ text: UnsafeBufferPointer<UInt8>, _ scratch: inout GlobScratch
    ) -> Bool {
        if matchers[union].isEmpty {
            matchers[union] = Array(repeating: nil, count: patterns.count)
            checkedFor[union] = Array(repeating: 0, count: patterns.count)
            matched[union] = Array(repeating: false, count: patterns.count)
        }
        if checkedFor[union][group] != url {
            checkedFor[union][group] = url
            let matcher = matchers[union][group] ?? compile(union, group, patterns[group])
            matched[union][group] = matcher.matches(text, scratch: &scratch)
        }
        return matched[union][group]
    }

    private func compile(_ union: Int, _ group: Int, _ pattern: [PatternNode]) -> PartMatcher {
        var matcher = PartMatcher(pattern, slashesVanishAtEnd: true, arena: arena, budget: budget)
        if budget.isExhausted {
            // Start afresh: the matchers go before the memory they read.
            for index in matchers.indices { matchers[index] = matchers[index].map { _ in nil } }
            arena = Arena()
            budget = CompileBudget(limit: limit)
            restarts += 1
            matcher = PartMatcher(pattern, slashesVanishAtEnd: true, arena: arena, budget: budget)
            if budget.isExhausted {
                // One pattern alone: it fitted in the union, so it is bounded anyway.
                matcher = PartMatcher(pattern, slashesVanishAtEnd: true, arena: arena)
            }
        }
        matchers[union][group] = matcher
        return matcher
    }
}
