import CoverageStats
import Foundation
import TestSupport
import Testing

@testable import ScanEngine

/// A plain file that several workers read in turn, each chunk into its own buffer, counts what
/// one worker reading it alone counts: every line once, even the lines cut by a chunk's end,
/// the malformed lines with their own line numbers, the headers that change the columns at
/// the point where they stand, and the progress.
struct SharedPlainReadTests {
    /// Combined-format lines of many lengths (so the chunks end inside lines everywhere), a
    /// third of them ending with CRLF, the last one without a newline, and long malformed
    /// lines spread over the file.
    struct MixedLog {
        var bytes: [UInt8] = []
        var lines = 0
        var handled = 0
        /// 1-based numbers of the malformed lines, and the lines themselves.
        var malformed: [(line: Int, bytes: [UInt8])] = []

        init(lines count: Int, malformedEvery: Int) {
            for index in 0..<count {
                var line: [UInt8]
                if index >= 50 && index % malformedEvery == 7 {
                    line = Array("garbage \(index) ".utf8) + Array(repeating: 0x7A, count: 1_500)
                    malformed.append((index + 1, line))
                } else {
                    let section = index % 2 == 0 ? "p" : "q"
                    if section == "p" { handled += 1 }
                    let agent = String(repeating: "x", count: (index * 37) % 400)
                    line = Array(
                        ("10.0.\(index % 7).\(index % 250) - - [01/May/2024:00:00:00 +0000] "
                            + "\"GET /\(section)/\(index) HTTP/1.1\" 200 \(index) \"-\" "
                            + "\"agent \(agent)\"").utf8)
                }
                bytes += line
                if index == count - 1 { break }
                bytes += index % 3 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            lines = count
        }
    }

    static func scan(
        _ inputs: [String], workers: Int, chunkSize: Int, progress: ScanProgress = ScanProgress()
    ) throws -> ScanResult {
        var configuration = ScanConfiguration()
        configuration.inputs = inputs
        configuration.workers = workers
        configuration.chunkSize = chunkSize
        configuration.perApp = true
        return LogScan.run(
            configuration, associations: try HostileLogTests.associations(), progress: progress)
    }

    @Test(arguments: [4_096, 4_099, 10_000])
    func everyLineCountsOnceWithItsNumber(chunkSize: Int) throws {
        let log = MixedLog(lines: 3_000, malformedEvery: 290)
        #expect(log.malformed.count == 10)
        let folder = try TemporaryFolder()
        let path = try folder.write("mixed.log", log.bytes)
        let serial = try Self.scan([path], workers: 1, chunkSize: chunkSize)
        for workers in [1, 2, 3] {
            let result = try Self.scan([path], workers: workers, chunkSize: chunkSize)
            #expect(result.complete)
            let totals = result.summary.totals
            #expect(totals.lines == UInt64(log.lines), "\(workers) workers")
            #expect(totals.malformed == UInt64(log.malformed.count))
            #expect(totals.handled == UInt64(log.handled))
            let samples = result.summary.malformedSamples
            #expect(samples.map(\.line) == log.malformed.map { UInt64($0.line) })
            #expect(samples.map(\.bytes) == log.malformed.map { Array($0.bytes.prefix(300)) })
            #expect(result.inputs.map(\.counts) == serial.inputs.map(\.counts))
            #expect(result.inputs.map(\.bytes) == [log.bytes.count])
            ConcurrentInputsTests.expectSameSummary(result, serial)
        }
    }

    /// W3C headers that swap the columns every few lines: each line is read with the header
    /// above it, however the workers took the chunks.
    @Test func headersApplyFromWhereTheyStand() throws {
        let first = "#Fields: date time cs-method cs-uri-stem sc-status cs-host\n"
        let second = "#Fields: date time cs-host sc-status cs-uri-stem cs-method\n"
        var text = "#Software: test\n"
        var lines = 0
        var handled = 0
        for block in 0..<200 {
            let swapped = block % 2 == 1
            text += swapped ? second : first
            for line in 0..<(5 + block % 13) {
                let section = (block + line) % 3 == 0 ? "p" : "q"
                if section == "p" { handled += 1 }
                let target = "/\(section)/\(block)-\(line)"
                text +=
                    swapped
                    ? "2024-05-01 00:00:00 example.com 200 \(target) GET\n"
                    : "2024-05-01 00:00:00 GET \(target) 200 example.com\n"
                lines += 1
            }
        }
        let folder = try TemporaryFolder()
        let path = try folder.write("w3c.log", text)
        for workers in [1, 2, 3] {
            let result = try Self.scan([path], workers: workers, chunkSize: 1_024)
            #expect(result.complete)
            #expect(result.inputs.first?.format == .w3c)
            #expect(result.summary.totals.requests == UInt64(lines), "\(workers) workers")
            #expect(result.summary.totals.malformed == 0)
            #expect(result.summary.totals.handled == UInt64(handled))
        }
    }

    /// The progress a display reads ends at the file's lines and bytes.
    @Test(arguments: [2, 3])
    func progressCountsEveryLineAndByte(workers: Int) throws {
        let log = MixedLog(lines: 2_000, malformedEvery: 400)
        let folder = try TemporaryFolder()
        let path = try folder.write("mixed.log", log.bytes)
        let progress = ScanProgress()
        _ = try Self.scan([path], workers: workers, chunkSize: 4_096, progress: progress)
        #expect(progress.linesDone == log.lines)
        #expect(progress.bytesRead == log.bytes.count)
        #expect(progress.input.read == log.bytes.count)
        #expect(progress.input.total == log.bytes.count)
    }

    /// Several plain files, an empty one and one that is no log among them: each report is
    /// the one a single worker writes, in the order of the inputs.
    @Test func severalPlainFilesReportAsOneWorkerDoes() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a.log", MixedLog(lines: 1_500, malformedEvery: 300).bytes)
        let empty = try folder.write("empty.log", "")
        let prose = try folder.write(
            "notes.txt", String(repeating: "some words that are no request at all\n", count: 400))
        let second = try folder.write("b.log", MixedLog(lines: 2_500, malformedEvery: 700).bytes)
        let inputs = [first, empty, prose, second]
        let serial = try Self.scan(inputs, workers: 1, chunkSize: 4_096)
        #expect(serial.inputs.map(\.errorCode) == [nil, nil, "unknown-format", nil])
        for workers in [2, 3, 5] {
            let result = try Self.scan(inputs, workers: workers, chunkSize: 4_096)
            #expect(result.inputs.map(\.path) == inputs)
            #expect(result.inputs.map(\.counts) == serial.inputs.map(\.counts), "\(workers)")
            #expect(result.inputs.map(\.complete) == serial.inputs.map(\.complete))
            #expect(result.inputs.map(\.error) == serial.inputs.map(\.error))
            #expect(result.inputs.map(\.bytes) == serial.inputs.map(\.bytes))
            #expect(result.summary.malformedSamples == serial.summary.malformedSamples)
            ConcurrentInputsTests.expectSameSummary(result, serial)
        }
    }
}
