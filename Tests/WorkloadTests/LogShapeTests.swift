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
        ] {
            #expect(targets.contains { $0.contains(needle) }, "no target contains \(needle)")
        }
        #expect(Set(targets).count > 5_000, "popular targets repeat, the tail does not")
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
