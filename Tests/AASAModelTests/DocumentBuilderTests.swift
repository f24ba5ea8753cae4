import Testing

@testable import AASAModel

/// How the JSON becomes the model: resolution rules, wrong types and their paths.
struct DocumentBuilderTests {
    static func parse(_ text: String) throws -> AASADocument {
        try AASADocument.parse(Array(text.utf8))
    }

    static func details(_ entries: String) -> String {
        "{\"applinks\": {\"details\": [\(entries)]}}"
    }

    @Test(arguments: [
        // (entry, resolved appIDs) per SEMANTICS.md S2.2.
        ("{\"appID\": \"ABCDE12345.a\"}", ["ABCDE12345.a"]),
        ("{\"appIDs\": [\"ABCDE12345.b\", \"ABCDE12345.c\"]}", ["ABCDE12345.b", "ABCDE12345.c"]),
        ("{\"appID\": \"ABCDE12345.a\", \"appIDs\": [\"ABCDE12345.b\"]}", ["ABCDE12345.b"]),
        ("{\"appID\": \"ABCDE12345.a\", \"appIDs\": []}", []),
        ("{\"appID\": \"ABCDE12345.a\", \"appIDs\": \"ABCDE12345.b\"}", ["ABCDE12345.a"]),
        ("{\"appIDs\": {\"x\": 1}}", []),
        ("{}", []),
        ("{\"appIDs\": [\"ABCDE12345.b\", 7]}", ["ABCDE12345.b"]),
    ])
    func appIDsResolution(entry: String, expected: [String]) throws {
        let document = try Self.parse(Self.details(entry))
        #expect(document.applinks?.details.first?.appIDs == expected)
    }

    @Test func componentsAbsentVersusEmpty() throws {
        let document = try Self.parse(
            Self.details(
                "{\"appID\": \"ABCDE12345.a\", \"paths\": [\"/a\"]}, "
                    + "{\"appID\": \"ABCDE12345.a\", \"components\": []}"))
        let entries = try #require(document.applinks?.details)
        #expect(entries[0].components == nil)
        #expect(entries[0].paths == ["/a"])
        #expect(entries[1].components == [])
        #expect(entries[1].paths == nil)
    }

    @Test func componentFieldsAndQueryForms() throws {
        let document = try Self.parse(
            Self.details(
                """
                {"appIDs": ["ABCDE12345.a"], "components": [
                  {"/": "/a/*", "?": "x=1", "#": "top", "exclude": true, "caseSensitive": false,
                   "percentEncoded": false, "comment": "c"},
                  {"?": {"b": "2", "a": "?*"}}
                ]}
                """))
        let components = try #require(document.applinks?.details.first?.components)
        #expect(
            components[0]
                == Component(
                    path: "/a/*", query: .whole("x=1"), fragment: "top", exclude: true,
                    caseSensitive: false, percentEncoded: false, comment: "c"))
        #expect(
            components[1].query
                == .items([
                    QueryItemPattern(name: "b", pattern: "2"),
                    QueryItemPattern(name: "a", pattern: "?*"),
                ]))
        #expect(document.diagnostics.isEmpty)
    }

    @Test func defaultsAtBothLevels() throws {
        let document = try Self.parse(
            """
            {"applinks": {"defaults": {"caseSensitive": false, "/": "/d/*"},
              "details": [{"appIDs": ["ABCDE12345.a"], "defaults": {"percentEncoded": false,
                "exclude": true}, "components": [{"#": "x"}]}]}}
            """)
        let applinks = try #require(document.applinks)
        #expect(applinks.defaults == Component(path: "/d/*", caseSensitive: false))
        #expect(applinks.details.first?.defaults == Component(exclude: true, percentEncoded: false))
    }

    @Test func substitutionVariablesKeepOrder() throws {
        let document = try Self.parse(
            """
            {"applinks": {"details": [], "substitutionVariables": {
              "food": ["pizza", "sushi"], "drink": ["tea"], "bad": "x", "mixed": ["a", 1]}}}
            """)
        #expect(
            document.applinks?.substitutionVariables == [
                SubstitutionVariable(name: "food", values: ["pizza", "sushi"]),
                SubstitutionVariable(name: "drink", values: ["tea"]),
                SubstitutionVariable(name: "mixed", values: ["a"]),
            ])
        #expect(
            document.diagnostics.map(\.path) == [
                "applinks.substitutionVariables.bad", "applinks.substitutionVariables.mixed[1]",
            ])
    }

    @Test func legacyDictionaryKeepsDocumentOrder() throws {
        // Deliberately not in sorted order: the builder must not sort keys.
        let document = try Self.parse(
            """
            {"applinks": {"apps": [], "details": {
              "ZZZZZ11111.last": {"paths": ["/z"]},
              "AAAAA11111.first": {"paths": ["NOT /a", "*"]},
              "MMMMM11111.mid": {"paths": ["/m"]}}}}
            """)
        let entries = try #require(document.applinks?.details)
        #expect(
            entries.map(\.appIDs) == [
                ["ZZZZZ11111.last"], ["AAAAA11111.first"],
                ["MMMMM11111.mid"],
            ])
        #expect(
            entries.map(\.ref) == [
                "details[\"ZZZZZ11111.last\"]",
                "details[\"AAAAA11111.first\"]", "details[\"MMMMM11111.mid\"]",
            ])
        #expect(entries[1].paths == ["NOT /a", "*"])
        #expect(document.diagnostics.map(\.code) == ["AASA106"])
    }

    struct WrongType: Sendable, CustomTestStringConvertible {
        var json: String
        var code: String
        var path: String
        var testDescription: String { path }
    }

    static let wrongTypes: [WrongType] = [
        WrongType(
            json: details("{\"appID\": 5}"), code: "AASA102", path: "applinks.details[0].appID"),
        WrongType(
            json: details("{\"appIDs\": \"ABCDE12345.a\"}"), code: "AASA204",
            path: "applinks.details[0].appIDs"),
        WrongType(
            json: details("{}, {\"appIDs\": [\"ABCDE12345.a\", null]}"), code: "AASA102",
            path: "applinks.details[1].appIDs[1]"),
        WrongType(
            json: details("{\"appIDs\": [], \"components\": [{\"/\": 1}]}"),
            code: "AASA102", path: "applinks.details[0].components[0][\"/\"]"),
        WrongType(
            json: details("{\"appIDs\": [], \"components\": [{}, {\"#\": []}]}"),
            code: "AASA102", path: "applinks.details[0].components[1][\"#\"]"),
        WrongType(
            json: details("{\"appIDs\": [], \"components\": [{\"?\": 3}]}"),
            code: "AASA102", path: "applinks.details[0].components[0][\"?\"]"),
        WrongType(
            json: details(
                "{\"appIDs\": [], \"components\": [{\"?\": {\"a\": \"1\", \"f\": true}}]}"),
            code: "AASA302", path: "applinks.details[0].components[0][\"?\"]"),
        WrongType(
            json: details("{\"appIDs\": [], \"components\": [{\"exclude\": \"yes\"}]}"),
            code: "AASA102", path: "applinks.details[0].components[0].exclude"),
        WrongType(
            json: details("{\"appIDs\": [], \"components\": {}}"), code: "AASA102",
            path: "applinks.details[0].components"),
        WrongType(
            json: details("{\"appIDs\": [], \"paths\": [\"/a\", 2]}"), code: "AASA102",
            path: "applinks.details[0].paths[1]"),
        WrongType(
            json: details("{\"appIDs\": [], \"defaults\": {\"caseSensitive\": 0}}"),
            code: "AASA102", path: "applinks.details[0].defaults.caseSensitive"),
        WrongType(json: details("7"), code: "AASA102", path: "applinks.details[0]"),
        WrongType(json: "{\"applinks\": []}", code: "AASA102", path: "applinks"),
        WrongType(
            json: "{\"applinks\": {\"details\": \"x\"}}", code: "AASA102",
            path: "applinks.details"),
        WrongType(
            json: "{\"applinks\": {\"details\": [], \"defaults\": {\"%\": 1}}}",
            code: "AASA103", path: "applinks.defaults[\"%\"]"),
    ]

    @Test(arguments: wrongTypes)
    func wrongTypesAreReportedAtTheirPath(_ example: WrongType) throws {
        let document = try Self.parse(example.json)
        let found = document.diagnostics.filter { $0.code == example.code }
        #expect(found.map(\.path) == [example.path])
        #expect(found.first?.location != nil)
    }

    @Test func nonStringQueryValueVoidsTheWholeDictionary() throws {
        let document = try Self.parse(
            Self.details(
                "{\"appIDs\": [], \"components\": [{\"/\": \"/x\", "
                    + "\"?\": {\"a\": \"1\", \"f\": true}}]}"
            ))
        let component = try #require(document.applinks?.details.first?.components?.first)
        #expect(component.query == nil)
        #expect(component.path == "/x")
    }

    @Test func unknownKeysAreKeptAsInfo() throws {
        let document = try Self.parse(
            """
            {"applinks": {"details": [{"appIDs": [], "extra": 1,
              "components": [{"/": "/a", "casesensitive": true}]}], "other": 2}, "future": {}}
            """)
        let unknown = document.diagnostics.filter { $0.code == "AASA103" }
        #expect(
            unknown.map(\.path) == [
                "applinks.details[0].extra", "applinks.details[0].components[0].casesensitive",
                "applinks.other", "future",
            ])
        #expect(unknown.allSatisfy { $0.severity == .info })
    }

    @Test func otherServicesInDocumentOrder() throws {
        let document = try Self.parse(
            "{\"appclips\": {}, \"applinks\": {\"details\": []}, \"webcredentials\": {}}")
        #expect(document.otherServices == ["appclips", "webcredentials"])
        let none = try Self.parse("{\"webcredentials\": {\"apps\": []}}")
        #expect(none.applinks == nil)
    }

    @Test func topLevelMustBeAnObject() {
        #expect(throws: AASAParseError.self) { try Self.parse("[{\"applinks\": {}}]") }
    }

    @Test func oversizedFileIsStillParsed() throws {
        let padding = String(repeating: " ", count: AASADocument.sizeLimit)
        let text = Self.details("{\"appID\": \"ABCDE12345.a\", \"paths\": [\"*\"]}") + padding
        let document = try Self.parse(text)
        #expect(document.byteCount == text.utf8.count)
        #expect(document.applinks?.details.first?.paths == ["*"])
        #expect(document.diagnostics.map(\.code) == ["AASA501"])
        let small = try Self.parse(Self.details("") + String(repeating: " ", count: 100_000))
        #expect(small.diagnostics.isEmpty)
    }

    @Test func loadNamesTheFileOnReadErrors() {
        #expect {
            _ = try AASADocument.load(path: "/nonexistent/aasa.json")
        } throws: { error in
            let error = error as? AASAParseError
            return error?.file == "/nonexistent/aasa.json" && error?.message == "no such file"
        }
    }
}
