import AASAModel

/// The rules of one AASA file compiled once into an immutable automaton: a prefix trie per
/// view of the URL (case, percent-encoding), each rule bucketed by the cheapest strategy that
/// decides it, every rule keeping its global order. Share one instance between threads and
/// give each thread its own `MatchScratch`.
public final class CompiledRuleSet: Sendable {
    /// Every rule in evaluation order, with its defaults applied.
    public let rules: [ResolvedRule]
    /// Every app ID named by the file, in order of first appearance.
    public let apps: [String]
    /// App indices of each `details` entry.
    let entryApps: [[Int32]]
    let compiled: [CompiledRule]
    /// One trie per view mode (index `ViewMode.index`); empty when no rule uses that view.
    let tries: [PrefixTrie]
    let usedModes: [ViewMode]
    /// True when some app appears in more than one entry, so per-app bookkeeping is needed.
    let appsOverlap: Bool

    public convenience init(_ document: AASADocument) {
        let variables = document.applinks?.substitutionVariables ?? []
        var custom: [String: [String]] = [:]
        for variable in variables where custom[variable.name] == nil {
            custom[variable.name] = variable.values
        }
        self.init(rules: ResolvedRule.resolve(document), variables: custom)
    }

    /// Compiles already-resolved rules; `variables` are the custom substitution variables.
    public init(rules: [ResolvedRule], variables: [String: [String]] = [:]) {
        let parser = PatternParser(customVariables: variables)
        self.rules = rules
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
        self.entryApps = entryApps
        self.appsOverlap = overlap
        let compiled = rules.map { CompiledRule($0, parser: parser) }
        self.compiled = compiled
        var items: [[(prefix: [UInt8], entry: PrefixTrie.Entry)]] = Array(repeating: [], count: 4)
        for (index, rule) in compiled.enumerated() where rule.canDecide {
            items[rule.mode.index].append(
                (rule.prefix, PrefixTrie.Entry(rule: Int32(index), strategy: rule.strategy)))
        }
        self.tries = items.map { PrefixTrie($0) }
        self.usedModes = ViewMode.all.filter { !items[$0.index].isEmpty }
    }

    /// Rules per strategy, for `--debug` and benchmarks: how much work lookups avoid.
    public var strategySummary: String {
        var exact = 0
        var prefix = 0
        var glob = 0
        var inert = 0
        for rule in compiled {
            guard rule.canDecide else {
                inert += 1
                continue
            }
            switch rule.strategy {
            case .exact: exact += 1
            case .prefixThenAny: prefix += 1
            case .glob: glob += 1
            }
        }
        return "\(exact) exact, \(prefix) prefix, \(glob) glob, \(inert) inert"
    }

    /// A scratch sized for this rule set; one per thread.
    public func makeScratch() -> MatchScratch { MatchScratch() }
}
