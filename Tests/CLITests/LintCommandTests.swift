import Foundation
import TestSupport
import Testing

struct LintCommandTests {
    @Test func lintReportsCodesAndGates() throws {
        let folder = try TemporaryFolder()
        let directory = folder.url
        let file = directory.appendingPathComponent("apple-app-site-association")
        try Data(
            #"""
            {"applinks": {"details": [
              {"appID": "ABCDE12345.a", "appIDs": ["ABCDE12345.b", "bad"], "paths": ["/x"],
               "components": [{"/": " /buy/*", "?": {"a": 1}}, {"/": "/$(nope)"}]}
            ]}}
            """#.utf8
        ).write(to: file)
        let result = try ToolRunner.run(["lint", file.path])
        for code in ["AASA201", "AASA203", "AASA301", "AASA302", "AASA303", "AASA401"] {
            #expect(result.stdout.contains(code), "missing \(code)")
        }
        #expect(result.status == 0, "warnings do not fail the default gate")
        #expect(try ToolRunner.run(["lint", "--fail-on", "warning", file.path]).status == 1)
        let json = try ToolRunner.run(["lint", "--json", file.path])
        for line in json.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["code"] is String)
            #expect(object?["path"] is String)
        }
    }

    /// Every finding, those proven on the compiled rules too, points at a line and column:
    /// the rule's place in the file, or its pattern's.
    @Test func everyFindingHasALineAndAColumn() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("aasa.json")
        try Data(
            ##"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [
              {"/": "/*/edit"},
              {"/": "/a#b"},
              {"#": "no_universal_links", "exclude": true},
              {"/": "/x"}, {"/": "/x"}]}]}}
            """##.utf8
        ).write(to: file)
        let result = try ToolRunner.run(["lint", "--json", file.path])
        var found: [String: (Int, Int)] = [:]
        for line in result.lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let code = try #require(object["code"] as? String)
            found[code] = (object["line"] as? Int ?? -1, object["column"] as? Int ?? -1)
        }
        #expect(found["AASA606"].map { $0 == (2, 3) } == true, "\(found)")
        #expect(found["AASA306"].map { $0 == (3, 9) } == true, "\(found)")
        #expect(found["AASA603"].map { $0 == (5, 16) } == true, "\(found)")
        #expect(found.values.allSatisfy { $0.0 > 0 && $0.1 > 0 })
    }

    @Test(.needsSharedData())
    func everyOddFileGivesAClearErrorAndNoCrash() throws {
        let odd = SharedData.root.appendingPathComponent("aasa-real/odd")
        let files = try FileManager.default.contentsOfDirectory(atPath: odd.path).sorted()
        #expect(files.count >= 14)
        for name in files {
            let path = odd.appendingPathComponent(name).path
            let lint = try ToolRunner.run(["lint", path])
            let match = try ToolRunner.run(["match", "--aasa", path, "/x"])
            if name.hasSuffix(".p7m") {
                #expect(lint.stdout.contains("AASA502"))
                #expect(match.status == 0)
                #expect(match.stderr.contains("NOT verified"))
            } else {
                #expect(lint.status == 2, "\(name)")
                #expect(match.status == 2, "\(name)")
                #expect(match.stderr.contains(name), "\(name): \(match.stderr)")
                #expect(
                    match.stderr.range(of: #":\d+:\d+: error: "#, options: .regularExpression)
                        != nil)
            }
        }
    }
}
