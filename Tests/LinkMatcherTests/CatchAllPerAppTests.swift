import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

extension CaseGenerator {
    static let manyApps = ["A.a", "B.b", "C.c", "D.d", "E.e", "F.f"]

    /// A rule that matches every URL, written one of the ways a file may write it.
    mutating func catchAll() -> Component {
        var rule = Component(path: pick(["*", "/*", "**", "/**", "*", "/*"]))
        if chance(25) { rule.exclude = true }
        if chance(20) { rule.caseSensitive = false }
        if chance(20) { rule.percentEncoded = false }
        if chance(15) { rule.query = .items([QueryItemPattern(name: "a", pattern: "*")]) }
        if chance(10) { rule.fragment = "*" }
        return rule
    }

    /// A rule that looks like a catch-all but holds only for some URLs.
    mutating func nearCatchAll() -> Component {
        var rule = Component(path: pick(["*", "/*", "?*", "/*a", "*b*"]))
        switch random.next() % 4 {
        case 0: rule.query = .items([QueryItemPattern(name: pick(["a", "id"]), pattern: "1")])
        case 1: rule.fragment = pick(["x", "?*"])
        case 2: rule.query = .whole(pick(["?*", "a=1"]))
        default: break
        }
        if chance(30) { rule.exclude = true }
        return rule
    }

    /// Many entries sharing six apps, most with a catch-all somewhere among their rules (first,
    /// in the middle, last, or twice), beside excludes, rules on the query or the fragment,
    /// legacy `paths` with `*` and `NOT *`, and entry defaults that make an empty component
    /// a catch-all.
    mutating func catchAllDocument() -> AASADocument {
        let entries = (0..<Int(3 + random.next() % 20)).map { index -> DetailsEntry in
            let apps = (0..<Int(1 + random.next() % 3)).map { _ in pick(Self.manyApps) }
            let ref = "details[\(index)]"
            if chance(15) {
                var paths = (0..<Int(random.next() % 3)).map { _ in
                    (chance(40) ? "NOT " : "") + text(Self.patternPieces, maxPieces: 3)
                }
                if chance(70) {
                    let catchAll = (chance(30) ? "NOT " : "") + pick(["*", "/*"])
                    paths.insert(catchAll, at: Int(random.next() % UInt64(paths.count + 1)))
                }
                return DetailsEntry(ref: ref, appIDs: apps, paths: paths)
            }
            var components = (0..<Int(random.next() % 4)).map { _ in
                chance(30) ? nearCatchAll() : component(allowEmpty: false)
            }
            if chance(75) {
                components.insert(
                    catchAll(), at: Int(random.next() % UInt64(components.count + 1)))
                if chance(20) { components.append(catchAll()) }
            }
            if chance(10) {
                // An empty component takes its path from the entry's defaults.
                components.append(Component())
                return DetailsEntry(
                    ref: ref, appIDs: apps, components: components,
                    defaults: Component(path: pick(["*", "/a*"])))
            }
            return DetailsEntry(ref: ref, appIDs: apps, components: components)
        }
        return AASADocument(applinks: AppLinks(details: entries))
    }
}

/// `decideWithApps` walks a file's catch-alls only until the URL's decision, and leaves each
/// app that answers as its first catch-all says (`defaultAppDecisions`) out of
/// `appOverrides`: together they must give every app's own first decisive rule, as the
/// reference matcher decides it rule by rule, on files where catch-alls stand anywhere.
struct CatchAllPerAppTests {
    @Test(arguments: [0xCA7C_0001 as UInt64, 0xCA7C_0002])
    func defaultsAndOverridesGiveEveryAppsOwnDecision(seed: UInt64) {
        var generator = CaseGenerator(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var withDefaults = 0
        var overridden = 0
        var answerChanged = 0
        var manyApps = 0
        for _ in 0..<generatedCases(600) {
            let document = generator.catchAllDocument()
            let reference = ReferenceMatcher(document)
            let set = CompiledRuleSet(document)
            let scratch = set.makeScratch()
            if !set.defaultAppDecisions.isEmpty { withDefaults += 1 }
            let defaults = Dictionary(
                set.defaultAppDecisions.map { ($0.app, $0.kind) }, uniquingKeysWith: { a, _ in a })
            for _ in 0..<12 {
                let url = generator.url()
                let found = PerAppAnswers(url, set, reference, scratch)
                let decision = reference.decide(url).description
                let answer = automatonAnswer(set, url, scratch)
                if !found.agree || answer != decision, disagreements.count < 3 {
                    disagreements.append(
                        "\(url): \(found); reference \(decision)\n  "
                            + set.rules.map { "\($0.ref) \($0.appIDs) \($0.patternDescription)" }
                            .joined(separator: "\n  "))
                }
                if !defaults.isEmpty, !found.overrides.isEmpty { overridden += 1 }
                if found.overrides.contains(where: { own in
                    defaults[own.app].map { $0 != own.kind } ?? false
                }) {
                    answerChanged += 1
                }
                if found.apps.count >= 4 { manyApps += 1 }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The cases that matter were generated: files with defaults, URLs on which earlier
        // rules override them (with another answer too), many apps answering at once.
        #expect(withDefaults > scaledToCases(500, of: 600))
        #expect(overridden > scaledToCases(1_000, of: 600))
        #expect(answerChanged > scaledToCases(400, of: 600))
        #expect(manyApps > scaledToCases(4_000, of: 600))
    }

    /// One file, each case written out: catch-alls first, in the middle, last; an exclude
    /// catch-all; a legacy `NOT` before a `*`; a rule behind a catch-all, which never decides.
    @Test func catchAllsAnswerForTheirAppsUnlessAnEarlierRuleDecides() throws {
        let document = AASADocument(
            applinks: AppLinks(details: [
                DetailsEntry(
                    ref: "details[0]", appIDs: ["A.a"],
                    components: [
                        Component(path: "/a"), Component(path: "*", caseSensitive: false),
                        Component(path: "/b"),
                    ]),
                DetailsEntry(
                    ref: "details[1]", appIDs: ["A.a", "B.b"],
                    components: [Component(path: "/*", exclude: true)]),
                DetailsEntry(ref: "details[2]", appIDs: ["C.c"], paths: ["NOT /c*", "*"]),
                DetailsEntry(
                    ref: "details[3]", appIDs: ["B.b", "D.d"],
                    components: [
                        Component(path: "/d"),
                        Component(
                            path: "*", query: .items([QueryItemPattern(name: "a", pattern: "1")])),
                    ]),
            ]))
        let set = CompiledRuleSet(document)
        let scratch = set.makeScratch()
        func answers(_ url: String) -> [String] {
            Array(url.utf8).withUnsafeBufferPointer { bytes in
                set.decidePerApp(bytes, scratch: scratch).map {
                    "\(set.apps[Int($0.app)]) \($0.kind.name) \(set.rules[Int($0.rule)].ref)"
                }
            }
        }
        #expect(
            set.defaultAppDecisions.map {
                "\(set.apps[Int($0.app)]) \($0.kind.name) \(set.rules[Int($0.rule)].ref)"
            } == [
                "A.a handled details[0].components[1]", "B.b excluded details[1].components[0]",
                "C.c handled details[2].paths[1]",
            ])
        // `/b` sits behind the catch-all of its entry: the catch-all decides.
        #expect(
            answers("/b") == [
                "A.a handled details[0].components[1]", "B.b excluded details[1].components[0]",
                "C.c handled details[2].paths[1]",
            ])
        #expect(
            answers("/a") == [
                "A.a handled details[0].components[0]", "B.b excluded details[1].components[0]",
                "C.c handled details[2].paths[1]",
            ])
        // D has no catch-all: only its own rules answer for it; C's `NOT` comes first.
        #expect(
            answers("/c/d?a=1") == [
                "A.a handled details[0].components[1]", "B.b excluded details[1].components[0]",
                "C.c excluded details[2].paths[0]", "D.d handled details[3].components[1]",
            ])
        #expect(answers("ftp://x/a").isEmpty)
        let decision = Array("/b".utf8).withUnsafeBufferPointer { set.decide($0, scratch: scratch) }
        #expect(decision == Decision(kind: .handled, rule: 1, app: 0))
    }
}
