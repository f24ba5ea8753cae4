import Foundation
import TestSupport
import Testing

/// `lint`'s lines against its JSON lines for the same files: each diagnostic's file, place,
/// severity, code, path and message in both, in the same order.
struct LintRenderersTests {
    @Test func linesShowTheFieldsOfTheJSONLines() throws {
        let folder = try TemporaryFolder()
        // A legacy key (info), an app ID of the wrong form (error), a shadowed rule and an
        // exclusion that changes nothing: diagnostics of every severity, with places.
        let file = try folder.write(
            "aasa.json",
            #"""
            {"applinks": {"apps": [], "details": [
              {"appID": "not-an-app-id", "paths": ["/a/*"]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [
                {"/": "/shop/*"}, {"/": "/shop/sale"}, {"/": "/never", "exclude": true}]}]}}
            """#)
        let arguments = [
            "lint", "--fail-on", "never", file, PackagePaths.bundledData("sample.aasa.json"),
        ]
        let json = try ToolRunner.run(arguments + ["--json"])
        let text = try ToolRunner.run(arguments)
        #expect(json.status == 0 && text.status == 0, "\(text.stderr)")
        let objects = try json.lines.map { line in
            try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(objects.count >= 4)
        #expect(Set(objects.compactMap { $0["severity"] as? String }).count >= 2)
        #expect(text.lines.count == objects.count)
        for (line, object) in zip(text.lines, objects) {
            let place = [object["line"], object["column"]].compactMap { $0 as? Int }
            let location = place.count == 2 ? "\(place[0]):\(place[1]):" : ""
            let head =
                "\(object["file"] as? String ?? "?"):\(location) "
                + "\(object["severity"] as? String ?? "?") \(object["code"] as? String ?? "?") "
                + "\(object["path"] as? String ?? "?"): \(object["message"] as? String ?? "?")"
            #expect(line.hasPrefix(head), "\(line)")
            #expect(line.hasSuffix("(hint: \(object["hint"] as? String ?? "?"))"), "\(line)")
        }
    }
}
