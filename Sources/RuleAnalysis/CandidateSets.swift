import AASAModel
import LinkMatcher

/// The file's rules compiled once per candidate, each time with that one candidate added where
/// `--apply` would write it, plus a probe that tells in one pass which candidates a URL could
/// reach. Immutable and shared by the workers; each worker measures with its own scratches
/// (`CandidateMeasurer`).
public final class CandidateSets: Sendable {
    public let base: CompiledRuleSet
    public let candidates: [CandidateRule]
    public let target: SuggestionTarget
    /// Per candidate: the file with it added, as `--apply` writes it, compiled.
    let sets: [CompiledRuleSet]
    /// Every candidate's rule, as resolved in its own file, alone in an entry of its own:
    /// a URL no candidate rule matches is decided exactly as before.
    let probe: CompiledRuleSet
    /// Per probe app index: the candidate it stands for.
    let probeCandidate: [Int]
    /// The file's include rules that decide by the fragment, each with its fragment read as
    /// `*`: a URL it matches is one such a rule leaves out unless the fragment fits, which
    /// no candidate may take (nil when the file has none).
    let fragmentRulePaths: CompiledRuleSet?

    /// Compiles the file `bytes` (whose document is `document`) once per candidate.
    /// Fails when a candidate cannot be added (the file's structure does not allow it) or does
    /// not read back as exactly one more rule of the target entry.
    public init(
        bytes: [UInt8], document: AASADocument, target: SuggestionTarget,
        candidates: [CandidateRule]
    ) throws(AASAParseError) {
        base = CompiledRuleSet(document)
        self.candidates = candidates
        self.target = target
        var sets: [CompiledRuleSet] = []
        var probeRules: [ResolvedRule] = []
        let baseCount = base.rules.count
        for (index, candidate) in candidates.enumerated() {
            let edited = try AASADocument.addingRules(
                [candidate.rule], at: target.destination, to: bytes)
            let set = CompiledRuleSet(try AASADocument.parse(edited))
            guard set.rules.count == baseCount + 1,
                var added = Self.addedRule(in: set, target: target, documentEntries: document),
                added.path == candidate.pattern
            else {
                throw AASAParseError(
                    location: SourceLocation(line: 1, column: 1, offset: 0),
                    message: "the rule \(candidate.rule.jsonText) did not read back as one more "
                        + "rule of the target entry",
                    hint: "check the file with `aasa-scan lint`")
            }
            sets.append(set)
            added.entryIndex = index
            added.appIDs = [String(index)]
            added.ref = "candidate[\(index)]"
            probeRules.append(added)
        }
        self.sets = sets
        var variables: [String: [String]] = [:]
        for variable in document.applinks?.substitutionVariables ?? []
        where variables[variable.name] == nil {
            variables[variable.name] = variable.values
        }
        probe = CompiledRuleSet(rules: probeRules, variables: variables)
        let fragmentRules = base.rules.filter {
            $0.decidesByFragment && !$0.exclude && !$0.appIDs.isEmpty
        }.map { rule in
            var anyFragment = rule
            anyFragment.fragment = "*"
            return anyFragment
        }
        fragmentRulePaths =
            fragmentRules.isEmpty
            ? nil : CompiledRuleSet(rules: fragmentRules, variables: variables)
        probeCandidate = probe.apps.map { Int($0) ?? -1 }
    }

    /// The rule the candidate added: the last of the target entry.
    private static func addedRule(
        in set: CompiledRuleSet, target: SuggestionTarget, documentEntries: AASADocument
    ) -> ResolvedRule? {
        let entry: Int
        switch target.destination {
        case .entry(let index): entry = index
        case .newEntry: entry = documentEntries.applinks?.details.count ?? 0
        }
        return set.rules.last { $0.entryIndex == entry }
    }

    /// The compiled file with candidate `index` added.
    public func set(_ index: Int) -> CompiledRuleSet { sets[index] }
}
