import AASAModel
import CoverageStats
import Foundation
import LinkMatcher
import TestSupport
import Testing

@testable import ScanEngine

/// Whole scans of logs written to break a scanner: every line counted once, in bounded
/// tables, with the input marked incomplete only when it was.
struct HostileLogTests {
    static func associations() throws -> Associations {
        let json = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "paths": ["/p/*"]}]}}"#
        var associations = Associations()
        associations.add(
            domain: nil, path: "a.json",
            rules: CompiledRuleSet(try AASADocument.parse(Array(json.utf8))))
        return associations
    }

    static func write(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> URL {
        URL(fileURLWithPath: try folder.write("hostile.log", bytes))
    }

    static func scan(_ url: URL, chunkSize: Int = 64 << 10, workers: Int = 2) throws -> ScanResult {
        var configuration = ScanConfiguration()
        configuration.inputs = [url.path]
        configuration.workers = workers
        configuration.chunkSize = chunkSize
        return LogScan.run(configuration, associations: try associations())
    }

    /// More distinct hosts and paths than any table holds: the counts stay exact, the tables
    /// stay at their caps, and the lists say they are estimates.
    @Test func distinctHostsAndPathsStayWithinTheTables() throws {
        let count = 60_000
        var text = ""
        for index in 0..<count {
            text += "https://h\(index).example.com/\(index % 2 == 0 ? "p" : "q")/\(index)\n"
        }
        let temporary = try TemporaryFolder()
        let url = try Self.write(Array(text.utf8), in: temporary)
        let result = try Self.scan(url)
        let summary = result.summary
        #expect(result.complete)
        #expect(summary.totals.requests == UInt64(count))
        #expect(summary.totals.handled == UInt64(count / 2))
        #expect(summary.hostsAreApproximate)
        #expect(summary.hosts().count == summary.shape.hostCapacity)
        #expect(summary.topUnmatchedIsApproximate && summary.topHandledIsApproximate)
        #expect(summary.topUnmatched(limit: .max).count == summary.shape.topCapacity)
        #expect(abs(summary.distinctPaths() - Double(count)) < Double(count) * 0.03)
    }

    /// A line far longer than a chunk (the manual check uses 2 GB): one malformed line with its
    /// line number and first bytes, the lines around it read as usual, in chunk-sized memory.
    @Test(arguments: [1, 2])
    func aLineLongerThanEveryBufferIsOneMalformedLine(workers: Int) throws {
        let good = "https://example.com/p/1\n"
        let long = "https://example.com/p/" + String(repeating: "a", count: 300_000) + "\n"
        let text = String(repeating: good, count: 50) + long + String(repeating: good, count: 50)
        let temporary = try TemporaryFolder()
        let url = try Self.write(Array(text.utf8), in: temporary)
        let result = try Self.scan(url, chunkSize: 4_096, workers: workers)
        #expect(result.complete)
        #expect(result.summary.totals.lines == 101)
        #expect(result.summary.totals.handled == 100)
        #expect(result.summary.totals.malformed == 1)
        let sample = try #require(result.summary.malformedSamples.first)
        #expect(sample.line == 51)
        #expect(sample.isTruncated)
        #expect(sample.bytes == Array(long.utf8.prefix(sample.bytes.count)))
        #expect(sample.bytes.count == 300)
    }

    /// NUL bytes and invalid UTF-8 in every field: lines that still hold a request are
    /// classified, the others are malformed, and the samples keep the raw bytes.
    @Test func nulBytesAndInvalidUTF8AreCountedNotFatal() throws {
        var bytes: [UInt8] = []
        bytes += Array("https://example.com/p/ok\n".utf8)
        bytes += [0, 0, 0, 0x0A]
        bytes += Array("https://example.com/p/\u{0}x\n".utf8)
        bytes += Array("https://example.com/p/".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x0A]
        bytes += [0xFF, 0xFE, 0xFD, 0x0A]
        bytes += Array("https://example.com/p/last\n".utf8)
        let temporary = try TemporaryFolder()
        let url = try Self.write(bytes, in: temporary)
        let result = try Self.scan(url)
        let totals = result.summary.totals
        #expect(result.complete)
        #expect(totals.lines == 6)
        #expect(totals.requests + totals.malformed + totals.skipped == 6)
        #expect(totals.handled >= 3)
    }

    /// Lines ended by a lone `\r`: each is a line, as in a `\n` file.
    @Test func carriageReturnLineEndsAreLineEnds() throws {
        let lines = (0..<5_000).map { "https://example.com/\($0 % 3 == 0 ? "q" : "p")/\($0)" }
        let temporary = try TemporaryFolder()
        let url = try Self.write(Array((lines.joined(separator: "\r") + "\r").utf8), in: temporary)
        let result = try Self.scan(url, chunkSize: 4_096)
        #expect(result.complete)
        #expect(result.summary.totals.lines == 5_000)
        #expect(result.summary.totals.requests == 5_000)
        #expect(result.summary.totals.handled == UInt64(lines.filter { $0.contains("/p/") }.count))
    }

    /// Links of a folder that lead nowhere or in a loop are left out with their reason; the
    /// scan stays complete.
    @Test func unfollowableLinksOfAFolderAreSkipped() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        try Data("https://example.com/p/1\n".utf8).write(to: folder.appendingPathComponent("a.log"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/loop1", withDestinationPath: folder.path + "/loop2")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/loop2", withDestinationPath: folder.path + "/loop1")
        var configuration = ScanConfiguration()
        configuration.inputs = [folder.path]
        let result = LogScan.run(configuration, associations: try Self.associations())
        #expect(result.complete)
        #expect(result.summary.totals.handled == 1)
        #expect(result.inputs.map(\.skipped) == [false, true, true])
        #expect(result.inputs.last?.skipReason?.contains("loop of symbolic links") == true)
    }
}
