import AASAModel
import AndroidLinks
import Testing

/// Reading `assetlinks.json` (docs/android-semantics.md A6.3, A7.1, A11 Q4).
struct AssetLinksParsingTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func parse(_ text: String) throws -> AssetLinks {
        try AssetLinks(parsing: Array(text.utf8), file: "assetlinks.json")
    }

    @Test func readsStatementsTargetsAndDynamicRules() throws {
        let links = try Self.parse(
            """
            [{
              "relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.shop",
                         "sha256_cert_fingerprints": ["\(Self.fingerprint)"]},
              "relation_extensions": {
                "delegate_permission/common.handle_all_urls": {
                  "dynamic_app_link_components": [
                    {"?": {"dl": "*", "in_app": "true"}},
                    {"#": "app"},
                    {"/": "/products/*", "comments": "catalogue"},
                    {"/": "*", "exclude": true}
                  ]
                }
              }
            },
            {"relation": ["delegate_permission/common.get_login_creds"],
             "target": {"namespace": "web", "site": "https://example.com"}},
            {"include": "https://example.com/more.json"}]
            """)
        // The include is noted (not followed); nothing else is wrong.
        #expect(links.diagnostics.map(\.kind.code) == ["ASL211"])
        #expect(links.statements.map(\.index) == [0, 1, 2])
        let first = links.statements[0]
        #expect(first.relations == [AssetLinks.handleAllURLs])
        #expect(
            first.target
                == .androidApp(packageName: "com.example.shop", fingerprints: [Self.fingerprint]))
        #expect(first.location.line == 1)
        let rules = try #require(first.dynamicComponents)
        #expect(rules.map(\.index) == [0, 1, 2, 3])
        #expect(rules[0].query?.map(\.name) == ["dl", "in_app"])
        #expect(rules[0].query?.map(\.value) == ["*", "true"])
        #expect(rules[0].path == nil && rules[0].fragment == nil && !rules[0].exclude)
        #expect(rules[1].fragment == "app")
        #expect(rules[2].path == "/products/*" && rules[2].comments == "catalogue")
        #expect(rules[3].path == "*" && rules[3].exclude)
        #expect(rules[3].location.line == 11)
        #expect(links.statements[1].target == .web(site: "https://example.com"))
        #expect(links.statements[1].dynamicComponents == nil)
        #expect(links.statements[2].include == "https://example.com/more.json")
        #expect(links.statements[2].target == nil)
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    /// Anything but one JSON array is an error with the file and position.
    @Test(arguments: [
        ErrorCase(text: "", line: 1, column: 1, message: "the file is empty"),
        ErrorCase(
            text: "{\"relation\": []}", line: 1, column: 1,
            message: "the top level is an object, not an array"),
        ErrorCase(
            text: "[\n  {\"a\": 1,}\n]", line: 2, column: 10, message: "trailing comma before '}'"),
    ])
    func notAStatementList(_ item: ErrorCase) throws {
        do {
            _ = try Self.parse(item.text)
            Issue.record("parsed")
        } catch let error as AASAParseError {
            #expect(error.file == "assetlinks.json")
            #expect(error.location.line == item.line)
            #expect(error.location.column == item.column)
            #expect(error.message == item.message)
            #expect(
                error.description.hasPrefix("assetlinks.json:\(item.line):\(item.column): error: "))
        }
    }

    struct DiagnosticCase: Sendable, CustomTestStringConvertible {
        var statement: String
        var severity: AssetLinksDiagnostic.Severity
        var path: String
        var message: String
        var testDescription: String { message }
    }

    static let target =
        #""target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["\#(fingerprint)"]}"#
    static let relation = #""relation": ["delegate_permission/common.handle_all_urls"]"#

    static let rulesPath =
        "[0].relation_extensions[\"delegate_permission/common.handle_all_urls\"]"
        + ".dynamic_app_link_components"

    static func rules(_ list: String) -> String {
        #"{\#(relation), \#(target), "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(list)}}}"#
    }

    /// `include` is read by `optString`: any value but an empty string makes the statement an
    /// include, its target ignored.
    @Test func includeOfAnyValueEndsTheStatement() throws {
        for include in ["true", #"["x"]"#, #"{"a": "b"}"#] {
            let links = try Self.parse(
                "[{\"include\": \(include), \(Self.relation), \(Self.target)}]")
            let statement = try #require(links.statements.first)
            #expect(statement.include != nil, "\(include)")
            #expect(statement.target == nil, "\(include)")
            #expect(links.diagnostics.map(\.kind.code) == ["ASL211"])
        }
        let empty = try Self.parse("[{\"include\": \"\", \(Self.relation), \(Self.target)}]")
        #expect(empty.statements.first?.include == nil)
        #expect(empty.statements.first?.target != nil)
    }

    /// What Android rejects (error) or ignores (warning), one case each.
    @Test(arguments: [
        DiagnosticCase(
            statement: "\"text\"", severity: .error, path: "[0]",
            message: "a statement is a string, not an object; Android's reader fails the whole file"
        ),
        DiagnosticCase(
            statement: #"{\#(relation), \#(target), "version": 2}"#, severity: .error,
            path: "[0][\"version\"]",
            message:
                "a number inside a statement; Android's reader takes only objects, arrays, strings and booleans, and fails the whole file"
        ),
        DiagnosticCase(
            statement: #"{"relation": ["Delegate/x"], \#(target)}"#, severity: .error,
            path: "[0].relation[0]",
            message:
                "relation \"Delegate/x\" is not kind/detail in [a-z0-9_.]; Android's reader fails the whole file"
        ),
        DiagnosticCase(
            statement: #"{\#(relation)}"#, severity: .warning, path: "[0]",
            message: "the statement has no target; Android skips it"),
        // AOSP checks the target, then the relation, before it reads either: a statement it
        // skips fails nothing, whatever else is wrong in it.
        DiagnosticCase(
            statement: #"{"relation": ["Bad Relation"]}"#, severity: .warning, path: "[0]",
            message: "the statement has no target; Android skips it"),
        DiagnosticCase(
            statement: #"{"relation": "x", "target": {"namespace": "ios_app"}}"#,
            severity: .warning, path: "[0].relation",
            message: "relation is a string, not an array; Android skips the statement"),
        DiagnosticCase(
            statement: #"{"relation": [{"a": "b"}], \#(target)}"#, severity: .error,
            path: "[0].relation[0]",
            message:
                "a relation is an object, which Android reads as its JSON text: no relation, so Android's reader fails the whole file"
        ),
        DiagnosticCase(
            statement: #"{\#(relation), "target": {"namespace": "ios_app"}}"#, severity: .error,
            path: "[0].target.namespace",
            message:
                "namespace \"ios_app\" is neither android_app nor web; Android's reader fails the whole file"
        ),
        DiagnosticCase(
            statement:
                #"{\#(relation), "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["14:6d:e9"]}}"#,
            severity: .warning, path: "[0].target.sha256_cert_fingerprints[0]",
            message:
                "\"14:6d:e9\" is not 32 upper-case hex bytes joined by colons (AA:BB:...); Android compares fingerprints exactly, so it matches no app"
        ),
        DiagnosticCase(
            statement: rules(#"[{"/": "/a"}, "/b"]"#), severity: .warning,
            path:
                rulesPath + "[1]",
            message:
                "a rule is a string, not an object; Android discards the dynamic rules and uses the manifest alone"
        ),
        DiagnosticCase(
            statement: rules(#"[{"?": {"q": true}}]"#), severity: .warning,
            path:
                rulesPath + "[0][\"?\"][\"q\"]",
            message:
                "the value is a boolean, not a string; Android discards the dynamic rules and uses the manifest alone"
        ),
        DiagnosticCase(
            statement: rules(#"[{"/": "/a", "caseSensitive": false}]"#), severity: .warning,
            path:
                rulesPath + "[0][\"caseSensitive\"]",
            message: "caseSensitive is an iOS key; Android has no such option and ignores it"),
        DiagnosticCase(
            statement: rules(#"[{"exclude": true}]"#), severity: .warning,
            path:
                rulesPath + "[0]",
            message: "the rule has none of /, ?, #; it never matches"),
    ])
    func diagnostics(_ item: DiagnosticCase) throws {
        let links = try Self.parse("[\(item.statement)]")
        let diagnostic = try #require(links.diagnostics.first)
        #expect(links.diagnostics.count == 1)
        #expect(diagnostic.severity == item.severity)
        #expect(diagnostic.path == item.path)
        #expect(diagnostic.message == item.message)
        #expect(diagnostic.location.line == 1)
    }

    /// Malformed dynamic rules are discarded as a whole (A7.4); the statement still verifies.
    @Test func malformedRulesAreDiscardedNotTheStatement() throws {
        let links = try Self.parse("[\(Self.rules(#"[{"/": "/a"}, {"/": 5}]"#))]")
        let statement = try #require(links.statements.first)
        #expect(statement.dynamicComponents == nil)
        #expect(statement.target != nil)
        #expect(statement.relations == [AssetLinks.handleAllURLs])
        // The number is noted twice: Android's own reader fails on it, the docs discard the rules.
        #expect(links.diagnostics.map(\.severity) == [.error, .warning])
    }

    @Test func repeatedDynamicRulesForOneAppAreNoted() throws {
        let links = try Self.parse(
            "[\(Self.rules(#"[{"/": "/a"}]"#)), \(Self.rules(#"[{"/": "/b"}]"#))]")
        #expect(links.statements.count == 2)
        #expect(links.diagnostics.count == 1)
        #expect(links.diagnostics.first?.path == "[1]")
        #expect(
            links.diagnostics.first?.message
                == "another statement for a.b already has dynamic rules; Android does not guarantee which it uses"
        )
    }

    /// A byte order mark is read past, and noted: AOSP's reader fails the file on it.
    @Test func byteOrderMarkIsReadPastAndNoted() throws {
        let links = try AssetLinks(
            parsing: [0xEF, 0xBB, 0xBF] + Array("[{\(Self.relation), \(Self.target)}]".utf8))
        #expect(links.statements.count == 1)
        #expect(links.diagnostics.map(\.kind.code) == ["ASL104"])
        #expect(links.diagnostics.first?.severity == .error)
        #expect(try AssetLinks(parsing: Array("[]".utf8)).diagnostics.isEmpty)
    }
}
