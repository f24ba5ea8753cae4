import AndroidLinks
import Testing

/// Which URLs the manifest's filters accept: docs/android-semantics.md A3, A4, A8.
struct ReferenceMatcherFilterTests {
    typealias Fixture = AppLinkFixture
    typealias Decision = AndroidReferenceMatcher.Decision

    static func sites(_ hosts: String...) throws -> [String: AssetLinks] {
        var sites: [String: AssetLinks] = [:]
        for host in hosts { sites[host] = try Fixture.assetLinks() }
        return sites
    }

    /// A4.1: the two `<data>` elements pool: any scheme with any host with any path.
    @Test func dataElementsCombineAsACrossProduct() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(
                """
                <data android:scheme="https" android:host="example.com" android:path="/a" />
                <data android:scheme="http" android:host="m.example.com" android:pathPrefix="/b" />
                """))
        let matcher = Fixture.matcher(
            manifest, sites: try Self.sites("example.com", "m.example.com"))
        let handled = Decision.handled(Fixture.reference(manifest), rule: nil)
        #expect(matcher.decide("http://example.com/b/1") == handled)
        #expect(matcher.decide("https://m.example.com/a") == handled)
        #expect(matcher.decide("https://example.com/a") == handled)
        #expect(matcher.decide("https://example.com/c") == .unmatched(.path))
        #expect(matcher.decide("ftp://example.com/a") == .unmatched(.scheme))
        #expect(matcher.decide("https://other.example/a") == .unmatched(.host))
        #expect(matcher.decide("example.com/a") == .unmatched(.notAURL))
    }

    /// A4.3: `*` makes a suffix; case does not matter; a `*` elsewhere is literal.
    @Test(arguments: [
        ("*.example.com", "www.example.com", true), ("*.example.com", "a.b.example.com", true),
        ("*.example.com", "example.com", false), ("*example.com", "badexample.com", true),
        ("*example.com", "example.com", true), ("*", "anything.test", true),
        ("Example.COM", "example.com", true), ("www.*.com", "www.x.com", false),
        ("example.com", "www.example.com", false),
    ])
    func hostMatching(_ declared: String, _ host: String, _ matches: Bool) throws {
        let matcher = Fixture.matcher(try Fixture.manifest(), sites: [:])
        #expect(matcher.reference.hostMatches(declared, host) == matches)
    }

    /// A4.3 end to end: `*.example.com` is verified with the file of example.com (A6.2) and
    /// does not cover example.com itself.
    @Test func wildcardHostEndToEnd() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="*.example.com" />"#))
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        #expect(
            matcher.decide("https://www.example.com/x")
                == .handled(Fixture.reference(manifest), rule: nil))
        #expect(
            matcher.decide("https://WWW.Example.com/x")
                == .handled(Fixture.reference(manifest), rule: nil))
        #expect(matcher.decide("https://example.com/x") == .unmatched(.host))
    }

    /// A4.4: a declared port must be written in the URL; no port accepts any.
    @Test func ports() throws {
        let withPort = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:port="8443" />"#))
        let matcher = Fixture.matcher(withPort, sites: try Self.sites("example.com"))
        #expect(
            matcher.decide("https://example.com:8443/")
                == .handled(Fixture.reference(withPort), rule: nil))
        #expect(matcher.decide("https://example.com/") == .unmatched(.port))
        #expect(matcher.decide("https://example.com:443/") == .unmatched(.port))
        let anyPort = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" />"#))
        #expect(
            Fixture.matcher(anyPort, sites: try Self.sites("example.com")).decide(
                "https://example.com:8080/x")
                == .handled(Fixture.reference(anyPort), rule: nil))
        // `AuthorityEntry` compares a port only when it is not negative; Android decodes the
        // URL's port before reading it.
        let negative = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:port="-1" />"#))
        let negativeMatcher = Fixture.matcher(negative, sites: try Self.sites("example.com"))
        for url in ["https://example.com/x", "https://example.com:8443/x"] {
            #expect(negativeMatcher.decide(url) == .handled(Fixture.reference(negative), rule: nil))
        }
        #expect(
            matcher.decide("https://example.com:84%343/")
                == .handled(Fixture.reference(withPort), rule: nil))
    }

    /// A4.7: an `ssp*` rule that matches the decoded scheme-specific part (`//host/path?query`)
    /// takes the URL whatever the filter's hosts and paths; one that does not leaves them to
    /// decide, and a filter without a host then takes nothing.
    @Test func schemeSpecificParts() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(
                """
                <data android:scheme="https" android:host="example.com" android:path="/a" />
                <data android:sspPrefix="//example.com/b" />
                """),
            Fixture.filter(
                """
                <data android:scheme="https" android:ssp="//example.com/q?x=1" />
                <data android:sspPattern="//.*/z%.*" />
                """, autoVerify: false))
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        let first = Decision.handled(Fixture.reference(manifest, 0, 0), rule: nil)
        let second = Decision.handled(Fixture.reference(manifest, 0, 1), rule: nil)
        #expect(matcher.decide("https://example.com/a") == first)
        #expect(matcher.decide("https://example.com/b/1") == first)
        #expect(matcher.decide("https://example.com/%62/1") == first)
        #expect(matcher.decide("https://example.com/c") == .unmatched(.path))
        #expect(matcher.decide("https://example.com/q?x=1") == second)
        #expect(matcher.decide("https://example.com/q?x=1#f") == second)
        #expect(matcher.decide("https://example.com/q?x=2") == .unmatched(.path))
        #expect(matcher.decide("https://other.example/z%25") == .unmatched(.hostNotVerified))
        #expect(matcher.decide("https://other.example/y") == .unmatched(.host))
    }

    /// A4.3: a filter without a host checks neither host nor path; verification still decides.
    @Test func filterWithoutHostMatchesEveryURLOfItsScheme() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:path="/only" />"#, autoVerify: false),
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:path="/v" />"#))
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        #expect(
            matcher.decide("https://example.com/anything")
                == .handled(Fixture.reference(manifest), rule: nil))
        #expect(matcher.decide("https://other.example/x") == .unmatched(.hostNotVerified))
    }

    /// A2, A4.5, A5.1: any path matcher may match, on the decoded path.
    @Test(arguments: [
        ("https://example.com/caf%C3%A9", true), ("https://example.com/caf%c3%a9", true),
        ("https://example.com/café", true), ("https://example.com/docs/a.pdf", true),
        ("https://example.com/docs/a.PDF", false), ("https://example.com/buy", false),
        ("https://example.com/buy/1", true), ("https://example.com/%62uy/1", true),
        ("https://example.com/axb", true), ("https://example.com/axbxb", false),
        ("https://example.com", false), ("https://example.com/ab", true),
        ("https://example.com/axc?b=1#b", false),
        // `Uri.decode`: a malformed escape is U+FFFD, its value so far a byte (A2).
        ("https://example.com/buy%", false), ("https://example.com/buy%2/", false),
        ("https://example.com/buy%zz", false), ("https://example.com/a%zzb", true),
        ("https://example.com/a%2zb", true), ("https://example.com/café%", false),
    ])
    func pathsAreAlternativesOnTheDecodedPath(_ url: String, _ handled: Bool) throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(
                """
                <data android:scheme="https" android:host="example.com" />
                <data android:path="/café" android:pathSuffix=".pdf" android:pathPrefix="/buy/" />
                <data android:pathPattern="/a.*b" />
                """))
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        let expected: Decision =
            handled ? .handled(Fixture.reference(manifest), rule: nil) : .unmatched(.path)
        #expect(matcher.decide(url) == expected)
    }

    static let groupsFilter = Fixture.filter(
        """
        <data android:scheme="https" android:host="example.com" android:path="/help/internal/open" />
        <uri-relative-filter-group android:allow="false">
          <data android:pathPrefix="/help/internal" />
        </uri-relative-filter-group>
        <uri-relative-filter-group>
          <data android:pathPrefix="/help" android:fragmentPrefix="app-" />
        </uri-relative-filter-group>
        <uri-relative-filter-group>
          <data android:query="ref=mail" />
          <data android:query="v=2" />
        </uri-relative-filter-group>
        """)

    /// A4.6: groups AND their matchers, the first matching group decides, a sibling path wins,
    /// queries match single parameters of the decoded query.
    @Test func uriRelativeFilterGroups() throws {
        let manifest = try Fixture.manifest(Self.groupsFilter)
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        let handled = Decision.handled(Fixture.reference(manifest), rule: nil)
        let blockLine = manifest.components[0].intentFilters[0].groups[0].line
        #expect(matcher.decide("https://example.com/help/faq#app-login") == handled)
        #expect(matcher.decide("https://example.com/help/faq#top") == .unmatched(.path))
        #expect(matcher.decide("https://example.com/help/faq") == .unmatched(.path))
        #expect(
            matcher.decide("https://example.com/help/internal/x#app-a")
                == .excluded(.group(Fixture.reference(manifest), groupLine: blockLine)))
        #expect(matcher.decide("https://example.com/help/internal/open") == handled)
        #expect(matcher.decide("https://example.com/any?v=2&ref=mail") == handled)
        #expect(matcher.decide("https://example.com/any?ref=mail") == .unmatched(.path))
        #expect(matcher.decide("https://example.com/any?ref=mail;v=2") == handled)
        #expect(matcher.decide("https://example.com/any?ref=mail%26v=2") == handled)
        #expect(matcher.decide("https://example.com/any?ref=mail&v=3") == .unmatched(.path))
    }

    /// A4.6: before Android 15 groups do not exist; a filter whose only path rules are groups
    /// then has no path rule.
    @Test func groupsAreIgnoredBeforeAndroid15() throws {
        let manifest = try Fixture.manifest(Self.groupsFilter)
        let old = Fixture.matcher(manifest, sites: try Self.sites("example.com"), apiLevel: 34)
        #expect(old.decide("https://example.com/help/faq#app-login") == .unmatched(.path))
        #expect(
            old.decide("https://example.com/help/internal/open")
                == .handled(Fixture.reference(manifest), rule: nil))

        let onlyGroups = try Fixture.manifest(
            Fixture.filter(
                """
                <data android:scheme="https" android:host="example.com" />
                <uri-relative-filter-group android:allow="false"><data android:path="/private" /></uri-relative-filter-group>
                """))
        let blockLine = onlyGroups.components[0].intentFilters[0].groups[0].line
        let current = Fixture.matcher(onlyGroups, sites: try Self.sites("example.com"))
        #expect(
            current.decide("https://example.com/private")
                == .excluded(.group(Fixture.reference(onlyGroups), groupLine: blockLine)))
        #expect(current.decide("https://example.com/public") == .unmatched(.path))
        let older = Fixture.matcher(onlyGroups, sites: try Self.sites("example.com"), apiLevel: 34)
        #expect(
            older.decide("https://example.com/private")
                == .handled(Fixture.reference(onlyGroups), rule: nil))
        #expect(
            older.decide("https://example.com/public")
                == .handled(Fixture.reference(onlyGroups), rule: nil))
    }

    /// A3: only VIEW + BROWSABLE + DEFAULT filters without a MIME type, of enabled, exported
    /// components, count.
    @Test func filtersThatDoNotCount() throws {
        let data = #"<data android:scheme="https" android:host="example.com" />"#
        let sites = try Self.sites("example.com")
        let control = try Fixture.manifest(Fixture.filter(data))
        #expect(
            Fixture.matcher(control, sites: sites).decide("https://example.com/x")
                == .handled(Fixture.reference(control), rule: nil))
        let variants = [
            try Fixture.manifest(
                Fixture.filter(data, categories: [AndroidIntentNames.categoryBrowsable])),
            try Fixture.manifest(
                Fixture.filter(data, categories: [AndroidIntentNames.categoryDefault])),
            try Fixture.manifest(Fixture.filter(data + #"<data android:mimeType="text/html" />"#)),
            try Fixture.manifest([
                (#"android:name=".Links" android:exported="false""#, [Fixture.filter(data)])
            ]),
            try Fixture.manifest([
                (#"android:name=".Links" android:enabled="false""#, [Fixture.filter(data)])
            ]),
        ]
        for manifest in variants {
            #expect(
                Fixture.matcher(manifest, sites: sites).decide("https://example.com/x")
                    == .unmatched(.scheme))
        }
    }

    /// A8 step 5: the activity declared last wins; within it, its first matching filter.
    @Test func lastDeclaredActivityDecides() throws {
        let data = #"<data android:scheme="https" android:host="example.com" />"#
        let manifest = try Fixture.manifest([
            (#"android:name=".First" android:exported="true""#, [Fixture.filter(data)]),
            (
                #"android:name=".Second""#,
                [Fixture.filter(data, autoVerify: false), Fixture.filter(data)]
            ),
            (
                #"android:name=".Third""#,
                [Fixture.filter(#"<data android:scheme="https" android:host="other.example" />"#)]
            ),
        ])
        let matcher = Fixture.matcher(manifest, sites: try Self.sites("example.com"))
        #expect(
            matcher.decide("https://example.com/x")
                == .handled(Fixture.reference(manifest, 1, 0), rule: nil))
    }

    /// A8 step 2: a miss names the furthest step any filter reached.
    @Test func missReasonIsTheFurthestStep() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="other.example" />"#),
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:port="8443" />"#))
        let matcher = Fixture.matcher(manifest, sites: [:])
        #expect(matcher.decide("https://example.com/") == .unmatched(.port))
        #expect(matcher.decide("https://third.example/") == .unmatched(.host))
        #expect(matcher.decide("http://example.com/") == .unmatched(.scheme))
    }
}
