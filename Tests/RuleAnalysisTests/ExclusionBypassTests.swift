import AASAModel
import LinkMatcher
import RuleAnalysis
import Testing
import Workload

/// AASA606: a rule placed before an exclusion of its entry that opens URLs the exclusion is
/// there to keep out. Every row names what the finding relies on (SEMANTICS.md S4.2: the
/// first matching rule decides).
struct ExclusionBypassTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var components: String
        /// `rule -> exclusion` per finding.
        var expected: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "a path rule before a fragment opt-out opens the opted-out URLs",
            components: ##"{"/": "/*/edit"}, {"#": "nope", "exclude": true}"##,
            expected: ["0 -> 1"]),
        Row(
            name: "an opt-out placed first keeps its URLs",
            components: ##"{"#": "nope", "exclude": true}, {"/": "/*/edit"}"##, expected: []),
        Row(
            name: "a rule inserted before an opt-out and a path exclusion (the firefly file)",
            components:
                ##"{"/": "/????????????"}, {"#": "no_universal_links", "exclude": true}, "##
                + #"{"/": "/fortune/*", "exclude": true}, {"/": "/post/*"}"#,
            expected: ["0 -> 1", "0 -> 2"]),
        Row(
            name: "overlapping paths, neither inside the other",
            components: #"{"/": "/*/edit"}, {"/": "/admin/*", "exclude": true}"#,
            expected: ["0 -> 1"]),
        Row(
            name: "an exception carved out of an exclusion is deliberate",
            components: #"{"/": "/admin/login"}, {"/": "/admin/*", "exclude": true}"#,
            expected: []),
        Row(
            name: "an exclusion the rule covers never decides: AASA601's finding, not this one",
            components: #"{"/": "/a/*"}, {"/": "/a/b", "exclude": true}"#, expected: []),
        Row(
            name: "a final exclusion of everything is a default, not an opt-out",
            components: #"{"/": "/a/*"}, {"/": "*", "exclude": true}"#, expected: []),
        Row(
            name: "paths that share no URL",
            components: #"{"/": "/a/*"}, {"/": "/b/*", "exclude": true}"#, expected: []),
        Row(
            name: "a rule whose fragment differs from the opt-out's shares no URL with it",
            components: ##"{"/": "/a/*", "#": "open"}, {"#": "nope", "exclude": true}"##,
            expected: []),
        Row(
            name: "a query opt-out: absent items read as empty, so the rule takes ?app=no",
            components: #"{"/": "/p/*"}, {"?": {"app": "no"}, "exclude": true}"#,
            expected: ["0 -> 1"]),
        Row(
            name: "case: a case-insensitive exclusion meets a rule in capitals",
            components: #"{"/": "/A/*"}, {"/": "/a/b*", "caseSensitive": false, "exclude": true}"#,
            expected: ["0 -> 1"]),
        Row(
            name: "an earlier rule that decides the shared URLs first leaves the later one silent",
            components:
                #"{"/": "/a/*"}, {"/": "/a/*/edit"}, {"/": "/*/x/*", "exclude": true}"#,
            expected: ["0 -> 2"]),
    ]

    @Test(arguments: rows)
    func findingsAreTheExpectedOnes(_ row: Row) throws {
        let document = try ShadowFixture.entry(row.components)
        let findings = ExclusionBypass.findings(for: document)
        #expect(findings.map { "\($0.rule) -> \($0.exclusion)" } == row.expected)
        for finding in findings {
            #expect(Self.holds(finding, in: document), "\(finding.url)")
        }
    }

    @Test func findingsAreLintDiagnosticsOnTheRule() throws {
        let document = try ShadowFixture.entry(
            ##"{"/": "/*/edit"}, {"#": "nope", "exclude": true}"##)
        let diagnostics = ExclusionBypass.diagnostics(for: document)
        #expect(diagnostics.map(\.code) == ["AASA606"])
        #expect(diagnostics.first?.path == "applinks.details[0].components[0]")
        #expect(diagnostics.first?.related == "applinks.details[0].components[1]")
        #expect(diagnostics.first?.message.contains("#nope") == true)
    }

    /// Generated rule sets full of overlaps: every finding's URL is opened by the reported
    /// rule and matched by the exclusion, on the reference matcher; and findings do occur.
    @Test func everyFindingHoldsOnTheReferenceMatcher() {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: 0xB1_9A55))
        var problems: [String] = []
        var found = 0
        for _ in 0..<800 {
            let document = generator.document()
            for finding in ExclusionBypass.findings(for: document) {
                found += 1
                if !Self.holds(finding, in: document) {
                    problems.append("\(finding.ref) -> \(finding.exclusionRef): \(finding.url)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        #expect(found >= 8)
    }

    /// The reference matcher opens the finding's URL by the rule, and the exclusion alone
    /// excludes it.
    static func holds(_ finding: ExclusionBypass.Finding, in document: AASADocument) -> Bool {
        let answer = ReferenceMatcher(document).decide(finding.url)
        guard answer.kind == .handled, answer.ruleRef == finding.ref else { return false }
        let rules = ResolvedRule.resolve(document)
        guard let exclusion = rules.first(where: { $0.ref == finding.exclusionRef }) else {
            return false
        }
        let alone = AASADocument(
            applinks: AppLinks(
                details: [DetailsEntry(ref: "details[0]", appIDs: ["A.a"]).with(exclusion)],
                substitutionVariables: document.applinks?.substitutionVariables ?? []))
        return ReferenceMatcher(alone).decide(finding.url).kind == .excluded
    }
}

extension DetailsEntry {
    /// The entry holding only `rule`, written as its file would write it after defaults.
    func with(_ rule: ResolvedRule) -> DetailsEntry {
        var entry = self
        if rule.isLegacyPath {
            entry.paths = [(rule.exclude ? "NOT " : "") + rule.path]
        } else {
            entry.components = [
                Component(
                    path: rule.path, query: rule.query, fragment: rule.fragment,
                    exclude: rule.exclude, caseSensitive: rule.caseSensitive,
                    percentEncoded: rule.percentEncoded)
            ]
        }
        return entry
    }
}
