import AASAModel
import LinkMatcher
import Testing
import Workload

/// Patterns written to make compilation explode (runs of wildcards, long chains of slashes,
/// variables that may be empty repeated thousands of times, a long variable named by many
/// rules): each either compiles to exact answers or is refused by the compile budget, in
/// bounded work.
struct CompileLimitTests {
    /// Runs of `*` and `?` are kept in their shortest form, which matches the same texts: the
    /// automaton still agrees with the reference on every URL.
    @Test func wildcardRunsMatchWhatTheyMatchedBefore() {
        var random = SplitMix64(seed: 0x57A2)
        let pieces = ["*", "*", "?", "a", "b", "/"]
        let urls =
            abPaths(count: 300, length: 6, seed: 5).map { $0 + "/" }
            + abPaths(count: 300, length: 3, seed: 6)
        var found: [String] = []
        for _ in 0..<40 {
            let pattern = (0..<8).map { _ in pieces[Int(random.next() % 6)] }.joined()
            let doc = document([Component(path: pattern), Component(fragment: pattern)])
            found += disagreements(doc, urls.map { $0 + "#" + $0.dropFirst() }, limit: 1)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// 20,000 `*` in a path and in a query: once an edge from every `*` to every later one
    /// (21 s and 2.8 GB); now one `*`. (The reference matcher recurses once per `*`, so the
    /// answers are written out here.)
    @Test func longRunsOfStarsCompileSmall() {
        let stars = String(repeating: "*", count: 20_000)
        let doc = document([
            Component(path: "/a" + stars + "b"), Component(path: "/q", query: .whole(stars + "x")),
        ])
        let set = CompiledRuleSet(doc)
        #expect(set.budgetExceeded == nil)
        #expect(set.automatonSize.positions < 50 && set.automatonSize.edges < 100)
        let scratch = set.makeScratch()
        let answers = ["/ab", "/axxb", "/a/b/", "/ax", "/q?yx", "/q?y"].map {
            automatonAnswer(set, $0, scratch).split(separator: "\t").last ?? ""
        }
        #expect(
            answers == [
                "details[0].components[0]", "details[0].components[0]", "details[0].components[0]",
                "-", "details[0].components[1]", "-",
            ])
    }

    /// A path ending in 3,000 slashes: the slashes that may vanish at the end are found in one
    /// backward pass, not one pass over every position per slash.
    @Test func longChainsOfSlashesDecideExactly() {
        let slashes = String(repeating: "/", count: 3_000)
        let doc = document([Component(path: "*a" + slashes)])
        let urls = ["/xa", "/xa/", "/xa///", "/xb", "/a" + slashes, "/a" + slashes + "/x"]
        #expect(CompiledRuleSet(doc).budgetExceeded == nil)
        #expect(disagreements(doc, urls).isEmpty)
    }

    /// `$(v)` 30,000 times with a value that may be empty links every position to every later
    /// one: the budget stops it and names the rule.
    @Test func nullableVariableChainsAreRefused() {
        let doc = document(
            [
                Component(path: "/ok"),
                Component(path: "/a" + String(repeating: "$(v)", count: 30_000)),
            ],
            variables: ["v": ["", "a"]])
        let set = CompiledRuleSet(doc)
        #expect(set.budgetExceeded?.ref == "details[0].components[1]")
        #expect(set.automatonSize.edges <= AutomatonSize.limit.edges + 30_002)
        let text = set.budgetExceeded.map(String.init(describing:)) ?? ""
        #expect(text.contains("more than 1000000 automaton positions or 16000000 edges"))
    }

    /// A variable of 10,000 words named by 1,000 rules with different prefixes is expanded
    /// once per rule: refused by the budget, which names the rule it reached.
    @Test func longVariablesNamedByManyRulesAreRefused() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var words: [String] = []
        for index in 0..<10_000 {
            let first = letters[index % 26]
            let second = letters[index / 26 % 26]
            let third = letters[index / 676 % 26]
            words.append(String([first, second, third]))
        }
        let components = (0..<1_000).map { Component(path: "/x\($0)/$(v)/y") }
        let set = CompiledRuleSet(document(components, variables: ["v": words]))
        let ref = set.budgetExceeded?.ref ?? ""
        #expect(ref.hasPrefix("details[0].components["))
        #expect(ref != "details[0].components[0]")
    }

    /// The query and fragment matchers spend from the same budget as the path automata.
    @Test func queryAndFragmentPatternsSpendTheBudgetToo() {
        let doc = document(
            [
                Component(path: "/a"),
                Component(path: "/b", query: .whole(String(repeating: "$(v)", count: 300))),
            ], variables: ["v": ["", "a"]])
        #expect(CompiledRuleSet(doc).budgetExceeded == nil)
        let small = CompiledRuleSet(
            rules: ResolvedRule.resolve(doc), variables: ["v": ["", "a"]],
            limit: AutomatonSize(positions: 10_000, edges: 10_000))
        #expect(small.budgetExceeded?.ref == "details[0].components[1]")
    }

    /// Ordinary rule sets, real files included, stay far below the budget.
    @Test func ordinaryRuleSetsStayWithinTheBudget() {
        var generator = GlobSetGenerator(random: SplitMix64(seed: 3))
        for _ in 0..<5 {
            let set = CompiledRuleSet(generator.document())
            #expect(set.budgetExceeded == nil)
            #expect(set.automatonSize.positions < AutomatonSize.limit.positions / 100)
            #expect(set.automatonSize.edges < AutomatonSize.limit.edges / 100)
        }
    }

    /// Once a DFA cache gave up, the globs run one by one are compiled as they are needed and
    /// dropped whenever they would pass their budget: answers stay exact.
    @Test func fallbackMatchersStayWithinTheirBudget() {
        var generator = GlobSetGenerator(random: SplitMix64(seed: 7))
        let doc = generator.document()
        let urls = (0..<200).map { _ in generator.url() }
        let scratch = MatchScratch(
            globCacheBudget: 4_096, fallbackLimit: AutomatonSize(positions: 100, edges: 200))
        #expect(disagreements(doc, urls, scratch: scratch).isEmpty)
        #expect(scratch.globCacheStatistics.fallbacks >= 1)
        #expect(scratch.globCacheStatistics.fallbackRecompilations >= 1)
    }
}
