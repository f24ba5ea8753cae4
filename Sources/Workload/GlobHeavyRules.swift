/// The rules of the glob-heavy files (`RuleProfile.globHeavy`), written against the same
/// site and traffic as `SiteRules`. Four entries: the shop's (two apps), the community app's
/// (user settings, org issues, profile tabs), the news app's (blog, news, documents, reports,
/// guides) and the legacy app's. Of every 20 specific rules, 12.5 are literal (products,
/// typed searches, `/go/` links, short links, Persian pages), 4 are `prefix/*` (product slugs,
/// categories, blog months) and 3.5 have a wildcard followed by more pattern.
enum GlobHeavyRules {
    static let communityApp = "ABCDE12345.com.example.community"

    static let variables: [(String, [String])] = [
        ("plan", Vocabulary.plans.prefix(Vocabulary.planVariableCount).map(text)),
        ("food", Vocabulary.foods.prefix(5).map(text)),
    ]

    /// The entries a specific rule can go to, in `details` order.
    enum Entry: Int, CaseIterable {
        case shop, community, news
    }

    /// The file's entries with `specificCount` specific rules, each placed between its entry's
    /// head and tail.
    static func entries(specificCount: Int) -> [RuleEntry] {
        var middles: [[RuleSpec]] = Array(repeating: [], count: Entry.allCases.count)
        for index in 0..<specificCount {
            let (rule, entry) = specific(index)
            middles[entry.rawValue].append(rule)
        }
        let shop = shopHead + middles[Entry.shop.rawValue] + shopTail
        let community = communityHead + middles[Entry.community.rawValue] + communityTail
        let news = newsHead + middles[Entry.news.rawValue] + newsTail
        return [
            RuleEntry(apps: SiteRules.shopApps, rules: shop),
            RuleEntry(apps: [communityApp], rules: community),
            RuleEntry(apps: [SiteRules.newsApp], rules: news),
            RuleEntry(apps: [SiteRules.legacyApp], rules: SiteRules.legacyEntry, legacyOnly: true),
        ]
    }

    // The 20 rules every file has: 3 + 5 in the shop, 1 + 3 in the community entry, 1 + 5 in
    // the news entry, 2 legacy paths.

    static let shopHead: [RuleSpec] = [
        SiteRules.shopHead[0],
        RuleSpec(path: "*.json", exclude: true, comment: "data files stay on the web"),
        RuleSpec(path: "/account/*", exclude: true),
    ]

    static let shopTail: [RuleSpec] = [
        RuleSpec(path: "/products/*", comment: "every product page"),
        RuleSpec(path: "/id/????", comment: "four-character short links"),
        RuleSpec(path: "/r/??-*", comment: "referral codes: a two-letter country, a code"),
        RuleSpec(
            path: "/search", query: .items([("q", "?*")]), caseSensitive: false,
            legacyOverride: "/search"),
        RuleSpec(path: "/café/*", percentEncoded: false, legacyOverride: "/caf%C3%A9/*"),
    ]

    static let communityHead: [RuleSpec] = [
        RuleSpec(path: "/users/*/settings/delete-account", exclude: true)
    ]

    /// `profile` (settings name 0) is named here, so the specific settings rules skip it.
    static let communityTail: [RuleSpec] = [
        RuleSpec(path: "/users/*/settings/profile"),
        RuleSpec(
            path: "/orgs/*/repos/*/issues/$(digit)*", comment: "issue pages by number",
            legacyOverride: "/orgs/*/repos/*/issues/*"),
        RuleSpec(path: "/u/*"),
    ]

    static let newsHead: [RuleSpec] = [RuleSpec(path: "/blog/*/amp", exclude: true)]

    static let newsTail: [RuleSpec] = [
        RuleSpec(path: "*/amp", exclude: true, comment: "AMP copies stay on the web"),
        RuleSpec(path: "/docs/*.pdf"),
        RuleSpec(path: "*.pdf"),
        RuleSpec(path: "/blog/*"),
        RuleSpec(path: "/news/*"),
    ]

    /// Glob rules that appear once, in the specific rules of the first odd rounds.
    static let singletons: [(RuleSpec, Entry)] = [
        (RuleSpec(path: "/help/*", fragment: "app-*", legacyOverride: "/help/*"), .news),
        (RuleSpec(path: "/pricing/$(plan)", legacyOverride: "/pricing/*"), .shop),
        (RuleSpec(path: "/orders/$(digit)*", legacyOverride: "/orders/*"), .shop),
        (
            RuleSpec(path: "/docs/*", fragment: "page-$(digit)*", legacyOverride: "/docs/*.pdf"),
            .news
        ),
        (RuleSpec(path: "/$(lang)_$(region)/menu/$(food)/", legacyOverride: "/*/menu/*"), .shop),
    ]

    /// The families of glob rules in the order they take turns: of every 14, five
    /// `/users/*/settings/NAME`, three `/orgs/*/repos/*/issues/NAME`, two `/u/*/NAME/?*`, one
    /// each of `/docs/NAME/*.pdf`, `/reports/*/NAME.json`, `/t/NAME-???` and
    /// `/$(lang)/guides/NAME`.
    enum GlobFamily: CaseIterable {
        case settings, issues, tabs, documents, reports, tickets, guides

        static let turns: [GlobFamily] = [
            .settings, .issues, .settings, .tabs, .documents, .settings, .issues, .reports,
            .settings, .tabs, .tickets, .settings, .issues, .guides,
        ]

        /// The family of glob rule `index`, and how many rules of that family came before it.
        static func of(_ index: Int) -> (GlobFamily, count: Int) {
            let family = turns[index % turns.count]
            let perCycle = turns.filter { $0 == family }.count
            let before = turns[..<(index % turns.count)].filter { $0 == family }.count
            return (family, index / turns.count * perCycle + before)
        }
    }

    /// Specific rule number `index`, by its slot in a round of 20: 10 products (one in nine
    /// excluded), a typed search or a case-insensitive `/go/` link, a short link or a Persian, store or help
    /// page, 2 product slugs, a category, a blog month or article, 3 glob rules, and a fourth
    /// glob rule or (odd rounds) a singleton or a help page.
    static func specific(_ index: Int) -> (RuleSpec, Entry) {
        let slot = index % 20
        let round = index / 20
        switch slot {
        case 0..<10:
            let count = round * 10 + slot
            let rank = SiteRules.pick(count, of: SiteSection.product.targetCount)
            let path = "/products/\(SiteCatalog.productID(rank: rank))"
            return (RuleSpec(path: path, exclude: count % 9 == 8), .shop)
        case 10:
            // Even rounds name a search type while there are types left, the rest `/go/` links.
            let types = Vocabulary.searchTypes
            if round % 2 == 0, round / 2 < types.count {
                let items = [("q", "?*"), ("type", text(types[round / 2]))]
                let rule = RuleSpec(
                    path: "/search", query: .items(items),
                    caseSensitive: round % 3 == 2 ? false : nil, legacyOverride: "/search")
                return (rule, .shop)
            }
            let typesBefore = min((round + 1) / 2, types.count)
            let rank = SiteRules.pick(round - typesBefore, of: SiteCatalog.pageNameCount)
            let name = SiteCatalog.pageName(Vocabulary.campaigns, rank)
            return (RuleSpec(path: "/go/\(name)", caseSensitive: false), .shop)
        case 11:
            if round % 2 == 0 {
                let rank = SiteRules.pick(round / 2, of: SiteSection.shortLink.targetCount)
                return (RuleSpec(path: SiteRules.target(.shortLink, rank)), .shop)
            }
            return (SiteRules.otherSpecific(round / 2), .shop)
        case 12, 13:
            let count = round * 2 + slot - 12
            let rank = SiteRules.pick(count, of: SiteSection.productSlug.targetCount)
            return (RuleSpec(path: SiteRules.target(.productSlug, rank) + "/*"), .shop)
        case 14:
            let rank = round % SiteSection.category.targetCount
            return (RuleSpec(path: SiteRules.target(.category, rank) + "/*"), .shop)
        case 15:
            if round < SiteRules.blogMonthCount {
                return (RuleSpec(path: SiteRules.blogMonth(round)), .news)
            }
            let rank = SiteRules.pick(round, of: SiteSection.blog.targetCount)
            return (RuleSpec(path: SiteRules.target(.blog, rank) + "/*"), .news)
        case 19 where round % 2 == 1:
            if round / 2 < singletons.count { return singletons[round / 2] }
            let rank = SiteRules.pick(round / 2, of: SiteSection.help.targetCount)
            return (RuleSpec(path: SiteRules.target(.help, rank)), .shop)
        default:
            // Glob rules before this one: 3 per round, plus one in each even round.
            return glob(3 * round + (round + 1) / 2 + slot - 16)
        }
    }

    /// Glob rule `index`: a family's rule for one of its names, even counts walking the
    /// popular names, odd ones scattered over the rest. Some are excludes (on even counts, so
    /// that they meet traffic), and the broader include after them is the tail's.
    static func glob(_ index: Int) -> (RuleSpec, Entry) {
        let (family, count) = GlobFamily.of(index)
        let rank = SiteRules.pick(count, of: SiteCatalog.pageNameCount)
        switch family {
        case .settings:
            let skipProfile = 1 + SiteRules.pick(count, of: SiteCatalog.pageNameCount - 1)
            let name = SiteCatalog.pageName(Vocabulary.settingsPages, skipProfile)
            return (
                RuleSpec(
                    path: "/users/*/settings/\(name)", exclude: count % 10 == 4,
                    caseSensitive: count % 8 == 5 ? false : nil),
                .community
            )
        case .issues:
            let name = SiteCatalog.pageName(Vocabulary.issueViews, rank)
            return (
                RuleSpec(path: "/orgs/*/repos/*/issues/\(name)", exclude: count % 7 == 3),
                .community
            )
        case .tabs:
            let name = SiteCatalog.pageName(Vocabulary.profileTabs, rank)
            return (RuleSpec(path: "/u/*/\(name)/?*", exclude: count % 6 == 2), .community)
        case .documents:
            let name = SiteCatalog.pageName(Vocabulary.documentTopics, rank)
            return (RuleSpec(path: "/docs/\(name)/*.pdf", exclude: count % 5 == 4), .news)
        case .reports:
            let name = SiteCatalog.pageName(Vocabulary.reportNames, rank)
            return (RuleSpec(path: "/reports/*/\(name).json"), .news)
        case .tickets:
            let name = SiteCatalog.pageName(Vocabulary.ticketNames, rank)
            return (RuleSpec(path: "/t/\(name)-???"), .shop)
        case .guides:
            let name = SiteCatalog.pageName(Vocabulary.guideNames, rank)
            return (
                RuleSpec(path: "/$(lang)/guides/\(name)", legacyOverride: "/*/guides/\(name)"),
                .news
            )
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
