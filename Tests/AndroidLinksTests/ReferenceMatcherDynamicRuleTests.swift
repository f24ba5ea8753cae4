import AndroidLinks
import Testing

/// Dynamic rules from `assetlinks.json` (Android 15): docs/android-semantics.md A7, with the
/// examples of the Android documentation.
struct ReferenceMatcherDynamicRuleTests {
    typealias Fixture = AppLinkFixture
    typealias Decision = AndroidReferenceMatcher.Decision
    typealias Rule = AndroidReferenceMatcher.RuleReference

    static func matcher(_ rules: String?, apiLevel: Int = 35, paths: String = "") throws
        -> (CheckedMatcher, AndroidReferenceMatcher.FilterReference)
    {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" \#(paths) />"#)
        )
        let matcher = Fixture.matcher(
            manifest, sites: ["example.com": try Fixture.assetLinks(rules: rules)],
            apiLevel: apiLevel)
        return (matcher, Fixture.reference(manifest))
    }

    static func rule(_ index: Int, domain: String = "example.com") -> Rule {
        Rule(domain: domain, statement: 0, rule: index)
    }

    /// DOC-ASSETLINKS's example file, rule by rule: the first match decides.
    @Test(arguments: [
        ("https://example.com/x?dl=abc", 0, false), ("https://example.com/x#app", 1, false),
        ("https://example.com/products/12", 2, false),
        ("https://example.com/shoes?in_app=true", 3, false),
        ("https://example.com/shoes", 4, true), ("https://example.com/other", 4, true),
        ("https://example.com/x#App", 4, true),
    ])
    func documentationExample(_ url: String, _ rule: Int, _ excluded: Bool) throws {
        let (matcher, filter) = try Self.matcher(
            #"""
            [{"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"},
             {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}]
            """#)
        let expected: Decision =
            excluded
            ? .excluded(.dynamicRule(Self.rule(rule))) : .handled(filter, rule: Self.rule(rule))
        #expect(matcher.decide(url) == expected)
    }

    /// DOC-ASSETLINKS "Order dynamic rules": each of its four lists.
    @Test func orderMattersAndNoMatchMeansNotOpened() throws {
        let (excludeFirst, _) = try Self.matcher(#"[{"/": "*", "exclude": true}, {"/": "/path1"}]"#)
        #expect(
            excludeFirst.decide("https://example.com/path1")
                == .excluded(.dynamicRule(Self.rule(0))))

        let (allowFirst, filter) = try Self.matcher(
            #"[{"/": "/path1"}, {"/": "*", "exclude": true}]"#)
        #expect(
            allowFirst.decide("https://example.com/path1") == .handled(filter, rule: Self.rule(0)))
        #expect(
            allowFirst.decide("https://example.com/path2") == .excluded(.dynamicRule(Self.rule(1))))

        let (onlyAllows, _) = try Self.matcher(#"[{"/": "/path1"}, {"/": "/path2"}]"#)
        #expect(onlyAllows.decide("https://example.com/path3") == .unmatched(.noDynamicRule))

        let (catchAll, _) = try Self.matcher(#"[{"/": "/path1", "exclude": true}, {"/": "*"}]"#)
        #expect(
            catchAll.decide("https://example.com/path1") == .excluded(.dynamicRule(Self.rule(0))))
        #expect(
            catchAll.decide("https://example.com/other") == .handled(filter, rule: Self.rule(1)))
    }

    /// DOC-ASSETLINKS: every dictionary entry must find a parameter, in any order, among others.
    @Test(arguments: [
        ("https://example.com/?in_app=true&dl=abc", true),
        ("https://example.com/?lang=en&in_app=true&tz=pst&dl=abc", true),
        ("https://example.com/?lang=en&tz=pst&dl=abc", false),
        ("https://example.com/?dl&in_app=true", false),
        ("https://example.com/", false),
    ])
    func queryDictionary(_ url: String, _ handled: Bool) throws {
        let (matcher, filter) = try Self.matcher(#"[{"?": {"dl": "*", "in_app": "true"}}]"#)
        #expect(
            matcher.decide(url)
                == (handled ? .handled(filter, rule: Self.rule(0)) : .unmatched(.noDynamicRule)))
    }

    /// A7.2, A7.4: before Android 15 the rules are ignored; they never widen the manifest; an
    /// empty or malformed list leaves the manifest alone; a rule naming no part never matches.
    @Test func rulesOnlyNarrowFromAndroid15() throws {
        let (old, filter) = try Self.matcher(#"[{"/": "/path1"}]"#, apiLevel: 34)
        #expect(old.decide("https://example.com/path3") == .handled(filter, rule: nil))

        let (narrow, _) = try Self.matcher(#"[{"/": "*"}]"#, paths: #"android:pathPrefix="/app/""#)
        #expect(narrow.decide("https://example.com/web") == .unmatched(.path))

        let (empty, emptyFilter) = try Self.matcher("[]")
        #expect(empty.decide("https://example.com/x") == .handled(emptyFilter, rule: nil))

        let (malformed, malformedFilter) = try Self.matcher(#"[{"/": "/a"}, {"/": 5}]"#)
        #expect(malformed.decide("https://example.com/zzz") == .handled(malformedFilter, rule: nil))

        let (partless, partlessFilter) = try Self.matcher(
            #"[{"exclude": true}, {"?": {}}, {"/": "*"}]"#)
        #expect(
            partless.decide("https://example.com/x") == .handled(partlessFilter, rule: Self.rule(2))
        )
    }

    /// A7.2: rules are stored per verified host and found by the exact host, then `*.` parents.
    @Test func rulesAreLookedUpPerVerifiedHost() throws {
        let wildcard = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="*.example.com" />"#))
        let matcher = Fixture.matcher(
            wildcard, sites: ["example.com": try Fixture.assetLinks(rules: #"[{"/": "/shop/*"}]"#)])
        #expect(
            matcher.decide("https://a.b.example.com/shop/x")
                == .handled(
                    Fixture.reference(wildcard), rule: Self.rule(0, domain: "*.example.com")))
        #expect(matcher.decide("https://a.b.example.com/blog") == .unmatched(.noDynamicRule))

        let twoHosts = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" /><data android:host="www.example.com" />"#
            ))
        let perHost = Fixture.matcher(
            twoHosts,
            sites: [
                "example.com": try Fixture.assetLinks(rules: #"[{"/": "/a"}]"#),
                "www.example.com": try Fixture.assetLinks(),
            ])
        #expect(
            perHost.decide("https://www.example.com/zzz")
                == .handled(Fixture.reference(twoHosts), rule: nil))
        #expect(perHost.decide("https://example.com/zzz") == .unmatched(.noDynamicRule))
        #expect(
            perHost.decide("https://example.com/a")
                == .handled(Fixture.reference(twoHosts), rule: Self.rule(0)))
    }

    /// A7.3: paths and fragments compare decoded and case-sensitively; `%` in a rule is literal.
    @Test func rulesCompareDecodedText() throws {
        let (matcher, filter) = try Self.matcher(
            ##"[{"/": "/café/*"}, {"/": "/a%20b"}, {"#": "top"}]"##)
        #expect(
            matcher.decide("https://example.com/caf%C3%A9/menu")
                == .handled(filter, rule: Self.rule(0)))
        #expect(matcher.decide("https://example.com/CAF%C3%A9/menu") == .unmatched(.noDynamicRule))
        #expect(matcher.decide("https://example.com/a%20b") == .unmatched(.noDynamicRule))
        #expect(
            matcher.decide("https://example.com/a%2520b") == .handled(filter, rule: Self.rule(1)))
        #expect(
            matcher.decide("https://example.com/x#t%6Fp") == .handled(filter, rule: Self.rule(2)))
    }
}
