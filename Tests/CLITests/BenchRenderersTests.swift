import Foundation
import LinkMatcher
import Testing

@testable import Reports

/// `bench`'s table against its JSON for the same measurements (a report of figures chosen
/// to differ from each other, since timings differ from run to run).
struct BenchRenderersTests {
    func figures(_ base: UInt64) -> BenchFigures {
        var figures = BenchFigures()
        figures.p50 = base
        figures.p99 = base * 3 + 1
        figures.max = base * 17 + 5
        figures.perSecond = Double(base) * 1_001 + 0.4
        figures.perSecondThreads = Double(base) * 3_907
        return figures
    }

    func grouped(_ value: Any?) -> String { RenderedReport.grouped(value) }

    @Test func tableShowsTheFiguresOfTheJSON() throws {
        let report = BenchReport(
            aasa: "rules.json", source: "generated", urls: 123_457, referenceURLs: 4_321,
            iterations: 7, threads: 3, seed: 99_173, compileMilliseconds: 12.34,
            compiledBytes: 5_678_901, clockOverhead: 41, automaton: figures(211),
            cached: figures(97), reference: figures(8_803), agreement: MatcherAgreement(),
            cacheAgrees: true, disagreementURLs: [])
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let table = report.table.split(separator: "\n").map(String.init)
        #expect(
            table.first
                == "\(grouped(json["urls"])) generated URLs (seed \(json["seed"] ?? "")), "
                + "\(json["iterations"] ?? "") iterations, \(json["threads"] ?? "") threads for "
                + "the threaded figures")
        #expect(table.contains { $0.hasPrefix("compiled in 12.3 ms; automaton tables 5.7 MB") })
        #expect(
            table.contains(
                "every latency includes the clock's own \(json["clock_overhead_ns"] ?? "") ns"))
        let automaton = try #require(json["automaton"] as? [String: Any])
        let rows: [(String, [String: Any])] = [
            ("automaton ", automaton),
            ("automaton + cache", try #require(automaton["cached"] as? [String: Any])),
            ("reference", try #require(json["reference"] as? [String: Any])),
        ]
        for (name, object) in rows {
            let row = try #require(table.first { $0.hasPrefix(name) }, "\(name)")
            let cells = row.dropFirst(name.count).split(separator: " ").map(String.init)
            let urls = object["urls"] ?? (name.hasPrefix("automaton") ? json["urls"] : nil)
            #expect(
                cells
                    == [urls].map(grouped)
                    + ["p50_ns", "p99_ns", "max_ns", "urls_per_second", "urls_per_second_threads"]
                    .map { grouped(object[$0]) }, "\(row)")
        }
        let ratio = try #require(json["ratio"] as? [String: Any])
        #expect(
            table.contains {
                $0.hasPrefix(
                    "automaton vs reference: "
                        + String(
                            format: "%.1fx at p50, %.1fx in URLs/s", ratio["p50"] as? Double ?? -1,
                            ratio["urls_per_second"] as? Double ?? -1))
            }, "\(table)")
        #expect(
            table.contains {
                $0.hasPrefix("agree: both matchers decided all \(json["compared_urls"] ?? "") URLs")
            })
    }
}
