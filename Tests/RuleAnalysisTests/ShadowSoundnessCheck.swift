import AASAModel
import LinkMatcher
import RuleAnalysis
import Workload

/// Holds every finding of `ShadowAnalysis` against the reference matcher on URLs made to
/// match the reported rule: a shadowed rule's URLs are all decided by an earlier rule of its
/// entry, one of the rules named as covering matches each, and no later rule that could
/// decide after an exclusion without effect matches any of its URLs.
struct ShadowSoundnessCheck {
    let document: AASADocument
    let rules: [ResolvedRule]
    let variables: [String: [String]]
    private var matchers: [Int: ReferenceMatcher] = [:]
    private var entryMatchers: [Int: ReferenceMatcher] = [:]
    /// URLs that matched a reported rule and were checked.
    private(set) var checkedURLs = 0
    private(set) var problems: [String] = []

    init(_ document: AASADocument) {
        self.document = document
        rules = ResolvedRule.resolve(document)
        var variables: [String: [String]] = [:]
        for variable in document.applinks?.substitutionVariables ?? []
        where variables[variable.name] == nil {
            variables[variable.name] = variable.values
        }
        self.variables = variables
    }

    mutating func check(_ findings: [ShadowFinding], seed: UInt64, urlsPerRule: Int = 40) {
        var generator = ShadowURLGenerator(random: SplitMix64(seed: seed), variables: variables)
        // A rule not proven is no claim to check.
        for finding in findings where finding.kind != .notProven {
            let rule = rules[finding.rule]
            #if DEBUG
                precondition(rule.ref == finding.ref)
            #endif
            for url in generator.urls(for: rule, count: urlsPerRule)
            where matches(finding.rule, url) {
                checkedURLs += 1
                if let problem = problem(finding, url) {
                    problems.append(problem)
                    break
                }
            }
        }
    }

    private mutating func problem(_ finding: ShadowFinding, _ url: String) -> String? {
        let rule = rules[finding.rule]
        let describe = "\(finding.kind.code) \(finding.ref) \(rule.patternDescription) url \(url)"
        if finding.kind == .exclusionWithoutEffect {
            let later = rules.indices.filter { index in
                index > finding.rule
                    && (rules[index].entryIndex == rule.entryIndex
                        || !Set(rules[index].appIDs).isDisjoint(with: rule.appIDs))
            }
            if let other = later.first(where: { matches($0, url) }) {
                return describe + ": later rule \(rules[other].ref) matches it"
            }
            return nil
        }
        let first = firstMatchInEntry(finding.rule, url)
        guard let first, first < finding.rule else {
            return describe + ": decided by \(first.map { rules[$0].ref } ?? "nothing") instead"
        }
        if !finding.coveringRules.contains(where: { matches($0, url) }) {
            return describe + ": none of \(finding.covering) matches it"
        }
        return nil
    }

    /// Whether rule `index` alone matches `url`, per the reference matcher.
    mutating func matches(_ index: Int, _ url: String) -> Bool {
        if matchers[index] == nil {
            matchers[index] = ReferenceMatcher(Self.document([rules[index]], variables: document))
        }
        return matchers[index]?.decide(url).kind != .unmatched
    }

    /// The rule of `index`'s entry that decides `url` first, per the reference matcher run on
    /// that entry alone.
    private mutating func firstMatchInEntry(_ index: Int, _ url: String) -> Int? {
        let entry = rules[index].entryIndex
        let members = rules.indices.filter { rules[$0].entryIndex == entry }
        if entryMatchers[entry] == nil {
            entryMatchers[entry] = ReferenceMatcher(
                Self.document(members.map { rules[$0] }, variables: document))
        }
        guard let ref = entryMatchers[entry]?.decide(url).ruleRef,
            let open = ref.lastIndex(of: "["),
            let position = Int(ref[ref.index(after: open)...].dropLast())
        else { return nil }
        return members[position]
    }

    /// One entry holding these rules with every key written out, so no default applies, and
    /// the original's substitution variables.
    static func document(_ rules: [ResolvedRule], variables original: AASADocument)
        -> AASADocument
    {
        let entry: DetailsEntry
        if rules.first?.isLegacyPath == true {
            entry = DetailsEntry(
                ref: "details[0]", appIDs: ["T.app"],
                paths: rules.map { ($0.exclude ? "NOT " : "") + $0.path })
        } else {
            entry = DetailsEntry(
                ref: "details[0]", appIDs: ["T.app"],
                components: rules.map {
                    Component(
                        path: $0.path, query: $0.query, fragment: $0.fragment,
                        exclude: $0.exclude, caseSensitive: $0.caseSensitive,
                        percentEncoded: $0.percentEncoded)
                })
        }
        return AASADocument(
            applinks: AppLinks(
                details: [entry],
                substitutionVariables: original.applinks?.substitutionVariables ?? []))
    }
}
