import Testing

@testable import AASAModel

/// One row per lint code: a document that must trigger it, at a given path.
struct AASALintTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var code: String
        var json: String
        var path: String
        var testDescription: String { code }
    }

    static func entry(_ body: String) -> String {
        "{\"applinks\": {\"details\": [\(body)]}}"
    }

    static func component(_ body: String) -> String {
        entry("{\"appIDs\": [\"ABCDE12345.a\"], \"components\": [\(body)]}")
    }

    static let rows: [Row] = [
        Row(
            code: "AASA101", json: "{\"applinks\": {\"details\": []}, \"applinks\": {}}",
            path: "applinks"),
        Row(
            code: "AASA101", json: component("{\"/\": \"/a\", \"#\": \"x\", \"/\": \"/b\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        // A large object is checked another way than a small one: same finding.
        Row(
            code: "AASA101",
            json: component(
                "{\"?\": {" + (0..<20).map { "\"k\($0)\": \"v\"" }.joined(separator: ", ")
                    + ", \"k7\": \"w\"}}"),
            path: "applinks.details[0].components[0][\"?\"].k7"),
        Row(
            code: "AASA102", json: component("{\"/\": true}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA103", json: component("{\"/\": \"/a\", \"Exclude\": true}"),
            path: "applinks.details[0].components[0].Exclude"),
        Row(code: "AASA104", json: "{\"webcredentials\": {\"apps\": []}}", path: "(top level)"),
        Row(
            code: "AASA105", json: "{\"applinks\": {\"apps\": [\"x\"], \"details\": []}}",
            path: "applinks.apps"),
        Row(
            code: "AASA106", json: "{\"applinks\": {\"details\": {\"ABCDE12345.a\": {}}}}",
            path: "applinks.details"),
        Row(code: "AASA107", json: "{\"applinks\": {}}", path: "applinks"),
        Row(
            code: "AASA201",
            json: entry("{\"appID\": \"ABCDE12345.a\", \"appIDs\": [\"ABCDE12345.b\"]}"),
            path: "applinks.details[0].appID"),
        Row(
            code: "AASA202", json: entry("{\"appIDs\": [], \"paths\": [\"*\"]}"),
            path: "applinks.details[0].appIDs"),
        Row(
            code: "AASA203", json: entry("{\"appIDs\": [\"ABCDE12345.a\", \"TEAM_ID.BUNDLE_ID\"]}"),
            path: "applinks.details[0].appIDs[1]"),
        Row(
            code: "AASA203", json: entry("{\"appID\": \"abcde12345.a\"}"),
            path: "applinks.details[0].appID"),
        Row(
            code: "AASA203", json: "{\"applinks\": {\"details\": {\"ABCDE12345\": {}}}}",
            path: "applinks.details[\"ABCDE12345\"]"),
        Row(
            code: "AASA204", json: entry("{\"appIDs\": \"ABCDE12345.a\"}"),
            path: "applinks.details[0].appIDs"),
        Row(code: "AASA205", json: entry("{\"paths\": [\"*\"]}"), path: "applinks.details[0]"),
        Row(
            code: "AASA301",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"*\"], \"components\": []}"),
            path: "applinks.details[0].paths"),
        Row(
            code: "AASA302", json: component("{\"?\": {\"id\": 42}}"),
            path: "applinks.details[0].components[0][\"?\"]"),
        Row(
            code: "AASA303", json: component("{\"/\": \"/a/* \"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA303", json: component("{\"?\": {\"q\": \" x\"}}"),
            path: "applinks.details[0].components[0][\"?\"].q"),
        Row(
            code: "AASA303",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"NOT /x\\t\"]}"),
            path: "applinks.details[0].paths[0]"),
        Row(
            code: "AASA304",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"NOT  /x\"]}"),
            path: "applinks.details[0].paths[0]"),
        Row(
            code: "AASA304",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"*\", \"not /x\"]}"),
            path: "applinks.details[0].paths[1]"),
        Row(
            code: "AASA305", json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"components\": []}"),
            path: "applinks.details[0].components"),
        Row(
            code: "AASA306", json: component("{\"/\": \"/a#b\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA306",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"NOT /#\", \"/*\"]}"),
            path: "applinks.details[0].paths[0]"),
        Row(
            code: "AASA306", json: component("{\"/\": \"/caf\u{e9}/*\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA306", json: component("{\"/\": \"/wiki/{id}\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA306", json: component("{\"?\": \"a=1#top\"}"),
            path: "applinks.details[0].components[0][\"?\"]"),
        Row(
            code: "AASA306", json: component("{\"?\": {\"q\": \"a&b\"}}"),
            path: "applinks.details[0].components[0][\"?\"].q"),
        Row(
            code: "AASA306", json: component("{\"?\": {\"a=b\": \"1\"}}"),
            path: "applinks.details[0].components[0][\"?\"][\"a=b\"]"),
        Row(
            code: "AASA306", json: component("{\"#\": \"a b\"}"),
            path: "applinks.details[0].components[0][\"#\"]"),
        Row(
            code: "AASA306",
            json:
                "{\"applinks\": {\"substitutionVariables\": {\"none\": []}, \"details\": "
                + "[{\"appIDs\": [\"ABCDE12345.a\"], \"components\": [{\"/\": \"/$(none)/*\"}]}]}}",
            path: "applinks.details[0].components[0][\"/\"]"),
        // A default pattern is checked where it is written.
        Row(
            code: "AASA306",
            json: entry(
                "{\"appIDs\": [\"ABCDE12345.a\"], \"defaults\": {\"/\": \"/x#y\"}, "
                    + "\"components\": [{}]}"),
            path: "applinks.details[0].defaults[\"/\"]"),
        Row(
            code: "AASA307", json: component("{\"/\": \"/p?x=1\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA307",
            json: entry("{\"appIDs\": [\"ABCDE12345.a\"], \"paths\": [\"/search?q=*\"]}"),
            path: "applinks.details[0].paths[0]"),
        Row(
            code: "AASA401", json: component("{\"#\": \"$(nope)\"}"),
            path: "applinks.details[0].components[0][\"#\"]"),
        Row(
            code: "AASA402",
            json:
                "{\"applinks\": {\"details\": [], "
                + "\"substitutionVariables\": {\"lang\": [\"xx\"]}}}",
            path: "applinks.substitutionVariables.lang"),
        Row(
            code: "AASA403", json: component("{\"/\": \"/$(lang/*\"}"),
            path: "applinks.details[0].components[0][\"/\"]"),
        Row(
            code: "AASA404",
            json:
                "{\"applinks\": {\"details\": [], \"substitutionVariables\": {\"a\": [\"$(b)\"]}}}",
            path: "applinks.substitutionVariables.a[0]"),
        Row(
            code: "AASA404",
            json:
                "{\"applinks\": {\"details\": [], \"substitutionVariables\": {\"a(b)\": [\"x\"]}}}",
            path: "applinks.substitutionVariables[\"a(b)\"]"),
    ]

    @Test(arguments: rows)
    func codeIsReportedAtPath(_ row: Row) throws {
        let document = try AASADocument.parse(Array(row.json.utf8))
        let found = AASALint.lint(document).filter { $0.code == row.code }
        #expect(found.map(\.path) == [row.path])
        #expect(found.allSatisfy { !$0.hint.isEmpty && !$0.message.isEmpty })
    }

    /// Patterns that can match, each near a reason to report: a decoded view holds any
    /// character, `?` is a wildcard when no query follows it, an item read as `""` matches
    /// `*`, a variable with values stands for them.
    @Test(arguments: [
        #"{"/": "/a#b", "percentEncoded": false}"#,
        #"{"/": "/café/*", "percentEncoded": false}"#,
        #"{"?": {"q": "a&b"}, "percentEncoded": false}"#,
        #"{"/": "/id/????"}"#, #"{"/": "/p/?*"}"#, #"{"/": "/a?b/c=d"}"#,
        ##"{"?": {"a=b": "*"}}"##, ##"{"?": "x=1?y=2"}"##, ##"{"#": "?x=%20y"}"##,
        #"{"/": "/wiki/Special%3A*"}"#, #"{"/": "/$(lang)/*"}"#,
    ])
    func reachablePatternsAreNotReported(_ body: String) throws {
        let document = try AASADocument.parse(Array(Self.component(body).utf8))
        let codes = AASALint.lint(document).map(\.code)
        #expect(!codes.contains("AASA306") && !codes.contains("AASA307"), "\(codes)")
    }

    @Test func hintsShowTheComponentMeant() throws {
        let document = try AASADocument.parse(
            Array(Self.component(#"{"/": "/p?x=1&y=*"}, {"/": "/a#b"}"#).utf8))
        let hints = AASALint.lint(document).map(\.hint)
        #expect(hints.contains { $0.contains(#"{"/": "/p", "?": {"x": "1", "y": "*"}}"#) })
        #expect(hints.contains { $0.contains(##"{"/": "/a", "#": "b"}"##) })
    }

    /// Every finding gets the place its path names; a pattern's is where its value starts.
    @Test func diagnosticsAreLocatedAtTheValueTheirPathNames() throws {
        let text = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a"],
              "components": [{"/": "/a"},
                {"/": "/b#c"}]},
              {"appIDs": ["ABCDE12345.b"], "paths": ["/x", "NOT /#"]}]}}
            """
        let bytes = Array(text.utf8)
        let document = try AASADocument.parse(bytes)
        let unlocated = AASALint.lint(document).filter { $0.code == "AASA306" }
        #expect(unlocated.count == 2 && unlocated.allSatisfy { $0.location == nil })
        let located = AASADocument.locating(unlocated, in: bytes)
        #expect(located.map { $0.location?.line } == [3, 4])
        #expect(located.map { $0.location?.column } == [11, 48])
        // A path that names nothing in the file stops at the deepest value it reaches.
        let stray = Diagnostic(
            code: "AASA601", severity: .warning, path: "applinks.details[0].components[9]",
            message: "m", hint: "h")
        #expect(AASADocument.locating([stray], in: bytes).first?.location?.line == 2)
    }

    @Test func sizeAndSigningCodesComeFromTheDocument() {
        let document = AASADocument(
            applinks: AppLinks(details: []), byteCount: 200_000, wasSigned: true,
            diagnostics: [
                Diagnostic(
                    code: "AASA502", severity: .warning, path: "(top level)",
                    message: "signed", hint: "serve JSON")
            ])
        let codes = AASALint.lint(document).map(\.code)
        #expect(codes == ["AASA502"])
    }

    @Test func cleanDocumentHasNoFindings() throws {
        let json = """
            {"applinks": {"substitutionVariables": {"food": ["pizza"]},
              "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
                {"/": "/$(lang)_$(region)/$(food)/*", "?": {"q": "$(digit)*"}},
                {"#": "no_universal_links", "exclude": true}]},
                {"appID": "ABCDE12345.com.example.old", "paths": ["NOT /private/*", "/*"]}]}}
            """
        let document = try AASADocument.parse(Array(json.utf8))
        #expect(AASALint.lint(document).isEmpty)
    }

    @Test func predefinedVariablesAreNeverUndefined() throws {
        for name in ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"] {
            let document = try AASADocument.parse(
                Array(Self.component("{\"/\": \"/$(\(name))\"}").utf8))
            #expect(AASALint.lint(document).isEmpty, "\(name)")
        }
    }

    @Test func catalogueIsCompleteAndUnique() throws {
        let codes = AASALint.catalogue.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes == codes.sorted())
        // The size codes are emitted by the tests of SizeLimitTests.
        let emitted = Set(
            Self.rows.map(\.code) + ["AASA100", "AASA501", "AASA502", "AASA503", "AASA504"])
        #expect(emitted == Set(codes))
        #expect(AASALint.catalogue.first { $0.code == AASAParseError.code }?.severity == .error)
        for row in Self.rows {
            let rule = try #require(AASALint.catalogue.first { $0.code == row.code })
            let document = try AASADocument.parse(Array(row.json.utf8))
            let found = AASALint.lint(document).filter { $0.code == row.code }
            #expect(found.allSatisfy { $0.severity == rule.severity }, "\(row.code)")
        }
    }
}
