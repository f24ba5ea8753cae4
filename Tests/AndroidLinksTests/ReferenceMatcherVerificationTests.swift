import Testing

@testable import AndroidLinks

/// Which hosts count as verified: docs/android-semantics.md A6.
struct ReferenceMatcherVerificationTests {
    typealias Fixture = AppLinkFixture
    typealias Decision = AndroidReferenceMatcher.Decision

    static let twoHosts = """
        <data android:scheme="https" android:host="example.com" />
        <data android:host="www.example.com" />
        """

    /// A6.4: from Android 12 each host on its own; before, all or nothing; before 6, none.
    @Test(arguments: [
        (35, false, true, false), (31, false, true, false), (30, false, false, false),
        (30, true, true, true), (23, true, true, true), (22, true, false, false),
    ])
    func perHostFromAndroid12(apiLevel: Int, bothFiles: Bool, apexHandled: Bool, wwwHandled: Bool)
        throws
    {
        let manifest = try Fixture.manifest(Fixture.filter(Self.twoHosts))
        var sites = ["example.com": try Fixture.assetLinks()]
        if bothFiles { sites["www.example.com"] = try Fixture.assetLinks() }
        let matcher = Fixture.matcher(manifest, sites: sites, apiLevel: apiLevel)
        let handled = Decision.handled(Fixture.reference(manifest), rule: nil)
        #expect(
            matcher.decide("https://example.com/x")
                == (apexHandled ? handled : .unmatched(.hostNotVerified)))
        #expect(
            matcher.decide("https://www.example.com/x")
                == (wwwHandled ? handled : .unmatched(.hostNotVerified)))
    }

    /// A6.3: the package must be equal and one fingerprint shared, compared as written.
    @Test func statementMustNameTheApp() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" />"#))
        let handled = Decision.handled(Fixture.reference(manifest), rule: nil)
        let url = "https://example.com/x"
        func decide(_ links: AssetLinks, fingerprints: [String]? = [Fixture.fingerprint])
            -> Decision
        {
            Fixture.matcher(manifest, sites: ["example.com": links], fingerprints: fingerprints)
                .decide(url)
        }
        #expect(decide(try Fixture.assetLinks()) == handled)
        #expect(decide(try Fixture.assetLinks(), fingerprints: nil) == handled)
        #expect(
            decide(try Fixture.assetLinks(), fingerprints: [Fixture.fingerprint.lowercased()])
                == handled)
        #expect(
            decide(try Fixture.assetLinks(), fingerprints: [Fixture.otherFingerprint])
                == .unmatched(.hostNotVerified))
        #expect(
            decide(try Fixture.assetLinks(package: "com.example.other"))
                == .unmatched(.hostNotVerified))
        #expect(
            decide(try Fixture.assetLinks(fingerprint: Fixture.fingerprint.lowercased()))
                == .unmatched(.hostNotVerified))
        // Without the app's fingerprints, a statement needs one an app can have: Android
        // computes an app's in upper case and compares exactly.
        #expect(
            decide(
                try Fixture.assetLinks(fingerprint: Fixture.fingerprint.lowercased()),
                fingerprints: nil) == .unmatched(.hostNotVerified))
        #expect(
            Fixture.matcher(manifest, sites: ["www.example.com": try Fixture.assetLinks()]).decide(
                url)
                == .unmatched(.hostNotVerified))
    }

    /// A6.5: a verified `*.example.com` approves any host ending in `example.com`, even
    /// `badexample.com`, when some filter of the app matches it.
    @Test func wildcardApprovalIsAPlainSuffixTest() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="*.example.com" />"#),
            Fixture.filter(
                #"<data android:scheme="https" android:host="badexample.com" />"#, autoVerify: false
            ))
        let matcher = Fixture.matcher(manifest, sites: ["example.com": try Fixture.assetLinks()])
        #expect(
            matcher.decide("https://shop.example.com/x")
                == .handled(Fixture.reference(manifest, 0, 0), rule: nil))
        #expect(
            matcher.decide("https://badexample.com/x")
                == .handled(Fixture.reference(manifest, 0, 1), rule: nil))
    }

    /// A6.1: targeting API 31+, only autoVerify filters with web schemes alone are verified;
    /// targeting 30 or less, one such filter verifies the hosts of every web filter.
    @Test(arguments: [(35, false), (31, false), (30, true)])
    func whichFiltersAreVerified(targetSdk: Int, unmarkedHostVerified: Bool) throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" />"#),
            Fixture.filter(
                #"<data android:scheme="https" android:host="www.example.com" />"#,
                autoVerify: false),
            targetSdk: targetSdk)
        let sites = [
            "example.com": try Fixture.assetLinks(), "www.example.com": try Fixture.assetLinks(),
        ]
        let matcher = Fixture.matcher(manifest, sites: sites, apiLevel: 33)
        #expect(
            matcher.decide("https://example.com/")
                == .handled(Fixture.reference(manifest, 0, 0), rule: nil))
        #expect(
            matcher.decide("https://www.example.com/")
                == (unmarkedHostVerified
                    ? .handled(Fixture.reference(manifest, 0, 1), rule: nil)
                    : .unmatched(.hostNotVerified)))
        // The setup's target SDK overrides the manifest's.
        let overridden = Fixture.matcher(manifest, sites: sites, apiLevel: 33, targetSdk: 30)
        #expect(
            overridden.decide("https://www.example.com/")
                == .handled(Fixture.reference(manifest, 0, 1), rule: nil))
    }

    /// A6.1: a filter mixing a custom scheme with https is not verified; an unmarked filter of a
    /// verified host opens the app (A3).
    @Test func mixedSchemesAndUnmarkedFilters() throws {
        let mixed = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" /><data android:scheme="shop" />"#
            ))
        #expect(
            Fixture.matcher(mixed, sites: ["example.com": try Fixture.assetLinks()]).decide(
                "https://example.com/x")
                == .unmatched(.hostNotVerified))
        let unmarked = try Fixture.manifest(
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:path="/a" />"#),
            Fixture.filter(
                #"<data android:scheme="https" android:host="example.com" android:path="/b" />"#,
                autoVerify: false))
        let matcher = Fixture.matcher(unmarked, sites: ["example.com": try Fixture.assetLinks()])
        #expect(
            matcher.decide("https://example.com/b")
                == .handled(Fixture.reference(unmarked, 0, 1), rule: nil))
    }

    /// A6.1, A6.5: before Android 12 only filters of web schemes alone are verified (all or
    /// nothing), and then the app is approved for any host its filters take; from Android 12
    /// an app that targets 30 or less has the hosts of every web filter verified, each on its
    /// own.
    @Test(arguments: [
        (30, true, true, true), (30, false, false, false), (33, true, true, false),
        (33, false, true, false),
    ])
    func mixedSchemeHostsBeforeAndAfterAndroid12(
        apiLevel: Int, thirdVerifies: Bool, apexHandled: Bool, otherHandled: Bool
    ) throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" />"#),
            Fixture.filter(
                #"<data android:scheme="https" android:host="other.org" /><data android:scheme="shop" />"#,
                autoVerify: false),
            Fixture.filter(
                #"<data android:scheme="https" android:host="third.net" />"#, autoVerify: false),
            targetSdk: 30)
        let sites = [
            "example.com": try Fixture.assetLinks(),
            "third.net": try Fixture.assetLinks(
                package: thirdVerifies ? Fixture.package : "com.example.other"),
        ]
        let matcher = Fixture.matcher(manifest, sites: sites, apiLevel: apiLevel)
        #expect(
            matcher.decide("https://example.com/x")
                == (apexHandled
                    ? .handled(Fixture.reference(manifest, 0, 0), rule: nil)
                    : .unmatched(.hostNotVerified)))
        #expect(
            matcher.decide("https://other.org/x")
                == (otherHandled
                    ? .handled(Fixture.reference(manifest, 0, 1), rule: nil)
                    : .unmatched(.hostNotVerified)))
    }

    /// Before Android 12 every host of a web-only filter is asked for, a host that names no
    /// site too: it serves no file, even with a file for every other site, so none verifies.
    @Test func hostThatNamesNoSiteFailsTheOthersBeforeAndroid12() throws {
        let manifest = try Fixture.manifest(
            Fixture.filter(#"<data android:scheme="https" android:host="example.com" />"#),
            Fixture.filter(#"<data android:scheme="https" android:host="*" />"#, autoVerify: false),
            targetSdk: 30)
        for apiLevel in [30, 33] {
            var setup = AndroidLinkSetup()
            setup.apiLevel = apiLevel
            setup.assetLinksOfOtherSites = try Fixture.assetLinks()
            let matcher = AndroidLinkMatcher(manifest: manifest, setup: setup)
            // Android 12 and later set `*` aside (not a domain name); before, it fails them all.
            #expect(matcher.verifiedDomains.map(\.domain) == (apiLevel < 31 ? [] : ["example.com"]))
        }
    }

    /// A6.1: Android's `Patterns.DOMAIN_NAME` after an optional `*.`, whole (both matchers).
    @Test(arguments: [
        ("example.com", true), ("*.example.com", true), ("a-b.example.co.uk", true),
        ("localhost", false),
        ("*example.com", false), ("-a.example.com", false), ("a..com", false), ("*", false),
        ("exa mple.com", false), ("www.*.com", false), ("example.x", false),
        ("example.c0m", false), ("example.co-m", false), ("a_b.example.com", true),
        ("_a.example.com", false), ("a-.example.com", false), ("example.xn--p1ai", true),
        ("example.XN--p1ai", false), ("example.xn--", false), ("exämple.com", true),
        ("例子.中国", true), ("a\u{3000}b.com", false), ("example.com.", false),
        ("1.2.3.4", true), ("0.2.3.4", false), ("001.2.3.4", true), ("01.2.3.4", false),
        ("1.2.3.0", true), ("1.0.0.255", true), ("256.1.1.1", false), ("1.2.3", false),
        ("*.10.0.0.1", true), ("*.*.example.com", false),
        (String(repeating: "a", count: 63) + ".com", true),
        (String(repeating: "a", count: 64) + ".com", false),
        ("example." + String(repeating: "a", count: 64), false),
    ])
    func validDomains(_ host: String, _ valid: Bool) {
        #expect(AndroidReferenceMatcher.isValidDomain(host) == valid)
        #expect(Verification.isValidDomain(host) == valid)
    }
}
