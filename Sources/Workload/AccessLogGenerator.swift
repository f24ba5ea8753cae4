import ASCIIBytes

/// Writes a combined-format access log of the imaginary shop, deterministically from a seed:
/// Zipf-like popularity over about 300,000 targets, tracking parameters, bots, assets,
/// probes, several methods and status codes, and about one unparsable line in 10,000. About a
/// quarter of the requests are for the glob-heavy rule files (user settings, org issues,
/// PDFs, AMP copies, referral codes, typed searches), mostly with IDs seen once.
///
/// ```
/// 203.0.113.9 - - [01/May/2024:00:00:01 +0000] "GET /p/oak-desk-1k?utm_source=... HTTP/1.1"
///     200 5123 "https://www.google.com/" "Mozilla/5.0 (iPhone; ...)"
/// ```
public struct AccessLogGenerator {
    /// Lines in the standard benchmark log (about 1.2 GB).
    public static let standardLineCount = 5_000_000
    /// Seed of the standard benchmark log.
    public static let standardSeed: UInt64 = 20_240_501

    /// Lines written so far, malformed ones included.
    public private(set) var linesWritten = 0
    /// Lines written on purpose so that no log parser can read a request from them.
    public private(set) var malformedLines = 0

    var random: SplitMix64
    var clock = LogClock()
    let tables: [ZipfTable]
    /// Section of each per-mille slot, so picking a section is one table lookup.
    let sectionOfSlot: [SiteSection]
    let clientTable = ZipfTable(count: 250_000)

    /// With a plan, every request is for one of the plan's distinct paths (see
    /// `DistinctPathPlan`) instead of the shop's usual traffic.
    var distinctPaths: DistinctPathPlan?

    /// A generator whose output depends only on `seed` (and `distinctPaths`).
    public init(seed: UInt64, distinctPaths: DistinctPathPlan? = nil) {
        self.distinctPaths = distinctPaths
        random = SplitMix64(seed: seed)
        tables = SiteSection.allCases.map { ZipfTable(count: $0.targetCount) }
        var slots: [SiteSection] = []
        for section in SiteSection.allCases {
            slots += Array(repeating: section, count: section.trafficPerMille)
        }
        precondition(slots.count == 1000, "section shares must add up to 1000 per mille")
        sectionOfSlot = slots
    }

    /// Appends `count` lines, each ending in `\n`.
    public mutating func appendLines(_ count: Int, to buffer: inout [UInt8]) {
        for _ in 0..<count { _ = appendLine(to: &buffer) }
    }

    /// The request targets (path and query, as in the request line) of the next `count`
    /// well-formed lines: URLs exactly as the matcher will meet them in this log.
    public mutating func requestTargets(_ count: Int) -> [[UInt8]] {
        var targets: [[UInt8]] = []
        targets.reserveCapacity(count)
        var line: [UInt8] = []
        while targets.count < count {
            line.removeAll(keepingCapacity: true)
            if let target = appendLine(to: &line) { targets.append(Array(line[target])) }
        }
        return targets
    }

    /// Appends one line; returns where its request target lies, or nil for a malformed line.
    @discardableResult
    mutating func appendLine(to buffer: inout [UInt8]) -> Range<Int>? {
        linesWritten += 1
        clock.advance(byMilliseconds: random.below(35))
        // A line due to bring a new distinct path is never the malformed one.
        if random.below(10_000) == 0,
            distinctPaths?.bringsNewPath(line: linesWritten - 1) != true
        {
            malformedLines += 1
            appendMalformedLine(to: &buffer)
            return nil
        }
        let section: SiteSection
        var rank = 0
        var instance: UInt64 = 0
        var distinctID: Int?
        if var plan = distinctPaths {
            let id = plan.id(line: linesWritten - 1, random: &random)
            distinctPaths = plan
            distinctID = id
            section = SiteCatalog.distinctSection(id)
        } else {
            section = sectionOfSlot[random.below(1000)]
            rank = tables[section.rawValue].draw(&random)
            instance = random.next()
        }
        // A quarter of requests come from heavy hitters (crawlers, carrier NAT), the rest
        // from a long, flat tail of clients.
        let clientIndex = random.below(4) == 0 ? clientTable.draw(&random) : random.below(250_000)
        let client = SplitMix64.mix(UInt64(clientIndex) ^ 0xC11E_4700)
        let isBot = client % 100 < 12
        let method = pickMethod(section)

        appendAddress(client, to: &buffer)
        buffer.append(" - - ")
        clock.appendTimestamp(to: &buffer)
        buffer.append(" \"")
        buffer.append(contentsOf: method.bytes)
        buffer.append(UInt8(ascii: " "))
        let targetStart = buffer.count
        if let distinctID {
            // No decoration: a suffix such as `/amp` would make a second path of the ID.
            SiteCatalog.appendDistinctTarget(distinctID, to: &buffer)
        } else {
            SiteCatalog.appendTarget(section, rank: rank, instance: instance, to: &buffer)
            decorate(section, rank: rank, &buffer)
        }
        let target = targetStart..<buffer.count
        buffer.append(random.below(10) < 2 ? " HTTP/2.0\" " : " HTTP/1.1\" ")
        let status = pickStatus(section)
        buffer.append(decimal: status)
        buffer.append(UInt8(ascii: " "))
        let empty = status == 304 || method == .head || method == .options
        buffer.append(decimal: empty ? 0 : 200 + random.below(status == 200 ? 60_000 : 2_000))
        buffer.append(" \"")
        appendReferer(section, to: &buffer)
        buffer.append("\" \"")
        let agents = isBot ? Vocabulary.botAgents : Vocabulary.userAgents
        buffer.append(contentsOf: agents[Int((client >> 8) % UInt64(agents.count))])
        buffer.append("\"\n")
        return target
    }

    /// Query strings and suffixes that vary per request rather than per target.
    private mutating func decorate(_ section: SiteSection, rank: Int, _ buffer: inout [UInt8]) {
        switch section {
        case .blog where random.chance(perMille: 150):
            buffer.append("/amp")
        case .product where random.chance(perMille: 60):
            buffer.append(random.below(2) == 0 ? "/reviews" : "/specs")
        case .help where random.chance(perMille: 30):
            // A link that asks for the app by its fragment: the fragment stays in the browser
            // and never reaches a server log, so the request line has the path alone.
            return
        case .promo where random.chance(perMille: 700):
            appendTracking(to: &buffer)
            return
        default:
            break
        }
        guard section.isLandingPage else { return }
        let roll = random.below(1000)
        if roll < 110 {
            appendTracking(to: &buffer)
        } else if roll < 130 {
            buffer.append("?no_universal_links=1")
        } else if roll < 150 {
            buffer.append("?ref=homepage")
        } else if roll < 160 {
            buffer.append("?gclid=")
            buffer.append(hex: random.next(), digits: 16)
        }
    }

    private mutating func appendTracking(to buffer: inout [UInt8]) {
        let sources = Vocabulary.utmSources
        let mediums = Vocabulary.utmMediums
        let campaigns = Vocabulary.campaigns
        buffer.append("?utm_source=")
        buffer.append(contentsOf: sources[random.below(sources.count)])
        buffer.append("&utm_medium=")
        buffer.append(contentsOf: mediums[random.below(mediums.count)])
        buffer.append("&utm_campaign=")
        buffer.append(contentsOf: campaigns[random.below(campaigns.count)])
    }
}
