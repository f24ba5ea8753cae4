import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import LogParsing
import TestSupport
import Testing
import Workload

@testable import ScanEngine

/// `--since`, `--until` and `--bucket` in a scan: the window, the series summing to the
/// totals, inputs without times, and lines whose time does not read.
struct TimeScanTests {
    static let rules = Array(
        #"""
        {"applinks": {"details": [
            {"appIDs": ["T.one"], "components": [{"/": "/help/*", "exclude": true}, {"/": "/p/*"}]},
            {"appIDs": ["T.two"], "components": [{"/": "/q/*"}]}
        ]}}
        """#.utf8)

    static func associations(domain: Bool = false) throws -> Associations {
        var associations = Associations()
        associations.add(
            domain: domain ? try DomainPattern.parse("example.com") : nil, path: "rules.json",
            rules: CompiledRuleSet(try AASADocument.parse(rules)))
        return associations
    }

    static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// A combined line at UTC `time`, written at a zone of `offsetHours` east.
    static func line(_ time: Int64, _ target: String, offsetHours: Int64 = 0, status: Int = 200)
        -> String
    {
        let local = Array(TimestampText.rfc3339(time + offsetHours * 3600))
        let month = months[(Int(String(local[5...6])) ?? 1) - 1]
        let sign = offsetHours < 0 ? "-" : "+"
        let zone = sign + (abs(offsetHours) < 10 ? "0" : "") + "\(abs(offsetHours))00"
        return "1.2.3.4 - - [\(String(local[8...9]))/\(month)/\(String(local[0...3])):"
            + "\(String(local[11...18])) \(zone)] \"GET \(target) HTTP/1.1\" \(status) 5 \"-\" \"ua\"\n"
    }

    /// `count` lines from `start`, a few minutes apart, at random zones and targets.
    static func log(count: Int, start: Int64, seed: UInt64) -> (text: String, times: [Int64]) {
        var random = SplitMix64(seed: seed)
        var time = start
        var text = ""
        var times: [Int64] = []
        let targets = [
            "https://example.com/p/1", "https://example.com/p/2", "https://example.com/help/a",
            "https://example.com/q/9", "https://example.com/other", "https://other.org/p/1",
        ]
        for _ in 0..<count {
            time += Int64(random.next() % 900)
            let target = targets[Int(random.next() % UInt64(targets.count))]
            let status = random.next() % 7 == 0 ? 404 : 200
            text += line(time, target, offsetHours: Int64(random.next() % 5) - 2, status: status)
            times.append(time)
        }
        return (text, times)
    }

    static func scan(
        _ text: String, since: Int64? = nil, until: Int64? = nil, bucket: BucketSize? = nil,
        perApp: Bool = false, workers: Int = 2, format: LogFormat? = nil, status: Bool = false,
        domain: Bool = false
    ) throws -> ScanResult {
        let folder = try TemporaryFolder()
        var configuration = ScanConfiguration()
        configuration.inputs = [try folder.write("access.log", text)]
        configuration.workers = workers
        configuration.chunkSize = 16 << 10
        configuration.filter.since = since
        configuration.filter.until = until
        if status { configuration.filter.statusCodes = [200] }
        configuration.bucket = bucket
        configuration.perApp = perApp
        configuration.perAppSeries = perApp
        configuration.logFormat = format
        return LogScan.run(configuration, associations: try associations(domain: domain))
    }

    @Test func theWindowKeepsItsStartAndLeavesOutItsEnd() throws {
        let start: Int64 = 1_714_521_600  // 2024-05-01T00:00:00Z
        let text =
            Self.line(start - 1, "/p/1") + Self.line(start, "/p/1", offsetHours: -2)
            + Self.line(start + 3599, "/p/1", offsetHours: 5) + Self.line(start + 3600, "/p/1")
        let result = try Self.scan(text, since: start, until: start + 3600)
        let totals = result.summary.totals
        #expect(totals.requests == 4)
        #expect(totals.filtered.byTime == 2)
        #expect(totals.handled == 2)
        #expect(result.summary.timeRange == TimeRange(first: start, last: start + 3599))
        #expect(result.inputs[0].counts.time == TimeRange(first: start, last: start + 3599))
    }

    @Test(arguments: [BucketSize.hour, .day, .week])
    func theBucketsSumToTheTotals(size: BucketSize) throws {
        let (text, times) = Self.log(count: 6_000, start: 1_714_521_600, seed: 0x7300)
        let since = times[500]
        let until = times[5_500]
        let result = try Self.scan(
            text, since: since, until: until, bucket: size, perApp: true, status: true,
            domain: true)
        let summary = result.summary
        let series = try #require(summary.series)
        #expect(!series.isPartial)
        let buckets = series.buckets
        #expect(buckets.map(\.start) == buckets.map(\.start).sorted())
        let totals = summary.totals
        func sum(_ field: (BucketCounts) -> UInt64) -> UInt64 {
            buckets.reduce(0) { $0 + field($1.counts) }
        }
        #expect(sum(\.requests) == totals.requests - totals.filtered.byTime)
        #expect(sum(\.filtered) == totals.filtered.total - totals.filtered.byTime)
        #expect(sum(\.handled) == totals.handled)
        #expect(sum(\.excluded) == totals.excluded)
        #expect(sum(\.unmatched) == totals.unmatched)
        #expect(sum(\.noAssociation) == totals.noAssociation)
        #expect(totals.filtered.byTime == UInt64(times.filter { $0 < since || $0 >= until }.count))
        for app in 0..<2 {
            #expect(buckets.reduce(0) { $0 + $1.counts.appHandled[app] } == summary.appHandled[app])
            #expect(
                buckets.reduce(0) { $0 + $1.counts.appExcluded[app] } == summary.appExcluded[app])
        }
        // Each bucket holds the requests of its own time span.
        var expected: [Int64: UInt64] = [:]
        for time in times where time >= since && time < until {
            expected[size.start(of: time), default: 0] += 1
        }
        #expect(
            Dictionary(uniqueKeysWithValues: buckets.map { ($0.start, $0.counts.requests) })
                == expected)
        // One worker or two, the same series.
        let single = try Self.scan(
            text, since: since, until: until, bucket: size, perApp: true, workers: 1,
            status: true, domain: true)
        #expect(single.summary.series == series)
        #expect(single.summary.timeRange == summary.timeRange)
    }

    @Test func inputsWithoutTimesKeepTheirRequestsWithAWarning() throws {
        let result = try Self.scan(
            "/p/1\n/p/2\n/q/3\n", since: 1_714_521_600, bucket: .day, format: .url)
        #expect(result.summary.totals.handled == 3)
        #expect(result.summary.totals.filtered.byTime == 0)
        #expect(result.inputs[0].counts.unknownTime == 3)
        #expect(result.summary.timeRange == nil)
        #expect(result.summary.series?.isPartial == true)
        let warnings = ScanReport(result, top: 10).warnings
        #expect(
            warnings.contains { $0.code == "filter_not_applicable" && $0.message.contains("time") })
        #expect(warnings.contains { $0.code == "series_partial" })
    }

    /// With a time option a line whose time does not read is malformed; without one it is
    /// a request like any other, and nothing about times is read or kept.
    @Test func anUnreadableTimeIsMalformedOnlyWhenTimesAreAsked() throws {
        let text =
            Self.line(1_714_521_600, "/p/1")
            + "1.2.3.4 - - [31/Feb/2024:00:00:00 +0000] \"GET /p/2 HTTP/1.1\" 200 5 \"-\" \"ua\"\n"
        let timed = try Self.scan(text, bucket: .hour)
        #expect(timed.summary.totals.malformed == 1)
        #expect(timed.summary.totals.requests == 1)
        let plain = try Self.scan(text)
        #expect(plain.summary.totals.malformed == 0)
        #expect(plain.summary.totals.requests == 2)
        #expect(plain.summary.timeRange == nil)
        #expect(plain.summary.series == nil)
    }
}
