import Foundation
import TestSupport
import Testing

/// `bench` end to end: the JSON's shape, agreement on the bundled sample, inputs read as
/// `scan` reads them, usage errors. Figures are never asserted, only their presence.
struct BenchCommandTests {
    static let small = ["--limit", "300", "--reference-limit", "40", "--iterations", "1"]

    static func object(_ result: ToolResult) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func jsonOnGeneratedURLsHasEveryFieldAndAgrees() throws {
        let result = try ToolRunner.run(
            [
                "bench", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--json",
                "--threads", "2",
            ]
                + Self.small)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.object(result)
        #expect(report["schema"] as? String == "aasa-scan.bench/1")
        #expect(report["source"] as? String == "generated")
        #expect(report["urls"] as? Int == 300)
        #expect(report["agree"] as? Bool == true)
        #expect(report["compared_urls"] as? Int == 40)
        #expect(report["cache_agrees"] as? Bool == true)
        #expect((report["disagreements"] as? [Any])?.isEmpty == true)
        #expect(report["compile_ms"] is Double || report["compile_ms"] is Int)
        #expect((report["compiled_bytes"] as? Int ?? 0) > 0)
        let automaton = try #require(report["automaton"] as? [String: Any])
        let reference = try #require(report["reference"] as? [String: Any])
        #expect(reference["urls"] as? Int == 40)
        let cached = try #require(automaton["cached"] as? [String: Any])
        for figures in [automaton, reference, cached] {
            for key in [
                "p50_ns", "p99_ns", "max_ns", "urls_per_second", "urls_per_second_threads",
            ] {
                #expect(figures[key] is Int, "\(key)")
            }
            let p50 = figures["p50_ns"] as? Int ?? -1
            let p99 = figures["p99_ns"] as? Int ?? -1
            let max = figures["max_ns"] as? Int ?? -1
            #expect(p50 <= p99 && p99 <= max)
        }
    }

    @Test func readsInputsAsScanDoes() throws {
        let result = try ToolRunner.run(
            [
                "bench", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--json",
                "--threads", "1",
            ]
                + Self.small + [PackagePaths.bundledData("sample-access.log.zst")])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.object(result)
        #expect(report["source"] as? String == "inputs")
        #expect(report["urls"] as? Int == 300)
        #expect(report["agree"] as? Bool == true)
        let list = try ToolRunner.run(
            [
                "bench", "--aasa", PackagePaths.bundledData("example.com.aasa.json"), "--threads",
                "1",
            ]
                + Self.small + [PackagePaths.bundledData("sample-urls.txt")])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("23 URLs from the inputs"))
        #expect(list.stdout.contains("agree: both matchers decided all 23 URLs"))
    }

    @Test(arguments: [
        ["--iterations", "0"], ["--limit", "0"], ["--threads", "0"], ["--reference-limit", "-1"],
    ])
    func usageErrors(arguments: [String]) throws {
        let result = try ToolRunner.run(
            ["bench", "--aasa", PackagePaths.bundledData("sample.aasa.json")] + arguments)
        #expect(result.status == 64)
    }

    @Test func unreadableInputIsAnInputError() throws {
        let result = try ToolRunner.run(
            [
                "bench", "--aasa", PackagePaths.bundledData("sample.aasa.json"),
                "/nonexistent/access.log",
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/access.log"))
    }
}
