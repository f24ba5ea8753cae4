import ASCIIBytes

/// The fields around the request: method, status, client address, referer, and the
/// deliberately unparsable lines.
extension AccessLogGenerator {
    enum Method {
        case get, head, post, options

        var bytes: [UInt8] {
            switch self {
            case .get: Self.getBytes
            case .head: Self.headBytes
            case .post: Self.postBytes
            case .options: Self.optionsBytes
            }
        }

        private static let getBytes = Array("GET".utf8)
        private static let headBytes = Array("HEAD".utf8)
        private static let postBytes = Array("POST".utf8)
        private static let optionsBytes = Array("OPTIONS".utf8)
    }

    mutating func pickMethod(_ section: SiteSection) -> Method {
        let roll = random.below(1000)
        switch section {
        case .api:
            return roll < 400 ? .post : roll < 480 ? .options : .get
        case .account, .search, .community:
            return roll < 60 ? .post : .get
        case .probe:
            return roll < 150 ? .post : roll < 250 ? .head : .get
        default:
            return roll < 30 ? .head : .get
        }
    }

    mutating func pickStatus(_ section: SiteSection) -> Int {
        let roll = random.below(1000)
        switch section {
        case .asset:
            return roll < 680 ? 200 : roll < 980 ? 304 : 404
        case .probe:
            return roll < 900 ? 404 : roll < 960 ? 301 : 500
        case .shortLink:
            return roll < 850 ? 301 : roll < 990 ? 404 : 500
        default:
            return roll < 950 ? 200 : roll < 970 ? 301 : roll < 980 ? 304 : roll < 997 ? 404 : 500
        }
    }

    /// A stable address per client: mostly IPv4 from public-looking ranges, some IPv6.
    func appendAddress(_ client: UInt64, to buffer: inout [UInt8]) {
        let bits = client >> 16
        if bits % 10 == 0 {
            buffer.append("2a02:")
            buffer.append(hex: bits >> 8 | 0x1000, digits: 4)
            buffer.append(UInt8(ascii: ":"))
            buffer.append(hex: bits >> 24 | 0x100, digits: 3)
            buffer.append("::")
            buffer.append(hex: bits >> 36 | 0x1000, digits: 4)
            return
        }
        // First octet in 11...222 skips private, loopback and multicast ranges.
        buffer.append(decimal: 11 + Int((bits >> 8) % 212))
        for shift in [UInt64(16), 24, 32] {
            buffer.append(UInt8(ascii: "."))
            buffer.append(decimal: Int((bits >> shift) & 0xFF))
        }
    }

    mutating func appendReferer(_ section: SiteSection, to buffer: inout [UInt8]) {
        if section == .asset || section == .probe || random.below(10) < 4 {
            buffer.append(UInt8(ascii: "-"))
            return
        }
        buffer.append(contentsOf: Vocabulary.referers[random.below(Vocabulary.referers.count)])
    }

    /// A line cut inside its request, a line of noise, or a `"-"` request (what servers log
    /// for a connection closed before the request).
    mutating func appendMalformedLine(to buffer: inout [UInt8]) {
        let client = SplitMix64.mix(UInt64(random.below(250_000)))
        switch random.below(3) {
        case 0:
            let start = buffer.count
            appendAddress(client, to: &buffer)
            buffer.append(" - - ")
            clock.appendTimestamp(to: &buffer)
            buffer.append(" \"GET ")
            let section = sectionOfSlot[random.below(1000)]
            let rank = random.below(min(100, section.targetCount))
            SiteCatalog.appendTarget(section, rank: rank, instance: random.next(), to: &buffer)
            // Keep at least the opening quote, cut anywhere after it.
            let quote = buffer[start...].firstIndex(of: UInt8(ascii: "\"")) ?? start
            let keep = quote + 1 + random.below(buffer.count - quote)
            buffer.removeSubrange(keep...)
        case 1:
            let noise: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz0123456789 ;:%&=/\\<>{}[]~^".utf8)
            for _ in 0..<(12 + random.below(70)) {
                buffer.append(noise[random.below(noise.count)])
            }
        default:
            appendAddress(client, to: &buffer)
            buffer.append(" - - ")
            clock.appendTimestamp(to: &buffer)
            buffer.append(" \"-\" 400 0 \"-\" \"-\"")
        }
        buffer.append(UInt8(ascii: "\n"))
    }
}
