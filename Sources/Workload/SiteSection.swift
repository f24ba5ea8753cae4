/// The parts of the imaginary shop `www.example.com` that the workload requests, with how
/// many distinct targets each has and its share of the traffic.
///
/// The last three sections are the traffic of the glob-heavy rule files: user settings, org
/// issues and profile tabs (`community`); PDFs, JSON reports and AMP news (`document`); and
/// referral codes, ticket codes, localised guides, `/go/` links, plans and orders
/// (`referral`). Their ranks pick a page name; the IDs in their paths come from each
/// request, so most of their targets are seen once.
enum SiteSection: Int, CaseIterable, Sendable {
    case product, productSlug, blog, menu, search, account, help, shortLink, international
    case page, category, store, promo, api, asset, probe
    case community, document, referral

    /// Distinct targets (popularity ranks) in the section; about 300,000 in all, before the
    /// per-request IDs of the last three sections.
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
        case .community, .document, .referral: SiteCatalog.pageNameCount
        }
    }

    /// Share of requests, per thousand (they add up to 1000).
    var trafficPerMille: Int {
        switch self {
        case .product: 120
        case .productSlug: 65
        case .blog: 55
        case .menu: 30
        case .search: 60
        case .account: 60
        case .help: 25
        case .shortLink: 40
        case .international: 15
        case .page: 50
        case .category: 40
        case .store: 10
        case .promo: 15
        case .api: 45
        case .asset: 150
        case .probe: 20
        case .community: 125
        case .document: 45
        case .referral: 30
        }
    }

    /// Pages people open from links (mail, chat, search results): these carry tracking
    /// parameters and the `no_universal_links` opt-out.
    var isLandingPage: Bool {
        switch self {
        case .product, .productSlug, .blog, .menu, .help, .shortLink, .international, .page,
            .category, .store:
            true
        case .search, .account, .promo, .api, .asset, .probe, .community, .document, .referral:
            false
        }
    }
}
