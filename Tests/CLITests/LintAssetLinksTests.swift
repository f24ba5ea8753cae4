import Foundation
import TestSupport
import Testing

/// `lint --assetlinks`: ASL codes in both output forms, the same gates and exit statuses as
/// AASA files (docs/android.md).
struct LintAssetLinksTests {
    static let sample = PackagePaths.bundledData("android/example.com.assetlinks.json")

    /// A file with a warning (a fingerprint in lower case) and an info finding (an include).
    static let faulty = #"""
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.shop",
                     "sha256_cert_fingerprints": ["14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"]}},
         {"include": "https://example.com/more.json"}]
        """#

    @Test func theSampleIsCleanAndPasses() throws {
        let result = try ToolRunner.run(
            [
                "lint", "--fail-on", "info", "--assetlinks", Self.sample, "--package",
                "com.example.shop",
            ])
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test func findingsCarryCodesLinesAndGates() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("assetlinks.json", Self.faulty)
        let text = try ToolRunner.run(["lint", "--assetlinks", file])
        #expect(text.status == 0, "warnings and info do not fail the default gate")
        #expect(
            text.lines.contains {
                $0.hasPrefix(
                    "\(file):3:43: warning ASL210 [0].target.sha256_cert_fingerprints[0]: ")
            }, "\(text.stdout)")
        #expect(text.lines.contains { $0.hasPrefix("\(file):4:14: info ASL211 [1].include: ") })
        #expect(
            try ToolRunner.run(["lint", "--fail-on", "warning", "--assetlinks", file]).status == 1)
        #expect(try ToolRunner.run(["lint", "--no-info", "--assetlinks", file]).lines.count == 1)

        let json = try ToolRunner.run(["lint", "--json", "--assetlinks", file])
        let objects = try json.lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.compactMap { $0["code"] as? String } == ["ASL210", "ASL211"])
        #expect(objects.allSatisfy { $0["file"] as? String == file && $0["line"] is Int })
    }

    @Test func anotherPackageFailsTheGate() throws {
        let result = try ToolRunner.run(
            ["lint", "--assetlinks", Self.sample, "--package", "com.example.other"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(" error ASL212 $: "))
    }

    @Test func notAnArrayIsAnInputError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("assetlinks.json", #"{"relation": []}"#)
        let result = try ToolRunner.run(["lint", "--assetlinks", file])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("\(file):1:1: error ASL100 $: the top level is an object"))
    }

    /// AASA files and assetlinks.json files in one run, each with its own codes.
    @Test func aasaAndAssetLinksTogether() throws {
        let folder = try TemporaryFolder()
        let aasa = try folder.write(
            "aasa.json", #"{"applinks": {"details": [{"appIDs": ["bad"], "paths": ["/a"]}]}}"#)
        let links = try folder.write("assetlinks.json", #"[{"include": "https://a.example/x"}]"#)
        let result = try ToolRunner.run(["lint", aasa, "--assetlinks", links])
        let codes = result.lines.map { $0.split(separator: " ")[2] }
        #expect(codes == ["AASA203", "ASL211"], "\(result.stdout)")
    }

    @Test func packageWithoutAssetLinksIsAUsageError() throws {
        #expect(try ToolRunner.run(["lint", "--package", "a.b", Self.sample]).status == 64)
        #expect(try ToolRunner.run(["lint"]).status == 64)
    }
}
