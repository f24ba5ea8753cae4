import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// A one-app document with these components.
func document(
    _ components: [Component], defaults: Component? = nil, domainDefaults: Component? = nil,
    variables: [String: [String]] = [:]
) -> AASADocument {
    AASADocument(
        applinks: AppLinks(
            details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["TEAM.app"], components: components,
                    defaults: defaults)
            ],
            defaults: domainDefaults,
            substitutionVariables: variables.sorted { $0.key < $1.key }.map {
                SubstitutionVariable(name: $0.key, values: $0.value)
            }))
}

/// The automaton's answer in the CLI's form: `decision<TAB>app<TAB>rule`.
func automatonAnswer(_ set: CompiledRuleSet, _ url: String, _ scratch: MatchScratch) -> String {
    let bytes = Array(url.utf8)
    let decision = bytes.withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
    let app = decision.app >= 0 ? set.apps[Int(decision.app)] : "-"
    let rule = decision.rule >= 0 ? set.rules[Int(decision.rule)].ref : "-"
    return "\(decision.kind.name)\t\(app)\t\(rule)"
}

/// Expects the automaton (`set`, compiled from `doc`) to decide each of `urls` as the
/// reference does.
func expectReferenceAnswers(
    _ doc: AASADocument, _ set: CompiledRuleSet, _ urls: [String], _ context: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let scratch = set.makeScratch()
    let reference = ReferenceMatcher(doc)
    for url in urls {
        #expect(
            automatonAnswer(set, url, scratch) == reference.decide(url).description,
            "\(url)\(context)", sourceLocation: sourceLocation)
    }
}

/// How the automaton and the reference decide `url` differently, with the rules; nil when
/// they agree. The reference's answer is returned too, so callers can count decisions.
func disagreement(
    _ set: CompiledRuleSet, _ reference: ReferenceMatcher, _ url: String, _ scratch: MatchScratch
) -> (expected: String, report: String?) {
    let expected = reference.decide(url).description
    let actual = automatonAnswer(set, url, scratch)
    guard actual != expected else { return (expected, nil) }
    let rules = set.rules.map { "\($0.ref) \($0.appIDs) \($0.patternDescription)" }
    return (
        expected,
        "url \(url)\n  automaton \(actual)\n  reference \(expected)\n  "
            + rules.joined(separator: "\n  ")
    )
}

/// Whether `pattern` (as a one-component `/` rule with these flags) matches `url`, asked of
/// both matchers; a disagreement is reported by the caller.
func pathMatches(
    _ pattern: String, _ url: String, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil,
    variables: [String: [String]] = [:]
) -> (automaton: Bool, reference: Bool) {
    let doc = document(
        [Component(path: pattern, caseSensitive: caseSensitive, percentEncoded: percentEncoded)],
        variables: variables)
    return matches(doc, url)
}

func matches(_ doc: AASADocument, _ url: String) -> (automaton: Bool, reference: Bool) {
    let set = CompiledRuleSet(doc)
    let scratch = set.makeScratch()
    let automaton = automatonAnswer(set, url, scratch).hasPrefix("handled")
    let reference = ReferenceMatcher(doc).decide(url).kind == .handled
    return (automaton, reference)
}

extension RandomPicking {
    /// One to three details entries, each for one of three apps, each with `minimum + k`
    /// components (`k` below `spread`) that `component` makes.
    mutating func entriesDocument(
        spread: UInt64, minimum: Int, _ component: (inout Self) -> Component
    ) -> AASADocument {
        let entries = (0..<Int(1 + random.next() % 3)).map { index in
            let appID = pick(["A.a", "B.b", "C.c"])
            let count = minimum + Int(random.next() % spread)
            return DetailsEntry(
                ref: "details[\(index)]", appIDs: [appID],
                components: (0..<count).map { _ in component(&self) })
        }
        return AASADocument(applinks: AppLinks(details: entries))
    }
}

/// Makes AASA files and URLs aimed at them, for differential tests.
protocol RuleSetGenerator {
    mutating func document() -> AASADocument
    mutating func url() -> String
}

/// Decides `urlsPerFile` URLs under each of `files` generated files with the automaton and the
/// reference: the first three disagreements, and every file's `strategySummary` (so that a
/// test can check the shapes it meant to exercise did occur).
func runAgainstReference(
    _ generator: inout some RuleSetGenerator, files: Int = 300, urlsPerFile: Int = 40
) -> (disagreements: [String], summaries: [String]) {
    var disagreements: [String] = []
    var summaries: [String] = []
    for _ in 0..<files {
        let document = generator.document()
        let set = CompiledRuleSet(document)
        summaries.append(set.strategySummary)
        let reference = ReferenceMatcher(document)
        let scratch = set.makeScratch()
        for _ in 0..<urlsPerFile {
            let (_, report) = disagreement(set, reference, generator.url(), scratch)
            if let report, disagreements.count < 3 { disagreements.append(report) }
        }
    }
    return (disagreements, summaries)
}
