import AASAModel
import Foundation
import LinkMatcher
import RuleAnalysis
import TestSupport
import Testing
import Workload

/// A one-entry document for `TEAM.app` (or the given apps) with these components, written
/// as the short strings of `component(_:)`.
func diffDocument(_ rules: [String], apps: [String] = ["TEAM.app"]) -> AASADocument {
    AASADocument(
        applinks: AppLinks(details: [
            DetailsEntry(ref: "details[0]", appIDs: apps, components: rules.map(component))
        ]))
}

/// `/a/*` is a path; a leading `!` makes it an exclusion; ` ?q=x` adds a query dictionary
/// item; ` #f` a fragment.
func component(_ text: String) -> Component {
    var parts = text.split(separator: " ").map(String.init)
    var component = Component()
    var path = parts.removeFirst()
    if path.hasPrefix("!") {
        component.exclude = true
        path.removeFirst()
    }
    component.path = path
    for part in parts {
        if part.hasPrefix("?"), let equals = part.firstIndex(of: "=") {
            component.query = .items([
                QueryItemPattern(
                    name: String(part[part.index(after: part.startIndex)..<equals]),
                    pattern: String(part[part.index(after: equals)...]))
            ])
        } else if part.hasPrefix("#") {
            component.fragment = String(part.dropFirst())
        }
    }
    return component
}

/// Every witness the diff reports is decided differently by both compiled rule sets and by
/// the reference matcher (kind, or app when both open it).
func checkWitnesses(
    _ diff: RuleDiff, old: AASADocument?, new: AASADocument?, name: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let oldSet = old.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
    let newSet = new.map { CompiledRuleSet($0) } ?? CompiledRuleSet(rules: [])
    let empty = AASADocument(applinks: nil)
    let oldReference = ReferenceMatcher(old ?? empty)
    let newReference = ReferenceMatcher(new ?? empty)
    func compiled(_ set: CompiledRuleSet, _ url: String) -> (Decision.Kind, String?) {
        let decision = Array(url.utf8).withUnsafeBufferPointer {
            set.decide($0, scratch: set.makeScratch())
        }
        return (decision.kind, decision.kind == .handled ? set.apps[Int(decision.app)] : nil)
    }
    for change in diff.changes {
        for witness in change.witnesses {
            let before = compiled(oldSet, witness.url)
            let after = compiled(newSet, witness.url)
            #expect(
                before.0 != after.0 || before.1 != after.1, "\(name) \(witness.url)",
                sourceLocation: sourceLocation)
            #expect(
                before.0 == witness.old.kind && before.1 == witness.old.app
                    && after.0 == witness.new.kind && after.1 == witness.new.app,
                "\(name) \(witness.url)", sourceLocation: sourceLocation)
            let referenceBefore = oldReference.decide(witness.url)
            let referenceAfter = newReference.decide(witness.url)
            #expect(
                referenceBefore.kind != referenceAfter.kind
                    || referenceBefore.appID != referenceAfter.appID,
                "\(name) \(witness.url)", sourceLocation: sourceLocation)
            #expect(
                referenceBefore.kind == before.0 && referenceAfter.kind == after.0,
                "\(name) \(witness.url)", sourceLocation: sourceLocation)
        }
    }
}

struct RuleDiffTests {
    /// (old rules, new rules, the changes expected as `kind:old-index:new-index`, and whether
    /// each change must have a witness).
    static let cases: [(old: [String], new: [String], changes: [String], witnessed: [Bool])] = [
        (["/a/*", "/b"], ["/a/*", "/b"], [], []),
        (["/a/*", "/b"], ["/a/*", "/b", "/c/*"], ["added:-:2"], [true]),
        (["/a/*", "/b", "/c/*"], ["/a/*", "/c/*"], ["removed:1:-"], [true]),
        // The rule that hid an exclusion moved behind it: the exclusion now decides.
        (["/a/*", "!/a/b"], ["!/a/b", "/a/*"], ["moved:0:1"], [true]),
        // Two disjoint rules swapped: a move that changes no URL.
        (["/a", "/b"], ["/b", "/a"], ["moved:0:1"], [false]),
        // Edited in place: same path, a query constraint added.
        (["/s/*", "/t"], ["/s/* ?q=?*", "/t"], ["changed:0:0"], [true]),
        // Edited in place: the path itself.
        (["/x", "/buy/*", "/y"], ["/x", "/shop/*", "/y"], ["changed:1:1"], [true]),
        // An exclusion turned into an inclusion.
        (["!/p/*", "/q"], ["/p/*", "/q"], ["changed:0:0"], [true]),
        // A fragment rule added before a broader exclusion.
        (["!/f/*"], ["/f/* #top", "!/f/*"], ["added:-:0"], [true]),
        // `/a` and `a` are the same path; `/a/*` after `/a/*` decides nothing either way.
        (["a", "/a/*"], ["/a", "/a/*", "/a/*"], ["added:-:2"], [false]),
    ]

    @Test(arguments: cases.indices)
    func changesAreFoundAndWitnessed(_ index: Int) {
        let row = Self.cases[index]
        let old = diffDocument(row.old)
        let new = diffDocument(row.new)
        let diff = RuleDiff(old: old, new: new)
        let found = diff.changes.map {
            "\($0.kind.rawValue):\($0.old.map(String.init) ?? "-"):\($0.new.map(String.init) ?? "-")"
        }
        #expect(found == row.changes, "case \(index)")
        #expect(diff.changes.map { !$0.witnesses.isEmpty } == row.witnessed, "case \(index)")
        checkWitnesses(diff, old: old, new: new, name: "case \(index)")
    }

    @Test func appsAreMatchedWithTheirRules() {
        let old = diffDocument(["/a/*"], apps: ["TEAM.one"])
        let new = diffDocument(["/a/*"], apps: ["TEAM.two"])
        let diff = RuleDiff(old: old, new: new)
        #expect(diff.changes.map(\.kind) == [.changed])
        let witness = diff.changes.first?.witnesses.first
        #expect(witness?.old.app == "TEAM.one" && witness?.new.app == "TEAM.two")
        checkWitnesses(diff, old: old, new: new)
    }

    @Test func legacyPathsEqualTheirComponents() {
        let legacy = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(ref: "details[0]", appIDs: ["TEAM.app"], paths: ["NOT /a/b", "/a/*"])
            ]))
        let modern = diffDocument(["!/a/b", "/a/*"])
        #expect(RuleDiff(old: legacy, new: modern).changes.isEmpty)
    }

    /// The same pattern text with other variable values is another rule.
    @Test func variableValuesArePartOfARule() {
        func file(_ values: [String]) -> AASADocument {
            var document = diffDocument(["/$(food)/*", "/b"])
            document.applinks?.substitutionVariables = [
                SubstitutionVariable(name: "food", values: values)
            ]
            return document
        }
        let old = file(["pizza", "sushi"])
        let new = file(["pizza"])
        let diff = RuleDiff(old: old, new: new)
        #expect(diff.changes.map(\.kind) == [.changed])
        #expect(diff.changes.first?.witnesses.first?.url.hasPrefix("/sushi/") == true)
        checkWitnesses(diff, old: old, new: new)
        #expect(RuleDiff(old: old, new: file(["pizza", "sushi"])).changes.isEmpty)
    }

    @Test func aMissingFileIsOneThatDecidesNothing() {
        let new = diffDocument(["/a/*", "!/b"])
        let diff = RuleDiff(old: nil, new: new)
        #expect(diff.changes.map(\.kind) == [.added, .added])
        #expect(diff.changes.allSatisfy { !$0.witnesses.isEmpty })
        checkWitnesses(diff, old: nil, new: new)
        let gone = RuleDiff(old: new, new: nil)
        #expect(gone.changes.map(\.kind) == [.removed, .removed])
    }

    /// Random edits of a generated file (moves, deletions, insertions, flipped exclusions,
    /// edited paths): the diff finds one change per edited rule at least, and every witness
    /// holds under both matchers.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomEditsOfAGeneratedFile(seed: UInt64) throws {
        let document = try AASADocument.parse(
            RuleFileGenerator.json(ruleCount: 40, profile: seed % 2 == 0 ? .globHeavy : .standard))
        var random = SplitMix64(seed: seed)
        var edited = document
        var details = edited.applinks?.details ?? []
        for _ in 0..<4 {
            let entry = Int(random.next() % UInt64(details.count))
            guard var components = details[entry].components, components.count > 1 else {
                continue
            }
            let at = Int(random.next() % UInt64(components.count))
            switch random.next() % 5 {
            case 0: components.swapAt(at, Int(random.next() % UInt64(components.count)))
            case 1: components.remove(at: at)
            case 2: components.insert(Component(path: "/new\(random.next() % 100)/*"), at: at)
            case 3: components[at].exclude = !(components[at].exclude ?? false)
            default: components[at].path = (components[at].path ?? "*") + "/x"
            }
            details[entry].components = components
            details[entry].componentPositions = nil
        }
        edited.applinks?.details = details
        let diff = RuleDiff(old: document, new: edited)
        checkWitnesses(diff, old: document, new: edited, name: "seed \(seed)")
        #expect(RuleDiff(old: document, new: document).changes.isEmpty)
        if edited != document {
            #expect(!diff.changes.isEmpty, "seed \(seed)")
        }
    }

    /// Real files against their earlier versions: every witness holds under both matchers, and
    /// a file against itself has no change.
    @Test(.needsSharedData("aasa-real"))
    func realFilesAgainstTheirEarlierVersions() throws {
        let pairs = RealAASAFiles.versionPairs()
        try #require(
            !pairs.isEmpty, "no earlier version in aasa-real/history pairs with a current file")
        var witnessed = 0
        for pair in pairs {
            let diff = RuleDiff(old: pair.old, new: pair.new)
            checkWitnesses(diff, old: pair.old, new: pair.new, name: pair.oldName)
            witnessed += diff.changes.filter { !$0.witnesses.isEmpty }.count
            #expect(RuleDiff(old: pair.new, new: pair.new).changes.isEmpty, "\(pair.newName)")
        }
        #expect(witnessed >= 20)
    }
}
