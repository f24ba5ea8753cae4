import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

@testable import RuleAnalysis

/// The semantic diff: every class of decision change between two files, each with witnesses
/// the reference matcher confirms, and no change outside the classes when the search is exact.
struct DecisionDiffTests {
    static func classes(_ diff: DecisionDiff) -> [String] {
        diff.transitions.map { transition in
            if let from = transition.fromApp, let to = transition.toApp {
                return "handled \(from) -> handled \(to)"
            }
            return "\(transition.from.name) -> \(transition.to.name)"
        }
    }

    static func entry(_ components: String) throws -> AASADocument {
        try ShadowFixture.entry(components)
    }

    /// The issue's small file: a rule inserted before a fragment opt-out and a path exclusion
    /// takes URLs of both, besides the new ones it opens.
    @Test func aRuleInsertedBeforeExclusionsShowsEveryClass() throws {
        let tail =
            ##"{"#": "nope", "exclude": true}, {"/": "/admin/*", "exclude": true}, "##
            + #"{"/": "/shop/*"}"#
        let old = try Self.entry(tail)
        let new = try Self.entry(#"{"/": "/*/edit"}, "# + tail)
        let diff = DecisionDiff(old: old, new: new, witnesses: 5)
        #expect(diff.complete)
        #expect(Self.classes(diff) == ["unmatched -> handled", "excluded -> handled"])
        let gained = try #require(diff.transitions.last)
        let urls = gained.witnesses.map(\.url)
        #expect(urls.contains("/admin/edit"))
        #expect(urls.contains { $0.hasSuffix("/edit#nope") })
        #expect(gained.oldRules == ["details[0].components[0]", "details[0].components[1]"])
        #expect(gained.newRules == ["details[0].components[0]"])
        #expect(!gained.needsFragment)
        try Self.confirm(diff, old, new)
    }

    /// A change only a fragment shows is marked so: no server log can show it.
    @Test func aFragmentOnlyChangeIsMarked() throws {
        let old = try Self.entry(##"{"#": "nope", "exclude": true}, {"/": "/a/*"}"##)
        let new = try Self.entry(##"{"/": "/a/*"}, {"#": "nope", "exclude": true}"##)
        let diff = DecisionDiff(old: old, new: new)
        #expect(Self.classes(diff) == ["excluded -> handled"])
        #expect(diff.transitions.first?.needsFragment == true)
        #expect(diff.transitions.first?.witnesses.first?.url == "/a#nope")
    }

    /// Files that differ only in how their JSON is written decide every URL alike.
    @Test func onlyTheSpellingChanged() throws {
        let old = try AASADocument.parse(
            Array(#"{"applinks": {"details": [{"appIDs": ["T.a"], "paths": ["/a/*"]}]}}"#.utf8))
        let new = try AASADocument.parse(
            Array(
                #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"\/a\/\u002a"}]}]}}"#
                    .utf8))
        let diff = DecisionDiff(old: old, new: new)
        #expect(diff.complete && diff.transitions.isEmpty)
    }

    @Test func appChangesAndExclusionChangesAreTheirOwnClasses() throws {
        let old = try ShadowFixture.applinks(
            #"{"details": [{"appIDs": ["T.one"], "components": [{"/": "/a/*"}]}, "#
                + #"{"appIDs": ["T.two"], "components": [{"/": "/a/b", "exclude": true}, "#
                + #"{"/": "/*"}]}]}"#)
        let new = try ShadowFixture.applinks(
            #"{"details": [{"appIDs": ["T.two"], "components": [{"/": "/a/b", "exclude": true}, "#
                + #"{"/": "/*"}]}, {"appIDs": ["T.one"], "components": [{"/": "/a/*"}]}]}"#)
        let diff = DecisionDiff(old: old, new: new)
        #expect(diff.complete)
        #expect(Self.classes(diff) == ["handled T.one -> handled T.two"])
        #expect(diff.transitions.first?.witnesses.first?.url == "/a")
        try Self.confirm(diff, old, new)
    }

    /// Random pairs of files (a file and a version of it with rules inserted, removed, moved
    /// or edited): every witness holds on the reference matcher, and every URL the reference
    /// matcher decides differently falls in a reported class when the search is exact.
    @Test(arguments: [0xD1FF_0001 as UInt64, 0xD1FF_0002])
    func randomPairsAgreeWithTheReferenceMatcher(seed: UInt64) throws {
        var generator = ShadowRuleGenerator(random: SplitMix64(seed: seed))
        var mutator = Mutator(random: SplitMix64(seed: seed &+ 1))
        var problems: [String] = []
        var exact = 0
        var changedURLs = 0
        var witnesses = 0
        for round in 0..<100 {
            let old = generator.document()
            let new = mutator.mutated(old, using: &generator)
            let diff = DecisionDiff(old: old, new: new, witnesses: 4)
            witnesses += diff.transitions.map(\.witnesses.count).reduce(0, +)
            problems += Self.witnessProblems(diff, old, new)
            guard diff.complete else { continue }
            exact += 1
            let reported = Set(Self.classes(diff))
            let urls = Self.probeURLs(old, new, seed: seed &+ UInt64(round))
            let (oldReference, newReference) = (ReferenceMatcher(old), ReferenceMatcher(new))
            for url in urls {
                let before = oldReference.decide(url)
                let after = newReference.decide(url)
                guard let key = Self.key(before, after) else { continue }
                changedURLs += 1
                if !reported.contains(key), problems.count < 5 {
                    problems.append("\(url): \(key) not among \(reported)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
        #expect(exact >= 40, "exact searches: \(exact)")
        #expect(changedURLs >= 200 && witnesses >= 40, "\(exact) \(changedURLs) \(witnesses)")
    }

    /// Every version of each real file (the earlier ones and the current one), by file.
    static func realVersions() -> [[(name: String, document: AASADocument)]] {
        var byFile: [String: [(name: String, document: AASADocument)]] = [:]
        for file in RealAASAFiles.documents(in: ["", "history"]) {
            // `NAME.json`, `NAME--deleted-BLOB.json` (current), `NAME--vBLOB.json` (earlier).
            let name = file.name.dropFirst(file.name.hasPrefix("history/") ? 8 : 0)
            let stem = name.replacing(#/(--v|--deleted-)[0-9a-f]{8}\.json$|\.json$/#, with: "")
            byFile[String(stem), default: []].append(file)
        }
        return byFile.values.filter { $0.count > 1 }
    }

    /// Every pair of versions of the real files (each earlier version with every later one
    /// and with the current file): witnesses hold, and URLs built for every rule of either
    /// version that change decision fall in a reported class.
    @Test(.needsSharedData("aasa-real"))
    func everyRealVersionPair() throws {
        var pairs: [(oldName: String, old: AASADocument, new: AASADocument)] = []
        for versions in Self.realVersions() {
            for (index, older) in versions.enumerated() {
                for newer in versions[(index + 1)...] {
                    pairs.append((older.name + " / " + newer.name, older.document, newer.document))
                }
            }
        }
        #expect(pairs.count >= 100)
        var problems: [String] = []
        var withChanges = 0
        var exact = 0
        for pair in pairs {
            let diff = DecisionDiff(old: pair.old, new: pair.new, witnesses: 3)
            if !diff.transitions.isEmpty { withChanges += 1 }
            problems += Self.witnessProblems(diff, pair.old, pair.new).map {
                pair.oldName + ": " + $0
            }
            guard diff.complete else { continue }
            exact += 1
            let reported = Set(Self.classes(diff))
            let (oldReference, newReference) = (
                ReferenceMatcher(pair.old), ReferenceMatcher(pair.new)
            )
            // The reference matcher is slow: a few hundred URLs per pair.
            let rules = ResolvedRule.resolve(pair.old).count + ResolvedRule.resolve(pair.new).count
            let perRule = max(1, min(6, 400 / max(1, rules)))
            for url in Self.probeURLs(pair.old, pair.new, seed: 38, perRule: perRule) {
                guard let key = Self.key(oldReference.decide(url), newReference.decide(url))
                else { continue }
                if !reported.contains(key), problems.count < 8 {
                    problems.append("\(pair.oldName) \(url): \(key) not among \(reported)")
                }
            }
            // A pair whose rules all stay is a pair without change.
            if RuleDiff(old: pair.old, new: pair.new).changes.isEmpty {
                #expect(diff.transitions.isEmpty, "\(pair.oldName)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
        #expect(withChanges >= 20)
        // Every pair of the corpus is searched exactly.
        #expect(exact == pairs.count, "\(exact) of \(pairs.count)")
    }

    // MARK: Support

    /// The class of a change between two reference answers, as `classes` writes it; nil when
    /// the decision is the same.
    static func key(_ before: ReferenceMatcher.Answer, _ after: ReferenceMatcher.Answer)
        -> String?
    {
        if before.kind == after.kind {
            guard before.kind == .handled, before.appID != after.appID else { return nil }
            return "handled \(before.appID ?? "-") -> handled \(after.appID ?? "-")"
        }
        return "\(before.kind.name) -> \(after.kind.name)"
    }

    /// Each witness decided by the reference matcher as the diff says, on both sides.
    static func witnessProblems(_ diff: DecisionDiff, _ old: AASADocument, _ new: AASADocument)
        -> [String]
    {
        let (oldReference, newReference) = (ReferenceMatcher(old), ReferenceMatcher(new))
        var problems: [String] = []
        for transition in diff.transitions {
            for witness in transition.witnesses {
                let before = oldReference.decide(witness.url)
                let after = newReference.decide(witness.url)
                let agrees =
                    before.kind == witness.old.kind && before.appID == witness.old.app
                    && before.ruleRef == witness.old.rule && after.kind == witness.new.kind
                    && after.appID == witness.new.app && after.ruleRef == witness.new.rule
                    && before.kind == transition.from && after.kind == transition.to
                if !agrees { problems.append("\(witness.url): \(before) -> \(after)") }
            }
        }
        return problems
    }

    static func confirm(_ diff: DecisionDiff, _ old: AASADocument, _ new: AASADocument) throws {
        let problems = witnessProblems(diff, old, new)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// URLs built to match each rule of either file (fillers that tempt the edge cases), and
    /// each with its query or fragment left out.
    static func probeURLs(
        _ old: AASADocument, _ new: AASADocument, seed: UInt64, perRule: Int = 8
    ) -> [String] {
        var urls: [String] = []
        for document in [old, new] {
            var generator = ShadowURLGenerator(
                random: SplitMix64(seed: seed), variables: RuleAlignment.variables(of: document))
            for rule in ResolvedRule.resolve(document) {
                for url in generator.urls(for: rule, count: perRule) {
                    urls.append(url)
                    if let hash = url.firstIndex(of: "#") { urls.append(String(url[..<hash])) }
                }
            }
        }
        return urls
    }
}

/// A version of a generated file: a rule inserted, removed, moved, its `exclude` flipped, or
/// replaced by a related one; sometimes two of these.
struct Mutator: RandomPicking {
    var random: SplitMix64

    mutating func mutated(_ document: AASADocument, using generator: inout ShadowRuleGenerator)
        -> AASADocument
    {
        var result = document
        guard var applinks = result.applinks else { return result }
        for _ in 0..<Int(1 + random.next() % 2) {
            let at = Int(random.next() % UInt64(applinks.details.count))
            var entry = applinks.details[at]
            guard var components = entry.components, !components.isEmpty else { continue }
            let index = Int(random.next() % UInt64(components.count))
            switch random.next() % 5 {
            case 0:
                let added =
                    chance(50)
                    ? generator.derived(from: components[index]) : generator.freshComponent()
                components.insert(added, at: Int(random.next() % UInt64(components.count + 1)))
            case 1:
                components.remove(at: index)
            case 2:
                let moved = components.remove(at: index)
                components.insert(moved, at: Int(random.next() % UInt64(components.count + 1)))
            case 3:
                components[index].exclude = !(components[index].exclude ?? false)
            default:
                components[index] = generator.derived(from: components[index])
            }
            entry.components = components
            applinks.details[at] = entry
        }
        if applinks.details.count > 1, chance(15) { applinks.details.swapAt(0, 1) }
        result.applinks = applinks
        return result
    }
}
