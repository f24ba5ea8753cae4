import AASAModel
import LinkMatcher
import Testing
import Workload

@testable import RuleAnalysis

struct PathGeneraliserTests {
    static let components = PathGeneraliser(writesLocaleVariables: true)
    static let paths = PathGeneraliser(writesLocaleVariables: false)

    @Test(arguments: [
        ("/products/4815", ["/products/*"]),
        ("/products/4815/", ["/products/*"]),
        ("//products//", ["/products"]),
        ("/products/4815/reviews", ["/products/*/reviews", "/products/*"]),
        ("/about", ["/about"]),
        ("/", ["/"]),
        ("", ["/"]),
        ("/help/contact", ["/help/contact", "/help/*"]),
        (
            "/users/alice/posts",
            ["/users/alice/posts", "/users/*", "/users/alice/*", "/users/*/posts"]
        ),
        ("/blog/2024-05-31/my-first-blog-post", ["/blog/*"]),
        ("/en-US/products/42", ["/$(lang)-$(region)/products/*", "/$(lang)-$(region)/*"]),
        ("/en-gb/menu", ["/$(lang)-??/menu", "/$(lang)-??/*", "/$(lang)-??/*"]),
        (
            "/id/4815",
            ["/$(lang)/*", "/id/*"]
        ),
        (
            "/a/b/c/d/e/f/g/h/i/j",
            [
                "/a/*", "/a/b/*", "/a/b/c/*", "/a/b/c/d/*", "/a/b/c/d/e/*",
                "/a/b/c/d/e/f/*", "/a/b/c/d/e/f/g/*", "/a/b/c/d/e/f/g/h/*",
            ]
        ),
    ])
    func patternsForComponents(path: String, expected: [String]) {
        #expect(Self.components.patterns(forPath: path) == uniqued(expected))
    }

    @Test func legacyPathsNeverWriteVariables() {
        #expect(
            Self.paths.patterns(forPath: "/en-US/products/42") == ["/??-??/products/*", "/??-??/*"])
        #expect(Self.paths.patterns(forPath: "/fr/x") == ["/??/x", "/??/*", "/fr/x", "/fr/*"])
    }

    /// Every pattern produced matches the path it came from, asked of the reference matcher:
    /// a generalisation that left its own path out would be measured as useless, or worse.
    @Test func everyPatternMatchesItsOwnPath() {
        var random = SplitMix64(seed: 7)
        let words = [
            "products", "4815", "en", "en-US", "pt_br", "blue-shoes-42", "2024-01-02",
            "5f2b9c1e77", "caf%C3%A9", "a b", "*", "", "id", "users", "aB3xYz9Q", "x.json",
        ]
        for _ in 0..<2_000 {
            let depth = random.below(7)
            let path =
                "/"
                + (0..<depth).map { _ in words[random.below(words.count)] }.joined(
                    separator: "/")
            for generaliser in [Self.components, Self.paths] {
                for pattern in generaliser.patterns(forPath: path) {
                    let component =
                        generaliser.writesLocaleVariables
                        ? Component(path: pattern) : nil
                    let entry = DetailsEntry(
                        ref: "details[0]", appIDs: ["TEAM.app"],
                        components: component.map { [$0] },
                        paths: component == nil ? [pattern] : nil)
                    let document = AASADocument(applinks: AppLinks(details: [entry]))
                    let answer = ReferenceMatcher(document).decide(path)
                    #expect(answer.kind == .handled, "\(pattern) should match \(path)")
                }
            }
        }
    }

    private func uniqued(_ patterns: [String]) -> [String] {
        var seen = Set<String>()
        return patterns.filter { seen.insert($0).inserted }
    }
}
