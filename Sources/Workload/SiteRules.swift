/// The rules of the workload's AASA files, written against `SiteCatalog` so that each one
/// meets real traffic.
enum SiteRules {
    static let shopApps = ["ABCDE12345.com.example.shop", "ABCDE12345.com.example.shop.beta"]
    static let newsApp = "ABCDE12345.com.example.news"
    static let legacyApp = "ABCDE12345.com.example.legacy"

    static let variables: [(String, [String])] = [
        ("food", Vocabulary.foods.prefix(5).map { String(decoding: $0, as: UTF8.self) }),
        (
            "department",
            Vocabulary.departments.prefix(8).map { String(decoding: $0, as: UTF8.self) }
        ),
    ]

    /// The standard file's entries with `specificCount` specific rules: the shop's and the
    /// news app's (specific rules between their excludes and their section-wide rules), then
    /// the legacy app's.
    static func entries(specificCount: Int) -> [RuleEntry] {
        var shop = shopHead
        var news = [newsHead]
        for index in 0..<specificCount {
            let (rule, isNews) = specific(index)
            if isNews { news.append(rule) } else { shop.append(rule) }
        }
        return [
            RuleEntry(apps: shopApps, rules: shop + shopTail),
            RuleEntry(apps: [newsApp], rules: news + newsTail),
            RuleEntry(apps: [legacyApp], rules: legacyEntry, legacyOnly: true),
        ]
    }

    /// Excludes that must win before anything else (3 rules).
    static let shopHead: [RuleSpec] = [
        RuleSpec(
            query: .items([("no_universal_links", "?*")]), exclude: true,
            comment: "the site's own opt-out link", legacyOverride: "NOT /api/*"),
        RuleSpec(
            path: "/account/internal/*", exclude: true, comment: "staff tools stay on the web"),
        RuleSpec(path: "/checkout/*", exclude: true),
    ]

    /// Section-wide rules after the specific ones (11 rules).
    static let shopTail: [RuleSpec] = [
        RuleSpec(path: "/products/*", comment: "every product page"),
        RuleSpec(path: "/p/*"),
        RuleSpec(path: "/id/????", comment: "four-character short links"),
        RuleSpec(path: "/$(lang)_$(region)/menu/$(food)/", legacyOverride: "/*/menu/*"),
        RuleSpec(
            path: "/search", query: .items([("q", "?*")]), caseSensitive: false,
            legacyOverride: "/search"),
        RuleSpec(path: "/café/*", percentEncoded: false, legacyOverride: "/caf%C3%A9/*"),
        RuleSpec(path: "/help/*", fragment: "app-*", legacyOverride: "/help/*"),
        RuleSpec(path: "/account/orders/*"),
        RuleSpec(path: "/account/*", exclude: true),
        RuleSpec(path: "/cart", exclude: true),
        RuleSpec(path: "/stores/*"),
    ]

    /// First rule of the news app (1 rule): AMP copies of articles stay on the web.
    static let newsHead = RuleSpec(path: "/blog/*/amp", exclude: true)

    /// Section-wide rules of the news app (3 rules).
    static let newsTail: [RuleSpec] = [
        RuleSpec(path: "/blog/*"),
        RuleSpec(path: "/promo/*", query: .whole("utm_source=*"), legacyOverride: "/promo/*"),
        RuleSpec(path: "/c/$(department)/*", legacyOverride: "/c/*"),
    ]

    /// The legacy app's entry, always in `paths` form (2 rules).
    static let legacyEntry: [RuleSpec] = [
        RuleSpec(path: "/ja/private/*", exclude: true),
        RuleSpec(path: "/ja/*"),
    ]

    /// Specific rule number `index`: 60% product pages (one in nine excluded, as recalled
    /// products are), 20% product slugs, then categories, short links, stores, help articles,
    /// Persian pages and blog months. Half of each kind names a popular target, half one
    /// from the long tail. Returns whether the rule belongs to the news app.
    static func specific(_ index: Int) -> (RuleSpec, isNews: Bool) {
        let slot = index % 20
        let round = index / 20
        switch slot {
        case 0..<12:
            let count = round * 12 + slot
            let rank = pick(count, of: SiteSection.product.targetCount)
            let path = "/products/\(SiteCatalog.productID(rank: rank))"
            return (RuleSpec(path: path, exclude: count % 9 == 8), false)
        case 12..<16:
            let rank = pick(round * 4 + slot - 12, of: SiteSection.productSlug.targetCount)
            return (RuleSpec(path: target(.productSlug, rank) + "/*"), false)
        case 16:
            let rank = round % SiteSection.category.targetCount
            return (RuleSpec(path: target(.category, rank) + "/*"), false)
        case 17:
            let rank = pick(round, of: SiteSection.shortLink.targetCount)
            return (RuleSpec(path: target(.shortLink, rank)), false)
        case 18:
            return (otherSpecific(round), false)
        default:
            if round < blogMonthCount {
                return (RuleSpec(path: blogMonth(round)), true)
            }
            let rank = pick(round, of: SiteSection.blog.targetCount)
            return (RuleSpec(path: target(.blog, rank)), true)
        }
    }

    /// Months of the blog, 2019 to 2024.
    static let blogMonthCount = 72

    /// `/blog/<year>/<month>/*` of month `index` (0 is January 2019).
    static func blogMonth(_ index: Int) -> String {
        "/blog/\(2019 + index / 12)/\(index % 12 < 9 ? "0" : "")\(index % 12 + 1)/*"
    }

    /// A Persian page (`percentEncoded: false`), a store or a help article.
    static func otherSpecific(_ round: Int) -> RuleSpec {
        switch round % 3 {
        case 0:
            let index = round / 3
            let slug = Vocabulary.persianSlugTexts[index % Vocabulary.persianSlugTexts.count]
            let path = index >= 8 ? "/fa/\(slug)/\(index)" : "/fa/\(slug)"
            let encoded = String(decoding: Vocabulary.percentEncoded(path), as: UTF8.self)
            return RuleSpec(path: path, percentEncoded: false, legacyOverride: encoded)
        case 1 where round / 3 < Vocabulary.cities.count:
            return RuleSpec(path: target(.store, round / 3))
        default:
            let rank = pick(round, of: SiteSection.help.targetCount)
            return RuleSpec(path: target(.help, rank))
        }
    }

    /// Even counts walk the most popular ranks, odd counts scatter over the long tail.
    static func pick(_ count: Int, of size: Int) -> Int {
        count % 2 == 0 ? (count / 2) % size : Int(SplitMix64.mix(UInt64(count)) % UInt64(size))
    }

    static func target(_ section: SiteSection, _ rank: Int) -> String {
        var bytes: [UInt8] = []
        SiteCatalog.appendTarget(section, rank: rank, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
