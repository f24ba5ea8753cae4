import AASAModel
import LinkMatcher
import TestSupport
import Testing

@testable import RuleAnalysis

/// The lazily built languages: the prefix read off a path's text must be the one the built
/// language has, as the analysis indexes rules by it before building them.
struct RuleLanguagesTests {
    @Test func prefixFromTextIsTheLanguagesPrefixOnOddPaths() {
        let paths = [
            "/a/b*", "/A/B/*", "//x?y", "/", "", "*", "/*/x", "/?", "/a/$(lang)/b", "/a$(x",
            "/a$b/*", "/$(lang)", "/a/b/", "/a//", "/café/*", "/CAFÉ/x", "/\u{301}a/*",
            "/\u{301}a", "//\u{301}/*", "/İstanbul/*", "/K/\u{212A}*", "/a%2Fb/*",
            "/\u{1F600}/x?",
        ]
        var rules: [ResolvedRule] = []
        for path in paths {
            for (caseSensitive, percentEncoded, legacy) in [
                (true, true, false), (false, true, false), (false, false, false),
                (true, true, true),
            ] {
                let entry =
                    legacy
                    ? DetailsEntry(ref: "details[0]", appIDs: ["T.a"], paths: [path])
                    : DetailsEntry(
                        ref: "details[0]", appIDs: ["T.a"],
                        components: [
                            Component(
                                path: path, caseSensitive: caseSensitive,
                                percentEncoded: percentEncoded)
                        ])
                let document = AASADocument(
                    applinks: AppLinks(
                        details: [entry],
                        substitutionVariables: [SubstitutionVariable(name: "x", values: ["q"])]))
                rules += ResolvedRule.resolve(document)
            }
        }
        #expect(rules.count == paths.count * 4)
        let read = expectPrefixesAgree(rules, parser: PatternParser(customVariables: ["x": ["q"]]))
        // Paths naming `$` are left to the built language.
        #expect(read > 0 && read < rules.count)
    }

    @Test(.needsSharedData("aasa-real"))
    func prefixFromTextIsTheLanguagesPrefixOnRealFiles() {
        let documents = RealAASAFiles.documents(in: ["", "history", "odd"])
        #expect(documents.count >= 190)
        var (read, total) = (0, 0)
        for (_, document) in documents {
            let rules = CompiledRuleSet(document)
            read += expectPrefixesAgree(rules.rules, parser: rules.patternParser)
            total += rules.rules.count
        }
        // Most paths name no variable, so the text answers for them.
        #expect(read * 2 > total)
    }

    /// Checks every rule; returns how many prefixes were read off the text.
    private func expectPrefixesAgree(_ rules: [ResolvedRule], parser: PatternParser) -> Int {
        let languages = Inclusion.RuleLanguages(rules, parser: parser)
        var parts = Inclusion.RuleLanguage.Parts()
        var read = 0
        for index in rules.indices {
            let built = Inclusion.RuleLanguage(rules[index], parser: parser, parts: &parts)
            if let prefix = Inclusion.RuleLanguage.pathPrefix(rules[index]) {
                #expect(prefix == built.prefix, "\(rules[index].path)")
                read += 1
            }
            #expect(languages.prefix(of: index) == built.prefix, "\(rules[index].path)")
        }
        return read
    }
}
