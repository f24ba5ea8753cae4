import Testing
import Workload

@Suite("Generated access log")
struct LogShapeTests {
    @Test("every line is a well-formed combined line but the planned malformed ones")
    func wellFormed() {
        var generator = AccessLogGenerator(seed: AccessLogGenerator.standardSeed)
        var buffer: [UInt8] = []
        generator.appendLines(100_000, to: &buffer)
        #expect(buffer.last == UInt8(ascii: "\n"))
        let lines = buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast()
        #expect(lines.count == 100_000)
        let parsed = lines.compactMap(CombinedLine.init)
        #expect(lines.count - parsed.count == generator.malformedLines)
        // About one in 10,000, and never none in this many.
        #expect((2...40).contains(generator.malformedLines))
    }

    @Test("the traffic mixes methods, statuses, assets, probes and encoded paths")
    func variety() {
        var generator = AccessLogGenerator(seed: 5)
        var buffer: [UInt8] = []
        generator.appendLines(20_000, to: &buffer)
        let lines = buffer.split(separator: UInt8(ascii: "\n")).compactMap(CombinedLine.init)
        let targets = lines.map { String(decoding: $0.target, as: UTF8.self) }
        #expect(Set(lines.map(\.method)) == CombinedLine.methods)
        #expect(Set(lines.map(\.status)) == ["200", "301", "304", "404", "500"])
        for needle in [
            "utm_source=", "no_universal_links=1", "/search?q=", ".css", ".js", "/favicon.ico",
            "/wp-login.php", "/.env", "%C3%A9", "%D8", "%E3", "/id/", "/menu/", "/amp",
            "/settings/", "/issues/", "/u/", ".pdf", ".json", "&type=", "/r/", "/t/", "/guides/",
            "/GO/", "/pricing/", "/orders/",
        ] {
            #expect(targets.contains { $0.contains(needle) }, "no target contains \(needle)")
        }
        // A browser never sends the fragment: a server log's request line never has one.
        #expect(!targets.contains { $0.contains("#") })
        #expect(Set(targets).count > 5_000, "popular targets repeat, the tail does not")
    }

    /// Whether a target is one the glob-heavy rule files were written for.
    static func isGlobTraffic(_ target: String) -> Bool {
        let prefixes = [
            "/users/", "/orgs/", "/u/", "/docs/", "/files/", "/reports/", "/news/", "/r/", "/t/",
            "/go/", "/Go/", "/GO/", "/pricing/", "/orders/",
        ]
        return prefixes.contains { target.hasPrefix($0) } || target.contains("/guides/")
            || target.contains("&type=") || (target.hasPrefix("/blog/") && target.hasSuffix("/amp"))
    }

    @Test("a quarter of the requests are for the glob-heavy rules, mostly with new IDs")
    func globTraffic() {
        var generator = AccessLogGenerator(seed: AccessLogGenerator.standardSeed)
        let targets = generator.requestTargets(50_000).map { String(decoding: $0, as: UTF8.self) }
        let glob = targets.filter(Self.isGlobTraffic)
        let share = Double(glob.count) / Double(targets.count)
        #expect((0.20...0.30).contains(share), "glob-heavy traffic: \(share)")
        // Distinct targets, so a decision cache misses them as it would on a real site.
        #expect(Set(glob).count > glob.count * 3 / 4, "\(Set(glob).count) of \(glob.count)")
    }

    @Test("popularity is skewed: the top target is common, most targets are rare")
    func zipf() {
        var random = SplitMix64(seed: 1)
        let table = ZipfTable(count: 100_000)
        var counts = [Int](repeating: 0, count: table.count)
        for _ in 0..<200_000 { counts[table.draw(&random)] += 1 }
        #expect(counts[0] > counts[9] * 5)
        #expect(counts[0] > 200_000 / 50)
        #expect(counts.filter { $0 > 0 }.count > 10_000)
    }
}
