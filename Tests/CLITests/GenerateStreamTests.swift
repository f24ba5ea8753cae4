import Foundation
import TestSupport
import Testing

/// `generate --stdout`: the access log streamed to standard output, of any length, with the
/// number of distinct paths asked for.
struct GenerateStreamTests {
    @Test("streams exactly --lines lines carrying --distinct-paths distinct paths")
    func streamsTheLinesAskedFor() throws {
        let generated = try ToolRunner.run(
            ["generate", "--stdout", "--lines", "30000", "--distinct-paths", "6000", "--seed", "3"])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stderr.isEmpty)
        #expect(generated.stdout.hasSuffix("\n"))
        #expect(generated.lines.count == 30_000)
        let scanned = try ToolRunner.run(
            [
                "scan", "--aasa", PackagePaths.bundledData("sample.aasa.json"), "--format", "json",
                "-",
            ],
            stdin: Data(generated.stdout.utf8))
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(scanned.stdout.utf8)) as? [String: Any])
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(totals["lines"] as? Int == 30_000)
        // The scan's HyperLogLog has a standard error under 1%; 3% is past four of them.
        let estimate = try #require(report["distinct_paths_estimate"] as? Int)
        #expect(abs(estimate - 6_000) <= 180, "estimate \(estimate)")
        // Nothing but the paths asked for: the requests' own distinct paths, counted exactly.
        let paths = Set(
            generated.lines.compactMap { line -> Substring? in
                let request = line.split(separator: "\"")
                guard request.count > 1 else { return nil }
                let parts = request[1].split(separator: " ")
                return parts.count == 3 ? parts[1] : nil
            })
        #expect(paths.count == 6_000)
    }

    @Test("the same seed streams the same bytes the file form writes")
    func streamEqualsTheFile() throws {
        let folder = try TemporaryFolder()
        let written = try ToolRunner.run(
            ["generate", "--lines", "2000", "--seed", "9", "--output", folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        let file = try String(contentsOfFile: folder.path + "/access.log", encoding: .utf8)
        let streamed = try ToolRunner.run([
            "generate", "--stdout", "--lines", "2000", "--seed", "9",
        ])
        #expect(streamed.stdout == file)
    }

    @Test("with --output, rule files go to the folder and the log to standard output only")
    func rulesBesideTheStream() throws {
        let folder = try TemporaryFolder()
        let result = try ToolRunner.run(
            ["generate", "--stdout", "--lines", "10", "--output", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 10)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains("rules-glob-5000.json"))
        #expect(!names.contains("access.log"))
    }

    @Test("a reader that goes away ends an endless-looking stream quietly")
    func closedPipeIsQuiet() throws {
        let process = Process()
        process.executableURL = ToolRunner.executable
        process.arguments = ["generate", "--stdout", "--lines", "1000000000000"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let head = output.fileHandleForReading.readData(ofLength: 100_000)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(head.count == 100_000)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test(
        "usage errors",
        arguments: [
            ["generate", "--lines", "10"],
            ["generate", "--stdout", "--lines", "10", "--distinct-paths", "11"],
            ["generate", "--stdout", "--lines", "10", "--distinct-paths", "0"],
            ["generate", "--stdout", "--lines", "0", "--distinct-paths", "1"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try ToolRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
