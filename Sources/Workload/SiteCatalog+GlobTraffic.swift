import ASCIIBytes

/// Targets of the sections that the glob-heavy rule files decide. The rank (drawn by
/// popularity) picks the page name; `instance`, the request's own random draw, picks the
/// page's shape and fills in its IDs, so a name is popular while most targets are new, as
/// user, document and referral pages are on a real site.
///
/// ```
/// /users/31415926/settings/notifications     /docs/manuals/cedar-lamp-2bx9.pdf
/// /orgs/ember-5kq/repos/oak-desk/issues/new  /reports/2022/sales.json
/// /u/falcon4821/photos/k3v9z                 /news/2023/lunar-tent-9qz/amp
/// /r/fr-1x8kq2   /t/concert-042   /de/guides/sizing   /GO/black-friday   /pricing/pro
/// ```
extension SiteCatalog {
    /// Page names per family in the traffic (the ranks of the three sections).
    static let pageNameCount = 600

    /// Name `index` of a family: its word list first, then `word-word` pairs, all distinct.
    static func appendPageName(_ base: [[UInt8]], _ index: Int, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: base[index % base.count])
        guard index >= base.count else { return }
        buffer.append(UInt8(ascii: "-"))
        let words = Vocabulary.words
        buffer.append(contentsOf: words[(index / base.count - 1) % words.count])
    }

    /// The same name as text, for rules.
    static func pageName(_ base: [[UInt8]], _ index: Int) -> String {
        var bytes: [UInt8] = []
        appendPageName(base, index, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Settings pages (45%), user pages (10%), org issues (20%) and repositories (5%), profile
    /// tabs (20%).
    static func appendCommunity(rank: Int, instance: UInt64, to buffer: inout [UInt8]) {
        let id = instance >> 8
        switch instance % 20 {
        case 0..<9:
            buffer.append("/users/")
            buffer.append(decimal: 1 + Int(id % 40_000_000))
            buffer.append("/settings/")
            appendPageName(Vocabulary.settingsPages, rank, to: &buffer)
        case 9, 10:
            buffer.append("/users/")
            buffer.append(decimal: 1 + Int(id % 40_000_000))
            switch (id >> 32) % 3 {
            case 0: break
            case 1: buffer.append("/followers")
            default: buffer.append("/following")
            }
        case 11..<15:
            appendRepository(id, to: &buffer)
            buffer.append("/issues/")
            if (id >> 40) % 3 == 0 {
                buffer.append(decimal: 1 + Int((id >> 12) % 90_000))
            } else {
                appendPageName(Vocabulary.issueViews, rank, to: &buffer)
            }
        case 15:
            appendRepository(id, to: &buffer)
        default:
            buffer.append("/u/")
            appendWord(id >> 20, to: &buffer)
            buffer.append(decimal: Int(id % 10_000))
            buffer.append(UInt8(ascii: "/"))
            appendPageName(Vocabulary.profileTabs, rank, to: &buffer)
            // One in eight without the item after the tab, which `/u/*/NAME/?*` leaves out.
            if (id >> 40) % 8 != 0 {
                buffer.append(UInt8(ascii: "/"))
                appendBase36(Int((id >> 14) % 60_000_000), to: &buffer)
            }
        }
    }

    /// `/orgs/<org>/repos/<repo>`: 200,000 organisations, two-word repositories.
    private static func appendRepository(_ id: UInt64, to buffer: inout [UInt8]) {
        buffer.append("/orgs/")
        appendWord(id >> 24, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendBase36(Int(id % 200_000), to: &buffer)
        buffer.append("/repos/")
        appendWord(id >> 32, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendWord(id >> 40, to: &buffer)
    }

    /// PDFs under a named topic (40%), under an ID (15%) and elsewhere (10%), JSON reports
    /// (10%), news articles and their AMP copies (25%).
    static func appendDocument(rank: Int, instance: UInt64, to buffer: inout [UInt8]) {
        let id = instance >> 8
        switch instance % 20 {
        case 0..<8:
            buffer.append("/docs/")
            appendPageName(Vocabulary.documentTopics, rank, to: &buffer)
            buffer.append(UInt8(ascii: "/"))
            appendWord(id >> 32, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            appendBase36(Int(id % 10_000_000), to: &buffer)
            // No `#page-N`: a browser keeps the fragment, so server logs never hold one.
            buffer.append(".pdf")
        case 8..<11:
            buffer.append("/docs/")
            buffer.append(hex: id, digits: 8)
            buffer.append(UInt8(ascii: "/"))
            appendWord(id >> 32, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            appendWord(id >> 40, to: &buffer)
            buffer.append(".pdf")
        case 11, 12:
            buffer.append("/files/")
            buffer.append(hex: id, digits: 12)
            buffer.append(".pdf")
        case 13, 14:
            buffer.append("/reports/")
            buffer.append(decimal: 2019 + Int(id % 6))
            buffer.append(UInt8(ascii: "/"))
            appendPageName(Vocabulary.reportNames, rank, to: &buffer)
            buffer.append(".json")
        default:
            buffer.append("/news/")
            buffer.append(decimal: 2019 + Int(id % 6))
            buffer.append(UInt8(ascii: "/"))
            appendWord(id >> 32, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            appendWord(id >> 40, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            appendBase36(Int((id >> 8) % 1_000_000), to: &buffer)
            if (id >> 48) % 5 < 2 { buffer.append("/amp") }
        }
    }

    /// Referral codes (30%), ticket codes (20%), localised guides (20%), `/go/` links in any
    /// case (10%), plans (10%), orders (10%); about one in ten of each has a shape that the
    /// rules' wildcards, `?` counts or variables do not take.
    static func appendReferral(rank: Int, instance: UInt64, to buffer: inout [UInt8]) {
        let id = instance >> 8
        let roll = Int((id >> 32) % 20)
        switch instance % 10 {
        case 0, 1, 2:
            let countries = Vocabulary.referralCountries
            buffer.append("/r/")
            buffer.append(
                contentsOf: countries[roll < 18 ? roll % (countries.count - 2) : roll - 4])
            buffer.append(UInt8(ascii: "-"))
            appendBase36(Int(id % 60_000_000), to: &buffer)
        case 3, 4:
            buffer.append("/t/")
            appendPageName(Vocabulary.ticketNames, rank, to: &buffer)
            buffer.append(UInt8(ascii: "-"))
            if roll < 2 {
                buffer.append(decimal: Int(id % 10_000), width: 4)
            } else {
                buffer.append(decimal: Int(id % 1_000), width: 3)
            }
        case 5, 6:
            let languages = Vocabulary.guideLanguages
            buffer.append(UInt8(ascii: "/"))
            buffer.append(contentsOf: languages[roll % languages.count])
            buffer.append("/guides/")
            appendPageName(Vocabulary.guideNames, rank, to: &buffer)
        case 7:
            buffer.append(roll < 12 ? "/go/" : roll < 17 ? "/Go/" : "/GO/")
            appendPageName(Vocabulary.campaigns, rank, to: &buffer)
        case 8:
            buffer.append("/pricing/")
            buffer.append(contentsOf: Vocabulary.plans[roll % Vocabulary.plans.count])
        default:
            buffer.append("/orders/")
            if roll < 2 {
                buffer.append("track")
            } else {
                buffer.append(decimal: 10_000_000 + Int(id % 90_000_000))
            }
        }
    }

    private static func appendWord(_ bits: UInt64, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: Vocabulary.words[Int(bits % UInt64(Vocabulary.words.count))])
    }
}
