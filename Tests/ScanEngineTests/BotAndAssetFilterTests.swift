import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

/// Guards issue 9.10: `--skip-bots` knows the crawlers by their user agents, and
/// `--asset-extensions` replaces the list of `--skip-assets`.
struct BotAndAssetFilterTests {
    static let agents: [(String, Bool)] = [
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true),
        ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true),
        ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", true),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)", true),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15", false),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36", false),
        ("-", false), ("", false),
    ]

    @Test(arguments: agents)
    func crawlersAreKnownByTheirAgents(_ agent: String, _ expected: Bool) {
        #expect(Array(agent.utf8).withUnsafeBufferPointer(RequestFilter.isBot) == expected)
    }

    @Test func assetExtensionsCanBeReplaced() {
        var filter = RequestFilter()
        filter.skipAssets = true
        filter.assetExtensions = [Array("pdf".utf8)]
        func asset(_ path: String) -> Bool {
            Array(path.utf8).withUnsafeBufferPointer(filter.isAsset)
        }
        #expect(asset("/guide.PDF"))
        #expect(!asset("/style.css"))
    }
}
