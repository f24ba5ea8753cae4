import Foundation
import TestSupport
import Testing

struct RuleReferenceTests {
    /// Elements of the wrong type are ignored, yet the rules after them keep the file's own
    /// positions in their references.
    @Test func referencesNameFilePositionsWhenElementsAreDropped() throws {
        let folder = try TemporaryFolder()
        let directory = folder.url
        let file = directory.appendingPathComponent("gaps.json")
        try Data(
            #"""
            {"applinks": {"details": [
              7,
              {"appID": "ABCDE12345.a", "components": [5, "x", {"/": "/x"}]},
              {"appID": "ABCDE12345.b", "paths": [1, "/y"]}
            ]}}
            """#.utf8
        ).write(to: file)
        let result = try ToolRunner.run(["match", "--aasa", file.path, "/x", "/y"])
        #expect(
            result.lines == [
                "handled\tABCDE12345.a\tdetails[1].components[2]\t/x",
                "handled\tABCDE12345.b\tdetails[2].paths[1]\t/y",
            ])
    }
}
