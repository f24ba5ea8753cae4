import AndroidLinks
import TestSupport
import Testing

/// The sample app in `data/android/` (the shop of `data/example.com.aasa.json`) read and decided
/// end to end by the reference and the compiled matcher, each answer worked out from
/// docs/android-semantics.md.
struct SampleFilesTests {
    typealias Decision = AndroidReferenceMatcher.Decision
    typealias Rule = AndroidReferenceMatcher.RuleReference

    static func load() throws -> (AndroidManifest, AssetLinks) {
        let manifest = try AndroidManifest.load(
            path: PackagePaths.bundledData("android/AndroidManifest.xml"))
        let links = try AssetLinks.load(
            path: PackagePaths.bundledData("android/example.com.assetlinks.json"))
        return (manifest, links)
    }

    static func filter(_ manifest: AndroidManifest, _ component: String) throws
        -> AndroidReferenceMatcher.FilterReference
    {
        let owner = try #require(manifest.components.first { $0.name == component })
        let filter = try #require(owner.intentFilters.first)
        return AndroidReferenceMatcher.FilterReference(component: component, line: filter.line)
    }

    @Test func samplesParseCleanly() throws {
        let (manifest, links) = try Self.load()
        #expect(manifest.packageName == "com.example.shop")
        #expect(manifest.targetSdkVersion == 35)
        #expect(
            manifest.components.map(\.name) == [
                ".MainActivity", ".ProductActivity", ".HelpActivity", ".StoreFront",
                ".DeepLinkActivity",
            ])
        #expect(links.diagnostics == [])
        #expect(links.statements.count == 3)
        #expect(links.statements[0].dynamicComponents?.count == 3)
    }

    @Test func sampleDecisions() throws {
        let (manifest, links) = try Self.load()
        let matcher = CheckedMatcher(
            AndroidReferenceMatcher(
                manifest: manifest,
                setup: AndroidReferenceMatcher.Setup(
                    fingerprints: [AppLinkFixture.fingerprint], assetLinks: ["example.com": links]))
        )
        let product = try Self.filter(manifest, ".ProductActivity")
        let help = try Self.filter(manifest, ".HelpActivity")
        let helpBlock = try #require(manifest.components[2].intentFilters.first?.groups.first?.line)
        func rule(_ index: Int) -> Rule { Rule(domain: "example.com", statement: 0, rule: index) }
        let expected: [(String, Decision)] = [
            ("https://example.com/buy/42", .handled(product, rule: rule(2))),
            ("http://example.com/buy/42", .handled(product, rule: rule(2))),
            ("https://example.com/buy/internal/report", .excluded(.dynamicRule(rule(1)))),
            ("https://example.com/buy/42?no_universal_links=1", .excluded(.dynamicRule(rule(0)))),
            ("https://example.com/buy", .unmatched(.path)),
            ("https://example.com/id/4815", .handled(product, rule: rule(2))),
            ("https://example.com/id/481", .unmatched(.path)),
            ("https://example.com/en_US/pizza/", .handled(product, rule: rule(2))),
            ("https://example.com/en_US/pizza", .unmatched(.path)),
            ("https://www.example.com/buy/42", .unmatched(.hostNotVerified)),
            ("https://example.com/help/faq#app-login", .handled(help, rule: rule(2))),
            ("https://example.com/help/faq#top", .unmatched(.path)),
            (
                "https://example.com/help/internal/x#app-a",
                .excluded(.group(help, groupLine: helpBlock))
            ),
            ("https://berlin.shops.example.com/buy/1", .unmatched(.hostNotVerified)),
            ("exampleshop://open/buy/1", .unmatched(.hostNotVerified)),
            ("https://example.com:8443/buy/1", .handled(product, rule: rule(2))),
            ("https://shop.example.org/buy/1", .unmatched(.host)),
        ]
        for (url, decision) in expected {
            #expect(matcher.decide(url) == decision, "\(url)")
        }
    }

    /// On Android 14 the dynamic rules and the help groups do not exist (A4.6, A7.2): the help
    /// filter is left with no path rule and, declared after the product pages, takes every
    /// path of example.com.
    @Test func sampleOnAndroid14() throws {
        let (manifest, links) = try Self.load()
        let matcher = CheckedMatcher(
            AndroidReferenceMatcher(
                manifest: manifest,
                setup: AndroidReferenceMatcher.Setup(
                    apiLevel: 34, assetLinks: ["example.com": links])))
        let help = try Self.filter(manifest, ".HelpActivity")
        for url in [
            "https://example.com/buy/internal/report", "https://example.com/help/internal/x",
            "https://example.com/anything",
        ] {
            #expect(matcher.decide(url) == .handled(help, rule: nil), "\(url)")
        }
        #expect(
            matcher.decide("http://example.com/buy/1")
                == .handled(try Self.filter(manifest, ".ProductActivity"), rule: nil))
    }
}
