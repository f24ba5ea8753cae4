import AASAModel
import LinkMatcher

/// Rules placed before an exclusion of their entry that open URLs the exclusion is there to
/// keep out (AASA606): a rule decides first (SEMANTICS.md S4.2), so an opt-out such as
/// `{"#": "no_universal_links", "exclude": true}` placed after `{"/": "/*/edit"}` never sees
/// `/a/edit#no_universal_links`. Proven on the cells of the URL space (`URLCells`), with a
/// URL the file really opens by the rule. Deliberate orders are left alone: a rule that only
/// carves an exception out of the exclusion (every URL it matches is excluded otherwise), and
/// an exclusion every URL of which the rule takes (AASA601 says that one never decides).
public enum ExclusionBypass {
    public struct Finding: Sendable, Equatable {
        /// Index of the rule that decides first, in evaluation order.
        public var rule: Int
        public var ref: String
        /// Index of the exclusion it passes over.
        public var exclusion: Int
        public var exclusionRef: String
        public var exclusionPattern: String
        /// A request target the file opens by `rule` that `exclusion` matches.
        public var url: String
    }

    /// Its row in the diagnostic code table (AASA606).
    public static var diagnosticCode: DiagnosticCode { .takesExcludedURLs }

    /// Most rules of one entry looked at; a larger entry is left unexamined.
    static let ruleLimit = 4_000
    /// Most earlier rules that may meet one exclusion; past it, the exclusion is left alone.
    static let meetingLimit = 200
    /// States the cells of each part may take, for one exclusion.
    static let cellBudget = 5_000
    /// States all the cells of one file may take: past it, later exclusions are left alone,
    /// so that a file of thousands of overlapping rules is linted in bounded time.
    static let fileBudget = 50_000

    /// The findings of a document, in rule order.
    public static func findings(for document: AASADocument) -> [Finding] {
        let compiled = CompiledRuleSet(document)
        guard compiled.budgetExceeded == nil else { return [] }
        let rules = compiled.rules
        let parser = compiled.patternParser
        let languages = Inclusion.RuleLanguages(rules, parser: parser)
        var relations = Inclusion.RuleRelations(languages)
        var found: [Finding] = []
        var spent = 0
        var start = 0
        while start < rules.count, spent < fileBudget {
            var end = start
            while end < rules.count, rules[end].entryIndex == rules[start].entryIndex { end += 1 }
            defer { start = end }
            guard !rules[start].appIDs.isEmpty, end - start <= ruleLimit else { continue }
            for exclusion in start..<end where rules[exclusion].exclude && spent < fileBudget {
                // The earlier rules that may share a URL with it: only they can decide one
                // of its URLs first.
                let earlier = (start..<exclusion).filter {
                    !relations.provablyDisjoint(exclusion, $0)
                }
                guard earlier.contains(where: { !rules[$0].exclude }),
                    earlier.count < meetingLimit
                else { continue }
                found += entryFindings(
                    earlier + [exclusion], rules: rules, parser: parser, compiled, spent: &spent)
            }
        }
        return found.sorted { ($0.rule, $0.exclusion) < ($1.rule, $1.exclusion) }
    }

    /// The findings for the exclusion that ends `subset` (global rule indices of one entry, in
    /// order: the exclusion and the earlier rules that may meet it).
    private static func entryFindings(
        _ subset: [Int], rules: [ResolvedRule], parser: PatternParser, _ compiled: CompiledRuleSet,
        spent: inout Int
    ) -> [Finding] {
        let cells = URLCells([(subset.map { rules[$0] }, parser)], budget: cellBudget)
        spent += cells.states
        let last = subset.count - 1
        let index = RuleIndex(cells, side: 0, count: subset.count)
        // Per (rule, exclusion): URLs of both where the rule decides; and whether each has a
        // URL the other lacks.
        var overlaps: [Pair: [String]] = [:]
        var ruleOnly = Set<Pair>()
        var exclusionOnly = Set<Pair>()
        let combinations = cells.combinations().cells
        var matchSets: [[Int]] = []
        matchSets.reserveCapacity(combinations.count)
        for cell in combinations {
            let matching = index.matching(cells, cell)
            matchSets.append(matching)
            guard let first = matching.first, !rules[subset[first]].exclude else { continue }
            if matching.last == last, matching.count > 1 {
                let pair = Pair(rule: first, exclusion: last)
                if overlaps[pair, default: []].count < 4 {
                    overlaps[pair, default: []].append(
                        cells.target(path: cell.path, query: cell.query, fragment: cell.fragment))
                }
            }
        }
        guard !overlaps.isEmpty else { return [] }
        for matching in matchSets {
            let members = Set(matching)
            for pair in overlaps.keys {
                let hasRule = members.contains(pair.rule)
                let hasExclusion = members.contains(pair.exclusion)
                if hasRule && !hasExclusion { ruleOnly.insert(pair) }
                if hasExclusion && !hasRule { exclusionOnly.insert(pair) }
            }
        }
        let scratch = compiled.makeScratch()
        var findings: [Finding] = []
        for (pair, urls) in overlaps where ruleOnly.contains(pair) && exclusionOnly.contains(pair) {
            let rule = subset[pair.rule]
            let exclusion = subset[pair.exclusion]
            // The URL the file really opens by the rule (an earlier entry may decide first).
            let url = urls.sorted { $0.utf8.count < $1.utf8.count }.first { url in
                let decision = Array(url.utf8).withUnsafeBufferPointer {
                    compiled.decide($0, scratch: scratch)
                }
                return decision.kind == .handled && Int(decision.rule) == rule
            }
            guard let url else { continue }
            findings.append(
                Finding(
                    rule: rule, ref: rules[rule].ref, exclusion: exclusion,
                    exclusionRef: rules[exclusion].ref,
                    exclusionPattern: rules[exclusion].patternDescription, url: url))
        }
        return findings
    }

    private struct Pair: Hashable {
        var rule: Int
        var exclusion: Int
    }

    /// The findings as lint diagnostics, on the rule that decides first.
    public static func diagnostics(for document: AASADocument) -> [Diagnostic] {
        findings(for: document).map { finding in
            Diagnostic(
                .takesExcludedURLs, path: "applinks." + finding.ref,
                message: "this rule opens \(finding.url), which the later exclusion applinks."
                    + "\(finding.exclusionRef) \(finding.exclusionPattern) is there to keep out: "
                    + "the first matching rule decides, so the exclusion never sees it",
                hint: "move the exclusion before this rule (an opt-out belongs first in its "
                    + "entry), or narrow this rule",
                related: "applinks." + finding.exclusionRef)
        }
    }
}

/// Which rules of one side of `URLCells` match a cell, found through the path patterns of
/// the cell's path (most rules read a path no other rule reads) rather than rule by rule.
struct RuleIndex {
    private var byPath: [[Int]]
    private var anyPath: [Int] = []
    let side: Int

    init(_ cells: URLCells, side: Int, count: Int) {
        self.side = side
        byPath = Array(
            repeating: [], count: Int(cells.parts[side].compactMap(\.path).max() ?? -1) + 1)
        for rule in 0..<count {
            if let path = cells.parts[side][rule].path {
                byPath[Int(path)].append(rule)
            } else {
                anyPath.append(rule)
            }
        }
    }

    /// The rules matching the URLs of a cell, in order.
    func matching(_ cells: URLCells, _ cell: (path: Int, query: Int, fragment: Int)) -> [Int] {
        var candidates = anyPath
        for pattern in cells.paths.cells[cell.path].patterns where Int(pattern) < byPath.count {
            candidates += byPath[Int(pattern)]
        }
        candidates.sort()
        return candidates.filter {
            cells.matches(
                side: side, rule: $0, path: cell.path, query: cell.query, fragment: cell.fragment)
        }
    }
}
