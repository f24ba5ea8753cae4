import AASAModel
import RuleAnalysis
import Testing

/// Hand cases for each finding, and look-alikes that must stay silent: every row names the
/// matching rule (SEMANTICS.md section) it guards.
struct ShadowCaseTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var components: String
        var variables = "{}"
        var defaults: String? = nil
        var expected: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        // Paths (S5).
        Row(
            name: "prefix star covers a longer path",
            components: #"{"/": "/buy/*"}, {"/": "/buy/42"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a star does not cover a longer word",
            components: #"{"/": "/buy/*"}, {"/": "/buyer"}"#, expected: []),
        Row(
            name: "a vanishing slash: /buy/* matches /buy (S5.4)",
            components: #"{"/": "/buy/*"}, {"/": "/buy"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a trailing slash of the URL is stripped: /buy covers /buy/",
            components: #"{"/": "/buy"}, {"/": "/buy/"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "/buy/ matches the path buy, which buy? does not; /buy// matches it too",
            components: #"{"/": "/buy?"}, {"/": "/buy/"}, {"/": "/buy/?"}, {"/": "/buy//"}"#,
            expected: ["AASA601 details[0].components[3] <- details[0].components[1]"]),
        Row(
            name: "/buy/ does not cover /buy/*",
            components: #"{"/": "/buy/"}, {"/": "/buy/*"}"#, expected: []),
        Row(
            name: "several /* tails vanish together (S11 Q11)",
            components: #"{"/": "/a/*/*"}, {"/": "/a"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "/a/*/c needs two slashes",
            components: #"{"/": "/a/*/c"}, {"/": "/a/c"}"#, expected: []),
        Row(
            name: "the leading slash is optional (S5.3)",
            components: #"{"/": "abc/*"}, {"/": "//abc/x"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "/ is not a catch-all: it matches the root only",
            components: #"{"/": "/"}, {"/": "/x"}"#, expected: []),
        // `?` counts scalars of the view (S5.2).
        Row(
            name: "? takes one decoded scalar",
            components:
                #"{"/": "/p/?", "percentEncoded": false}, {"/": "/p/é", "percentEncoded": false}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "? is one of six characters of an escape when undecoded",
            components: #"{"/": "/p/?"}, {"/": "/p/%C3%A9"}"#, expected: []),
        Row(
            name: "six ? take an escaped é",
            components: #"{"/": "/p/??????"}, {"/": "/p/%C3%A9"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "one ? does not cover two",
            components:
                #"{"/": "/p/?", "percentEncoded": false}, {"/": "/p/??", "percentEncoded": false}"#,
            expected: []),
        // Case (S8).
        Row(
            name: "a case-insensitive rule covers any case",
            components: #"{"/": "/a/*", "caseSensitive": false}, {"/": "/A/b"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a case-sensitive rule does not cover a case-insensitive one",
            components: #"{"/": "/a/*"}, {"/": "/a/b", "caseSensitive": false}"#, expected: []),
        Row(
            name: "a case-sensitive rule without letters covers a case-insensitive one",
            components: #"{"/": "/*/1"}, {"/": "/x/1", "caseSensitive": false}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "upper-case pattern of a case-insensitive rule",
            components:
                #"{"/": "/É/*", "caseSensitive": false, "percentEncoded": false}, {"/": "/é/x", "percentEncoded": false}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        // Percent modes (S7).
        Row(
            name: "a decoded rule covers an undecoded one that reads no escape",
            components: #"{"/": "/about/*", "percentEncoded": false}, {"/": "/about/team"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "an undecoded rule does not cover a decoded one: /%61/b",
            components: #"{"/": "/a/*"}, {"/": "/a/b", "percentEncoded": false}"#, expected: []),
        Row(
            name: "an escaped decoded pattern does not cover the escape",
            components: #"{"/": "/a%20b", "percentEncoded": false}, {"/": "/a%20b"}"#,
            expected: []),
        // Query (S4.3) and fragment.
        Row(
            name: "a query item that must be present does not cover a rule without it",
            components: #"{"/": "/s", "?": {"q": "?*"}}, {"/": "/s"}"#, expected: []),
        Row(
            name: "an item implied by the same item",
            components: #"{"?": {"q": "?*"}}, {"/": "/x", "?": {"q": "abc", "r": "1"}}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "item names are exact",
            components: #"{"?": {"q": "abc"}}, {"?": {"Q": "abc"}}"#, expected: []),
        Row(
            name: "an absent item reads as empty, which \"\" accepts but not a present one",
            components: #"{"?": {"id": "7", "x": ""}}, {"?": {"id": "7"}}"#, expected: []),
        Row(
            name: "a star item accepts any item, absent included",
            components: #"{"/": "/s", "?": {"x": "*"}}, {"/": "/s", "?": {"id": "7"}}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a whole-query pattern covers a narrower one",
            components: #"{"?": "a=*"}, {"/": "/x", "?": "a=1"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a whole-query pattern does not cover a dictionary",
            components: #"{"?": "a=*"}, {"?": {"a": "1"}}"#, expected: []),
        Row(
            name: "fragments compare like paths without the slash rule",
            components: ##"{"#": "app-*"}, {"/": "/h", "#": "app-1"}, {"#": "app"}"##,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        // Substitution variables (S6).
        Row(
            name: "$(lang) covers a language code",
            components: #"{"/": "/$(lang)/*"}, {"/": "/en/help"}, {"/": "/xx/help"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a custom variable covers its values, and the values together cover it",
            components: #"{"/": "/pizza"}, {"/": "/sushi"}, {"/": "/$(food)"}, {"/": "/ramen"}"#,
            variables: #"{"food": ["pizza", "sushi"]}"#,
            expected: [
                "AASA601 details[0].components[2] <- details[0].components[0] "
                    + "details[0].components[1]"
            ]),
        Row(
            name: "an undefined variable matches nothing: nothing to report",
            components: #"{"/": "/*"}, {"/": "/$(nope)"}"#, expected: []),
        // Defaults (S4.4).
        Row(
            name: "entry defaults fold both rules",
            components: #"{"/": "/A/*"}, {"/": "/a/b"}"#, defaults: #"{"caseSensitive": false}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a rule that overrides the folding default does not cover one that keeps it",
            components: #"{"/": "/a/*", "caseSensitive": true}, {"/": "/a/b"}"#,
            defaults: #"{"caseSensitive": false}"#, expected: []),
        Row(
            name: "an exclude default makes the same pattern a duplicate",
            components:
                #"{"/": "/a"}, {"/": "/a", "exclude": true}, {"/": "/a", "exclude": false}"#,
            defaults: #"{"exclude": true}"#,
            expected: [
                "AASA603 details[0].components[1] <- details[0].components[0]",
                "AASA601 details[0].components[2] <- details[0].components[0]",
            ]),
        // Catch-alls and duplicates.
        Row(
            name: "rules after a catch-all",
            components: #"{"/": "/a"}, {}, {"/": "/b"}, {"/": "/a", "exclude": true}"#,
            expected: [
                "AASA602 details[0].components[2] <- details[0].components[1]",
                "AASA602 details[0].components[3] <- details[0].components[1]",
            ]),
        Row(
            name: "a star with a query constraint is no catch-all",
            components: #"{"/": "*", "?": {"q": "?*"}}, {"/": "/x"}"#, expected: []),
        Row(
            name: "duplicates after defaults, and with another exclude flag",
            components:
                #"{"/": "/a", "caseSensitive": true}, {"/": "a"}, {"/": "/a", "exclude": true}"#,
            expected: [
                "AASA603 details[0].components[1] <- details[0].components[0]",
                "AASA601 details[0].components[2] <- details[0].components[0]",
            ]),
        Row(
            name: "a glob repeated with a query is covered by the same glob with any query",
            components: #"{"/": "/u/*/posts/?*"}, {"/": "//u/*/posts/?*", "?": {"x": "1"}}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "the same glob read in either case is not covered by it read in one case",
            components:
                #"{"/": "/u/*/Posts/?*"}, {"/": "/u/*/Posts/?*", "caseSensitive": false, "?": {"x": "1"}}"#,
            expected: []),
        Row(
            name: "the same glob read in one case is covered by it read in either case",
            components:
                #"{"/": "/u/*/Posts/?*", "caseSensitive": false}, {"/": "/u/*/Posts/?*", "?": {"x": "1"}}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a literal and a star cover a glob that begins with that literal",
            components:
                #"{"/": "/blog/2021/*"}, {"/": "/blog/2021/10/post-1/*"}, {"/": "/blog/2021x/*"}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "a literal and a star read in either case cover a glob read in one case",
            components:
                #"{"/": "/Blog/*", "caseSensitive": false}, {"/": "/blog/X/*"}, {"/": "/BLOG/y/?"}"#,
            expected: [
                "AASA601 details[0].components[1] <- details[0].components[0]",
                "AASA601 details[0].components[2] <- details[0].components[0]",
            ]),
        Row(
            name: "a literal and a star read in one case do not cover a glob read in either case",
            components: #"{"/": "/blog/*"}, {"/": "/blog/x/*", "caseSensitive": false}"#,
            expected: []),
        Row(
            name: "a literal and a star read undecoded do not cover a glob read decoded (S7)",
            components: #"{"/": "/a/b*"}, {"/": "/a/bc/*", "percentEncoded": false}"#,
            expected: []),
        Row(
            name: "only a literal and one final star cover what begins with the literal",
            components:
                #"{"/": "/blog/*/x"}, {"/": "/blog/?"}, {"/": "/blog/y/*"}, {"/": "/blog/z/*"}"#,
            expected: []),
        Row(
            name: "the same variable pattern read in one case is covered by it read in either case",
            components:
                #"{"/": "/$(lang)/Help/*", "caseSensitive": false}, {"/": "/$(lang)/Help/*", "?": {"x": "1"}}"#,
            variables: #"{"lang": ["EN", "fr"]}"#,
            expected: ["AASA601 details[0].components[1] <- details[0].components[0]"]),
        Row(
            name: "the same variable pattern read in either case is not covered by it read in one",
            components:
                #"{"/": "/$(lang)/Help/*"}, {"/": "/$(lang)/Help/*", "caseSensitive": false, "?": {"x": "1"}}"#,
            variables: #"{"lang": ["EN", "fr"]}"#,
            expected: []),
        Row(
            name: "the same glob read decoded is not covered by it read encoded",
            components:
                #"{"/": "/u/*/%41/?*"}, {"/": "/u/*/%41/?*", "percentEncoded": false, "?": {"x": "1"}}"#,
            expected: []),
        Row(
            name: "canonically equivalent texts are other patterns: the Kelvin sign is not K",
            components: #"""
                {"/": "/\u212A", "percentEncoded": false}, {"/": "/K", "percentEncoded": false},
                {"/": "/x", "#": "\u212A", "percentEncoded": false},
                {"/": "/x", "#": "K", "percentEncoded": false},
                {"/": "/y", "?": "\u00E9", "percentEncoded": false},
                {"/": "/y", "?": "e\u0301", "percentEncoded": false},
                {"/": "/y", "?": "e\u0301", "percentEncoded": false}
                """#,
            expected: ["AASA603 details[0].components[6] <- details[0].components[5]"]),
        // Exclusions without effect.
        Row(
            name: "an exclusion no later rule meets",
            components: #"{"/": "/admin/*", "exclude": true}, {"/": "/shop/*"}"#,
            expected: ["AASA604 details[0].components[0]"]),
        Row(
            name: "an exclusion carved out of a later rule",
            components: #"{"/": "/shop/private/*", "exclude": true}, {"/": "/shop/*"}"#,
            expected: []),
        Row(
            name: "an exclusion a later case-insensitive rule meets",
            components:
                #"{"/": "/ADMIN/*", "exclude": true}, {"/": "/admin/*", "caseSensitive": false}"#,
            expected: []),
        Row(
            name: "an exclusion in another case than a case-sensitive later rule",
            components: #"{"/": "/ADMIN/*", "exclude": true}, {"/": "/admin/*"}"#,
            expected: ["AASA604 details[0].components[0]"]),
        Row(
            name: "an exclusion a later undecoded escape may meet",
            components:
                #"{"/": "/a b/*", "percentEncoded": false, "exclude": true}, {"/": "/a%20b/*"}"#,
            expected: []),
        Row(
            name: "an exclusion whose query no later rule accepts",
            components: #"{"?": {"debug": "1"}, "exclude": true}, {"?": {"debug": "0"}}"#,
            expected: ["AASA604 details[0].components[0]"]),
    ]

    @Test(arguments: rows)
    func findings(_ row: Row) throws {
        let document = try ShadowFixture.entry(
            row.components, variables: row.variables, defaults: row.defaults)
        #expect(ShadowFixture.summary(document) == row.expected)
    }

    /// Domain-level defaults carry patterns too: a rule given only a fragment takes the
    /// default path, and so does the rule it covers.
    @Test func domainDefaultsCarryPatterns() throws {
        let document = try ShadowFixture.applinks(
            ##"{"defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["T.app"], "components": ["##
                + ##"{"#": "x"}, {"#": "x", "?": {"a": "1"}}, {"/": "/bar", "#": "x"}]}]}"##)
        #expect(
            ShadowFixture.summary(document) == [
                "AASA601 details[0].components[1] <- details[0].components[0]"
            ])
    }
}
