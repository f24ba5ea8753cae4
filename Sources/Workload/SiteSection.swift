/// The parts of the imaginary shop `www.example.com` that the workload requests, with how
/// many distinct targets each has and its share of the traffic.
enum SiteSection: Int, CaseIterable, Sendable {
    case product, productSlug, blog, menu, search, account, help, shortLink, international
    case page, category, store, promo, api, asset, probe

    /// Distinct targets (popularity ranks) in the section; about 300,000 in all.
    var targetCount: Int {
        switch self {
        case .product: 108_000
        case .productSlug: 60_000
        case .blog: 30_000
        case .menu: Vocabulary.locales.count * Vocabulary.foods.count
        case .search: 20_000
        case .account: 4_000
        case .help: 3_000
        case .shortLink: 40_000
        case .international: 2_000
        case .page: Vocabulary.fixedPages.count
        case .category: Vocabulary.departments.count * Vocabulary.aisles.count
        case .store: Vocabulary.cities.count
        case .promo: 240
        case .api: 2_000
        case .asset: 30_000
        case .probe: Vocabulary.probes.count
        }
    }

    /// Share of requests, per thousand (they add up to 1000).
    var trafficPerMille: Int {
        switch self {
        case .product: 170
        case .productSlug: 80
        case .blog: 65
        case .menu: 35
        case .search: 60
        case .account: 70
        case .help: 30
        case .shortLink: 45
        case .international: 20
        case .page: 60
        case .category: 50
        case .store: 15
        case .promo: 20
        case .api: 55
        case .asset: 200
        case .probe: 25
        }
    }

    /// Pages people open from links (mail, chat, search results): these carry tracking
    /// parameters and the `no_universal_links` opt-out.
    var isLandingPage: Bool {
        switch self {
        case .product, .productSlug, .blog, .menu, .help, .shortLink, .international, .page,
            .category, .store:
            true
        case .search, .account, .promo, .api, .asset, .probe:
            false
        }
    }
}
