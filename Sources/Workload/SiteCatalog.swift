import ASCIIBytes

/// The URL space of the workload: every section's targets by popularity rank, and the
/// identifiers (product IDs, slugs, short codes) that the rule files name. Rules and traffic
/// are built from the same functions, so the rules really match the traffic.
enum SiteCatalog {
    /// Per-target features come from a hash of section and rank, never from the traffic's
    /// generator: target `r` of a section is the same URL whatever the seed.
    @inline(__always)
    static func hash(_ section: SiteSection, _ rank: Int) -> UInt64 {
        SplitMix64.mix(UInt64(section.rawValue) << 40 | UInt64(rank))
    }

    /// Six-digit product ID of a rank; 7919 is prime to 900,000, so IDs never repeat.
    static func productID(rank: Int) -> Int {
        100_000 + (rank * 7919 + 4099) % 900_000
    }

    /// `word-word[-word]-<rank in base 36>`: readable and unique.
    static func appendSlug(_ section: SiteSection, rank: Int, to buffer: inout [UInt8]) {
        var bits = hash(section, rank)
        let words = 2 + Int(bits % 2)
        bits >>= 1
        for _ in 0..<words {
            buffer.append(contentsOf: Vocabulary.words[Int(bits % UInt64(Vocabulary.words.count))])
            buffer.append(UInt8(ascii: "-"))
            bits >>= 8
        }
        appendBase36(rank, to: &buffer)
    }

    static func appendBase36(_ value: Int, to buffer: inout [UInt8]) {
        let start = buffer.count
        var rest = value
        repeat {
            buffer.append(Vocabulary.base36Digits[rest % 36])
            rest /= 36
        } while rest > 0
        buffer[start...].reverse()
    }

    /// Short-link code: four characters, or (one target in ten each) three or five, which
    /// `/id/????` must not match.
    static func appendShortCode(rank: Int, to buffer: inout [UInt8]) {
        var bits = hash(.shortLink, rank)
        let length =
            switch bits % 10 {
            case 0: 5
            case 1: 3
            default: 4
            }
        bits >>= 4
        for _ in 0..<length {
            buffer.append(Vocabulary.alphanumerics[Int(bits % 62)])
            bits >>= 6
        }
    }

    /// `/blog/<year>/<month>/` of a blog rank.
    static func appendBlogMonth(rank: Int, to buffer: inout [UInt8]) {
        let bits = hash(.blog, rank) >> 20
        buffer.append("/blog/")
        buffer.append(decimal: 2019 + Int(bits % 6))
        buffer.append(UInt8(ascii: "/"))
        buffer.append(decimal: 1 + Int((bits >> 4) % 12), width: 2)
        buffer.append(UInt8(ascii: "/"))
    }

    /// The path (and, for searches, the query) of target `rank` of `section`. `instance` is
    /// the request's own random draw: searches and the glob-heavy sections take their IDs and
    /// shapes from it (0 where no request is meant, as in rules); the other sections ignore it.
    static func appendTarget(
        _ section: SiteSection, rank: Int, instance: UInt64 = 0, to buffer: inout [UInt8]
    ) {
        let bits = hash(section, rank)
        switch section {
        case .product:
            buffer.append("/products/")
            buffer.append(decimal: productID(rank: rank))
        case .productSlug:
            buffer.append("/p/")
            appendSlug(.productSlug, rank: rank, to: &buffer)
        case .blog:
            appendBlogMonth(rank: rank, to: &buffer)
            appendSlug(.blog, rank: rank, to: &buffer)
        case .menu:
            let foods = Vocabulary.foods.count
            buffer.append(UInt8(ascii: "/"))
            buffer.append(contentsOf: Vocabulary.locales[rank / foods])
            buffer.append("/menu/")
            buffer.append(contentsOf: Vocabulary.foods[rank % foods])
            buffer.append(UInt8(ascii: "/"))
        case .search:
            appendSearch(rank: rank, bits: bits, instance: instance, to: &buffer)
        case .account:
            appendAccount(rank: rank, bits: bits, to: &buffer)
        case .help:
            buffer.append("/help/")
            buffer.append(contentsOf: Vocabulary.helpTopics[rank % Vocabulary.helpTopics.count])
            buffer.append(UInt8(ascii: "/"))
            appendSlug(.help, rank: rank, to: &buffer)
        case .shortLink:
            buffer.append("/id/")
            appendShortCode(rank: rank, to: &buffer)
        case .international:
            appendInternational(rank: rank, to: &buffer)
        case .page:
            buffer.append(contentsOf: Vocabulary.fixedPages[rank])
        case .category:
            let aisles = Vocabulary.aisles.count
            buffer.append("/c/")
            buffer.append(contentsOf: Vocabulary.departments[rank / aisles])
            buffer.append(UInt8(ascii: "/"))
            buffer.append(contentsOf: Vocabulary.aisles[rank % aisles])
        case .store:
            buffer.append("/stores/")
            buffer.append(contentsOf: Vocabulary.cities[rank])
        case .promo:
            appendPromo(rank: rank, to: &buffer)
        case .api:
            appendAPI(rank: rank, bits: bits, to: &buffer)
        case .asset:
            appendAsset(rank: rank, bits: bits, to: &buffer)
        case .probe:
            buffer.append(contentsOf: Vocabulary.probes[rank])
        case .community:
            appendCommunity(rank: rank, instance: instance, to: &buffer)
        case .document:
            appendDocument(rank: rank, instance: instance, to: &buffer)
        case .referral:
            appendReferral(rank: rank, instance: instance, to: &buffer)
        }
    }

    /// `/promo/<campaign>[-<n>]`.
    static func appendPromo(rank: Int, to buffer: inout [UInt8]) {
        let campaigns = Vocabulary.campaigns.count
        buffer.append("/promo/")
        buffer.append(contentsOf: Vocabulary.campaigns[rank % campaigns])
        if rank >= campaigns {
            buffer.append(UInt8(ascii: "-"))
            buffer.append(decimal: rank / campaigns)
        }
    }

    /// Search results; rank 0 is the empty search, which `{"q": "?*"}` must not match, and
    /// some targets use `/Search` (matched only because that rule ignores case). One search in
    /// five looks for a product number and two in five name a `type`, so the query
    /// dictionaries of the glob-heavy files meet many distinct values.
    private static func appendSearch(
        rank: Int, bits: UInt64, instance: UInt64, to buffer: inout [UInt8]
    ) {
        buffer.append(bits % 40 == 0 ? "/Search?q=" : bits % 40 == 1 ? "/search/?q=" : "/search?q=")
        guard rank > 0 else { return }
        let words = Vocabulary.words
        if instance % 5 == 1 {
            buffer.append(decimal: productID(rank: Int((instance >> 8) % 900_000)))
        } else {
            buffer.append(contentsOf: words[Int((bits >> 8) % UInt64(words.count))])
            if bits & 0x10 != 0 {
                buffer.append(UInt8(ascii: "+"))
                buffer.append(contentsOf: words[Int((bits >> 20) % UInt64(words.count))])
            }
        }
        if bits & 0x20 != 0 {
            buffer.append("&page=")
            buffer.append(decimal: 2 + Int((bits >> 32) % 9))
        }
        if (instance >> 40) % 5 < 2 {
            // The smaller of two draws: the first types are the common ones.
            let types = UInt64(Vocabulary.searchTypes.count)
            let type = min((instance >> 44) % types, (instance >> 52) % types)
            buffer.append("&type=")
            buffer.append(contentsOf: Vocabulary.searchTypes[Int(type)])
        }
    }

    /// Account pages; one target in ten is a staff tool under `/account/internal/`.
    private static func appendAccount(rank: Int, bits: UInt64, to buffer: inout [UInt8]) {
        if rank % 10 == 7 {
            buffer.append("/account/internal/")
            let tools = Vocabulary.internalTools
            buffer.append(contentsOf: tools[Int(bits % UInt64(tools.count))])
            return
        }
        let pages = Vocabulary.accountPages
        let page = rank % pages.count
        buffer.append("/account/")
        buffer.append(contentsOf: pages[page])
        if page == 0, rank >= pages.count {
            buffer.append(UInt8(ascii: "/"))
            buffer.append(decimal: 40_000_000 + Int(bits % 9_000_000))
        }
    }

    /// `/café/...` (percent-encoded), Persian and Japanese sections.
    private static func appendInternational(rank: Int, to buffer: inout [UInt8]) {
        let index = rank / 3
        switch rank % 3 {
        case 0:
            buffer.append("/caf%C3%A9/")
            buffer.append(contentsOf: Vocabulary.cafeItems[index % Vocabulary.cafeItems.count])
        case 1:
            buffer.append("/fa/")
            buffer.append(
                contentsOf: Vocabulary.persianSlugs[index % Vocabulary.persianSlugs.count])
        default:
            buffer.append(index % 25 == 24 ? "/ja/private/" : "/ja/")
            buffer.append(
                contentsOf: Vocabulary.japaneseSlugs[index % Vocabulary.japaneseSlugs.count])
        }
        if index >= 8 {
            buffer.append(UInt8(ascii: "/"))
            buffer.append(decimal: index)
        }
    }

    private static func appendAPI(rank: Int, bits: UInt64, to buffer: inout [UInt8]) {
        buffer.append(bits & 1 == 0 ? "/api/v1/" : "/api/v2/")
        switch rank % 6 {
        case 0: buffer.append("cart")
        case 1: buffer.append("session")
        case 2: buffer.append("events")
        case 3: buffer.append("recommendations")
        case 4:
            buffer.append("products/")
            buffer.append(decimal: productID(rank: rank))
        default:
            buffer.append("stock/")
            buffer.append(decimal: productID(rank: rank))
        }
    }

    private static func appendAsset(rank: Int, bits: UInt64, to buffer: inout [UInt8]) {
        if rank < Vocabulary.fixedAssets.count {
            buffer.append(contentsOf: Vocabulary.fixedAssets[rank])
            return
        }
        switch bits % 5 {
        case 0:
            buffer.append("/static/css/main.")
            buffer.append(hex: bits >> 8, digits: 8)
            buffer.append(".css")
        case 1, 2:
            buffer.append("/static/js/chunk.")
            buffer.append(hex: bits >> 8, digits: 8)
            buffer.append(".js")
        default:
            buffer.append("/images/products/")
            buffer.append(decimal: productID(rank: rank))
            buffer.append(bits & 0x100 == 0 ? "/large.jpg" : bits & 0x200 == 0 ? ".png" : ".webp")
        }
    }
}
