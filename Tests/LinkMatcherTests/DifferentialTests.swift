import AASAModel
import LinkMatcher
import TestSupport
import Testing
import Workload

/// Random rules and URLs built from pieces that hit the edge cases: slashes, `?` against
/// multi-byte characters, escapes, case, query items, variables.
struct CaseGenerator: RandomPicking {
    var random: SplitMix64

    static let patternPieces = [
        "/", "/", "a", "b", "A", "ab", "?", "*", "*", "%41", "%2F", "%C3%A9", "é", "É", " ",
        "$(digit)", "$(v)", "$(upper)", "$(nope)", "1", "%", "+", "$(",
        // Word lists compile to automata of more than 64 states: the list-based simulation.
        "$(region)", "$(lang)",
    ]
    static let urlPieces = [
        "/", "/", "/", "a", "b", "A", "B", "ab", "1", "42", "%41", "%61", "%2F", "%C3%A9",
        "%c3%a9", "é", "É", " ", "%", "%zz", "%C3", "%C3%28", "+", "$(v)", "x", "US", "en", "gb",
    ]
    static let queryItems = [
        "a=1", "a=", "a", "b=2", "id=7", "id=42", "A=1", "a=%41", "é=1", "q=a%20b", "",
    ]
    static let valuePieces = ["", "1", "7", "*", "?*", "?", "a", "A", "%41", "$(digit)", "a b"]
    static let apps = ["A.a", "B.b", "C.c"]

    mutating func flag() -> Bool? { chance(60) ? nil : chance(50) }

    mutating func text(_ pieces: [String], maxPieces: Int) -> String {
        (0..<Int(random.next() % UInt64(maxPieces + 1))).map { _ in pick(pieces) }.joined()
    }

    mutating func component(allowEmpty: Bool) -> Component {
        var c = Component()
        if !allowEmpty || chance(80) { c.path = text(Self.patternPieces, maxPieces: 5) }
        if chance(25) {
            if chance(50) {
                c.query = .whole(text(["a=1", "&", "*", "?", "b=", "a", "%41"], maxPieces: 3))
            } else {
                c.query = .items(
                    (0..<Int(1 + random.next() % 2)).map { _ in
                        QueryItemPattern(
                            name: pick(["a", "b", "id", "A", "é"]),
                            pattern: text(Self.valuePieces, maxPieces: 2))
                    })
            }
        }
        if chance(15) { c.fragment = text(["x", "X", "*", "?", "", "%41"], maxPieces: 2) }
        if chance(25) { c.exclude = chance(50) }
        c.caseSensitive = flag()
        c.percentEncoded = flag()
        return c
    }

    mutating func document() -> AASADocument {
        let entries = (0..<Int(1 + random.next() % 3)).map { index -> DetailsEntry in
            let apps =
                chance(10) ? [] : (0..<Int(1 + random.next() % 2)).map { _ in pick(Self.apps) }
            if chance(20) {
                let paths = (0..<Int(1 + random.next() % 4)).map { _ in
                    (chance(25) ? "NOT " : "") + text(Self.patternPieces, maxPieces: 4)
                }
                return DetailsEntry(ref: "details[\(index)]", appIDs: apps, paths: paths)
            }
            let components = (0..<Int(random.next() % 5)).map { _ in component(allowEmpty: true) }
            return DetailsEntry(
                ref: "details[\(index)]", appIDs: apps, components: components,
                defaults: chance(20) ? component(allowEmpty: true) : nil)
        }
        let variables =
            chance(50)
            ? [
                SubstitutionVariable(
                    name: "v",
                    values: (0..<Int(random.next() % 3)).map { _ in
                        text(["a", "b", "*", "?", "1", "/"], maxPieces: 2)
                    })
            ]
            : []
        return AASADocument(
            applinks: AppLinks(
                details: entries, defaults: chance(15) ? component(allowEmpty: true) : nil,
                substitutionVariables: variables))
    }

    mutating func url() -> String {
        var url =
            chance(30) ? pick(["https://example.com", "http://EXAMPLE.com:8080", "ftp://x"]) : ""
        url += text(Self.urlPieces, maxPieces: 6)
        if chance(40) {
            url +=
                "?"
                + (0..<Int(random.next() % 3)).map { _ in pick(Self.queryItems) }.joined(
                    separator: "&")
        }
        if chance(20) { url += "#" + text(["x", "X", "?", "%41", "a"], maxPieces: 2) }
        return url
    }
}

extension CaseGenerator {
    /// A file in which most URLs meet dozens of rules: many entries, most with a catch-all
    /// or a short prefix (`*`, `/*`, `/a*`), some behind excludes, some keyed by the value of
    /// a query item (four or more rules on one path), so that `decide` sorts far more than a
    /// handful of candidates.
    mutating func crowdedDocument() -> AASADocument {
        let catchAlls = ["*", "*", "/*", "/*", "/a*", "/*b*", "*?", "/a/*"]
        let entries = (0..<Int(20 + random.next() % 40)).map { index -> DetailsEntry in
            let apps = (0..<Int(1 + random.next() % 2)).map { _ in pick(Self.apps) }
            var components: [Component] = []
            for _ in 0..<Int(1 + random.next() % 4) {
                var c = chance(30) ? component(allowEmpty: false) : Component()
                if c.path == nil || chance(70) { c.path = pick(catchAlls) }
                if chance(20) {
                    c.query = .items([
                        QueryItemPattern(name: "id", pattern: pick(["1", "7", "42", "*"]))
                    ])
                }
                if chance(20) { c.exclude = true }
                components.append(c)
            }
            return DetailsEntry(ref: "details[\(index)]", appIDs: apps, components: components)
        }
        return AASADocument(applinks: AppLinks(details: entries))
    }
}

struct DifferentialTests {
    /// 120 crowded files x 20 URLs: with dozens of candidates a URL (sorted through a bitmap
    /// past sixteen, keyed groups replaced first), the automaton still agrees with the
    /// reference, overall and per app.
    @Test func crowdedFilesAgreeWithReference() {
        var generator = CaseGenerator(random: SplitMix64(seed: 0x5EED_00C0))
        var found: [String] = []
        var handled = 0
        for _ in 0..<120 {
            let doc = generator.crowdedDocument()
            let urls = (0..<20).map { _ in generator.url() }
            found += disagreements(doc, urls)
            let set = CompiledRuleSet(doc)
            let scratch = set.makeScratch()
            handled += urls.filter { automatonAnswer(set, $0, scratch).hasPrefix("handled") }.count
            if found.count >= 3 { break }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(handled > 400)
    }

    /// 10,000 generated documents x 10 URLs each (a quarter in a debug build): the automaton
    /// agrees with the reference on every case, the overall decision and the per-app decisions
    /// alike.
    @Test(arguments: [0x5EED_0001 as UInt64, 0x5EED_0002])
    func automatonAgreesWithReference(seed: UInt64) {
        var generator = CaseGenerator(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var decided = 0
        let documents = generatedCases(5_000)
        for _ in 0..<documents {
            let doc = generator.document()
            let set = CompiledRuleSet(doc)
            let reference = ReferenceMatcher(doc)
            let scratch = set.makeScratch()
            for _ in 0..<10 {
                let (expected, report) = disagreement(set, reference, generator.url(), scratch)
                if !expected.hasPrefix("unmatched") { decided += 1 }
                if let report, disagreements.count < 3 { disagreements.append(report) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // The generator must exercise decisions, not only misses.
        #expect(decided > documents)
    }
}
