import AASAModel
import Testing
import Workload

@testable import LinkMatcher

/// What `explain` says each rule compared: the URL's parts as the rule's view reads them.
struct ExplainTextsTests {
    static let json = ##"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.wiki"], "components": [
          {"/": "/wiki/Special:*", "exclude": true},
          {"/": "/search", "?": {"url": "*", "q": "?*"}},
          {"#": "no_universal_links", "exclude": true},
          {"/": "/Caf%C3%A9/*", "caseSensitive": false, "percentEncoded": false},
          {"/": "/w", "?": "a=*"}
        ]}]}}
        """##

    func compared(_ url: String) throws -> [ComparedTexts?] {
        let rules = try AppLinkRules(json: Array(Self.json.utf8))
        return rules.explain(url).steps.map(\.compared)
    }

    /// Under the default `percentEncoded` the path is compared as written: `%3A` is not `:`.
    @Test func thePathIsShownAsWritten() throws {
        let steps = try compared("https://example.org//wiki/Special%3ASearch/")
        let first = try #require(steps[0])
        #expect(first.path == "wiki/Special%3ASearch")
        #expect(first.pathPattern == "wiki/Special:*")
        #expect(first.viewDescription == "as written")
        #expect(first.query == nil && first.fragment == nil)
    }

    /// A decoding, folding rule reads the decoded, lower-cased text, and its pattern folded.
    @Test func aDecodingFoldingRuleShowsItsView() throws {
        let steps = try compared("/CAF%C3%89/Menu")
        let rule = try #require(steps[3])
        #expect(rule.path == "café/menu")
        #expect(rule.pathPattern == "caf%c3%a9/*")
        #expect(rule.viewDescription == "percent-decoded, case-folded")
    }

    /// Every item a dictionary names is listed, `*` ones too: an absent one reads as `""`,
    /// a repeated one shows every value.
    @Test func queryItemsShowTheirValuesOrAbsence() throws {
        let steps = try compared("/search?q=a&q=b&other=1")
        #expect(
            steps[1]?.query
                == .items([
                    ComparedTexts.Item(name: "url", values: []),
                    ComparedTexts.Item(name: "q", values: ["a", "b"]),
                ]))
        #expect(steps[4]?.query == .whole("q=a&q=b&other=1"))
        #expect(steps[2]?.fragment == "")
        #expect(try compared("/x#no_universal_links")[2]?.fragment == "no_universal_links")
    }

    /// On generated rules and URLs, each text is the reference matcher's view of that part.
    @Test func textsAreTheReferenceViews() throws {
        var generator = CaseGenerator(random: SplitMix64(seed: 0xE8_71A1))
        var compared = 0
        var problems: [String] = []
        for _ in 0..<400 {
            let document = generator.document()
            guard let rules = try? AppLinkRules(document) else { continue }
            for _ in 0..<4 {
                let url = generator.url()
                let reference = ReferenceURL(url)
                for step in rules.explain(url).steps {
                    guard let texts = step.compared else { continue }
                    let rule = rules.compiled.rules[step.ruleIndex]
                    func view(_ bytes: [UInt8]?, fold: Bool) -> String {
                        String(
                            String.UnicodeScalarView(
                                reference.text(bytes ?? [], decode: texts.decoded, fold: fold)))
                    }
                    var path = view(reference.path, fold: texts.folded)
                    while path.hasPrefix("/") { path.removeFirst() }
                    while path.hasSuffix("/") { path.removeLast() }
                    var ok =
                        texts.path == path && texts.folded == !rule.caseSensitive
                        && texts.decoded == !rule.percentEncoded
                    if let fragment = texts.fragment {
                        ok = ok && fragment == view(reference.fragment, fold: texts.folded)
                    }
                    switch texts.query {
                    case .whole(let text):
                        ok = ok && text == view(reference.query, fold: texts.folded)
                    case .items(let items):
                        let all = reference.queryItems(decode: texts.decoded, fold: texts.folded)
                        for item in items {
                            let values = all.filter {
                                String(String.UnicodeScalarView($0.name)) == item.name
                            }.map { String(String.UnicodeScalarView($0.value)) }
                            ok = ok && values == item.values
                        }
                    case nil:
                        break
                    }
                    compared += 1
                    if !ok, problems.count < 3 { problems.append("\(url) \(rule.ref): \(texts)") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(compared > 2_000)
    }
}
