import Foundation
import TestSupport
import Testing

@testable import AASAModel

/// Rules added to a file: every other byte stays, the file still reads (and lints) clean, the
/// new rules are where they were asked to go, and the added text looks like its neighbours.
struct AddingRulesTests {
    static let rule = NewRule.component([.init("/", .string("/new/*"))])
    static let flagged = NewRule.component([
        .init("/", .string("/new/*")), .init("exclude", .bool(false)),
    ])

    func adding(_ rules: [NewRule], _ destination: RuleDestination, to text: String) throws
        -> String
    {
        String(
            decoding: try AASADocument.addingRules(rules, at: destination, to: Array(text.utf8)),
            as: UTF8.self)
    }

    @Test func prettyFileKeepsItsIndentation() throws {
        let file = """
            {
                "applinks": {
                    "details": [
                        {
                            "appIDs": ["A.b"],
                            "components": [
                                {
                                    "/": "/a/*"
                                }
                            ]
                        }
                    ]
                }
            }

            """
        let expected = """
            {
                "applinks": {
                    "details": [
                        {
                            "appIDs": ["A.b"],
                            "components": [
                                {
                                    "/": "/a/*"
                                },
                                {
                                    "/": "/new/*",
                                    "exclude": false
                                }
                            ]
                        }
                    ]
                }
            }

            """
        #expect(try adding([Self.flagged], .entry(0), to: file) == expected)
    }

    @Test func oneLineComponentsStayOnOneLine() throws {
        let file = """
            {"applinks": {"details": [
              {"appIDs": ["A.b"], "components": [
                {"/": "/a/*", "comment": "x"},
                {"/": "/b"}
              ]}
            ]}}
            """
        let expected = """
            {"applinks": {"details": [
              {"appIDs": ["A.b"], "components": [
                {"/": "/a/*", "comment": "x"},
                {"/": "/b"},
                {"/": "/new/*", "exclude": false},
                {"/": "/new/*"}
              ]}
            ]}}
            """
        #expect(try adding([Self.flagged, Self.rule], .entry(0), to: file) == expected)
    }

    @Test func minifiedFileStaysMinified() throws {
        let file = #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/a"}]}]}}"#
        let expected =
            #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/a"},{"/":"/new/*","exclude":false}]}]}}"#
        #expect(try adding([Self.flagged], .entry(0), to: file) == expected)
    }

    @Test func tabsAndCRLFAreKept() throws {
        let file =
            "{\r\n\t\"applinks\": {\r\n\t\t\"details\": [\r\n\t\t\t{\r\n\t\t\t\t\"appIDs\": [\"A.b\"],\r\n\t\t\t\t\"components\": []\r\n\t\t\t}\r\n\t\t]\r\n\t}\r\n}\r\n"
        let expected =
            "{\r\n\t\"applinks\": {\r\n\t\t\"details\": [\r\n\t\t\t{\r\n\t\t\t\t\"appIDs\": [\"A.b\"],\r\n\t\t\t\t\"components\": [\r\n\t\t\t\t\t{\"/\": \"/new/*\"}\r\n\t\t\t\t]\r\n\t\t\t}\r\n\t\t]\r\n\t}\r\n}\r\n"
        #expect(try adding([Self.rule], .entry(0), to: file) == expected)
    }

    @Test func legacyPathsGetStrings() throws {
        let file = #"{"applinks": {"details": [{"appID": "A.b", "paths": ["NOT /a/x", "/a/*"]}]}}"#
        let expected =
            #"{"applinks": {"details": [{"appID": "A.b", "paths": ["NOT /a/x", "/a/*", "/new/*"]}]}}"#
        #expect(try adding([.path("/new/*")], .entry(0), to: file) == expected)
        // Component rules would make devices ignore the paths (SEMANTICS.md S2.4).
        #expect(throws: AASAParseError.self) { try adding([Self.rule], .entry(0), to: file) }
    }

    @Test func anEntryWithoutRulesGetsComponents() throws {
        let file = """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["A.b"]
                  }
                ]
              }
            }
            """
        let expected = """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["A.b"],
                    "components": [
                      {"/": "/new/*"}
                    ]
                  }
                ]
              }
            }
            """
        #expect(try adding([Self.rule], .entry(0), to: file) == expected)
    }

    @Test func aNewEntryGoesLast() throws {
        let file = """
            {
              "applinks": {
                "details": [
                  {"appIDs": ["A.b"], "components": [{"/": "/a"}]}
                ]
              }
            }
            """
        let expected = """
            {
              "applinks": {
                "details": [
                  {"appIDs": ["A.b"], "components": [{"/": "/a"}]},
                  {
                    "appIDs": ["C.d"],
                    "components": [
                      {"/": "/new/*"}
                    ]
                  }
                ]
              }
            }
            """
        #expect(try adding([Self.rule], .newEntry(appID: "C.d"), to: file) == expected)
    }

    @Test func aFileWithoutApplinksGetsThem() throws {
        let file = "{\n  \"webcredentials\": {\"apps\": [\"A.b\"]}\n}\n"
        let edited = try adding([Self.rule], .newEntry(appID: "C.d"), to: file)
        #expect(
            edited.hasPrefix("{\n  \"webcredentials\": {\"apps\": [\"A.b\"]},\n  \"applinks\": {"))
        let document = try AASADocument.parse(Array(edited.utf8))
        #expect(document.applinks?.details.map(\.appIDs) == [["C.d"]])
        #expect(document.applinks?.details.first?.components?.first?.path == "/new/*")
        let empty = try adding([Self.rule], .newEntry(appID: "C.d"), to: "{}")
        #expect(
            empty
                == #"{"applinks": {"details": [{"appIDs": ["C.d"], "components": [{"/": "/new/*"}]}]}}"#
        )
    }

    @Test func theLegacyDictionaryGetsAMember() throws {
        let file = #"{"applinks": {"apps": [], "details": {"A.b": {"paths": ["/a/*"]}}}}"#
        let edited = try adding([Self.rule], .newEntry(appID: "C.d"), to: file)
        let document = try AASADocument.parse(Array(edited.utf8))
        #expect(document.applinks?.details.map(\.ref) == ["details[\"A.b\"]", "details[\"C.d\"]"])
        let onExisting = try adding([.path("/new/*")], .entry(0), to: file)
        #expect(onExisting.contains(#"["/a/*", "/new/*"]"#))
    }

    @Test func entriesAreNumberedAsTheDocumentNumbersThem() throws {
        // The second element is not an object: the document skips it, so entry 1 is the third.
        let file =
            #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": []}, 7, {"appIDs": ["C.d"], "components": [{"/": "/c"}]}]}}"#
        let edited = try adding([Self.rule], .entry(1), to: file)
        let document = try AASADocument.parse(Array(edited.utf8))
        #expect(document.applinks?.details[1].components?.map(\.path) == ["/c", "/new/*"])
        #expect(document.applinks?.details[0].components?.isEmpty == true)
    }

    @Test func stringsAreEscapedAndTheByteOrderMarkKept() throws {
        let file =
            "\u{FEFF}{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.b\"], \"components\": [{\"/\": \"/a\"}]}]}}"
        let rule = NewRule.component([.init("/", .string("/q\"uote\\back/\u{1}/é"))])
        let edited = try AASADocument.addingRules([rule], at: .entry(0), to: Array(file.utf8))
        #expect(edited.starts(with: [0xEF, 0xBB, 0xBF]))
        let document = try AASADocument.parse(edited)
        #expect(document.applinks?.details[0].components?.last?.path == "/q\"uote\\back/\u{1}/é")
        #expect(document.diagnostics.isEmpty)
    }

    @Test func impossiblePlacesAreRefused() {
        #expect(throws: AASAParseError.self) {
            try adding([Self.rule], .entry(3), to: #"{"applinks": {"details": []}}"#)
        }
        #expect(throws: AASAParseError.self) {
            try adding(
                [Self.rule], .entry(0),
                to: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": {}}]}}"#)
        }
        #expect(throws: AASAParseError.self) {
            try adding([Self.rule], .newEntry(appID: "C.d"), to: #"{"applinks": {"details": 3}}"#)
        }
        #expect(throws: AASAParseError.self) {
            try adding(
                [Self.rule, .path("/x")], .entry(0),
                to: #"{"applinks": {"details": [{"appIDs": ["A.b"]}]}}"#)
        }
    }

    /// Every real file: a rule added to every entry that names apps, and a new entry; the rest
    /// of the file is byte for byte the same, it still parses with no new diagnostic, and its
    /// rules are the old ones plus the new one, at the end of that entry.
    @Test(.needsSharedData("aasa-real"))
    func everyRealFileTakesARuleAnywhere() throws {
        let names =
            RealAASAFiles.names(in: nil, ext: "json")
            + RealAASAFiles.names(in: "history", ext: "json")
        var edits = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RealAASAFiles.path(name))))
            let document = try AASADocument.parse(bytes)
            let details = document.applinks?.details ?? []
            var destinations: [RuleDestination] = [.newEntry(appID: "ZZZZZ99999.com.example.added")]
            destinations += details.indices.filter { !details[$0].appIDs.isEmpty }.map {
                .entry($0)
            }
            for destination in destinations {
                var usesPaths = false
                if case .entry(let index) = destination {
                    usesPaths = details[index].components == nil && details[index].paths != nil
                }
                let rule: NewRule = usesPaths ? .path("/zz-added/*") : Self.rule
                let edited = try AASADocument.addingRules([rule], at: destination, to: bytes)
                let after = try AASADocument.parse(edited)
                // No new diagnostic (one may go: a file without details has some now).
                let before = Dictionary(
                    document.diagnostics.map { ($0.code, 1) }, uniquingKeysWith: +)
                let now = Dictionary(after.diagnostics.map { ($0.code, 1) }, uniquingKeysWith: +)
                for (code, count) in now where code != "AASA501" {
                    #expect(count <= before[code, default: 0], "\(name) \(destination): \(code)")
                }
                // Only added bytes: what precedes and follows the insertion is unchanged.
                let prefix = zip(bytes, edited).prefix { $0 == $1 }.count
                let suffix = zip(bytes.reversed(), edited.reversed()).prefix { $0 == $1 }.count
                #expect(prefix + suffix >= bytes.count, "\(name) \(destination)")
                let old = oldRules(document)
                let new = oldRules(after)
                let entry: Int
                switch destination {
                case .entry(let index): entry = index
                case .newEntry: entry = details.count
                }
                let added = new.enumerated().filter { offset, rule in
                    !old.contains(rule)
                }
                #expect(added.count == 1, "\(name) \(destination)")
                #expect(added.first?.element.entry == entry, "\(name) \(destination)")
                #expect(
                    added.first?.element.path == "/zz-added/*"
                        || added.first?.element.path == "/new/*")
                edits += 1
            }
        }
        #expect(edits > 200)
    }

    /// The rules of a document as (entry, position, pattern) triples.
    private func oldRules(_ document: AASADocument) -> [RuleKey] {
        var keys: [RuleKey] = []
        for (entry, details) in (document.applinks?.details ?? []).enumerated() {
            if let components = details.components {
                for (position, component) in components.enumerated() {
                    keys.append(
                        RuleKey(
                            entry: entry, position: position, path: component.path ?? "",
                            exclude: component.exclude))
                }
            } else {
                for (position, path) in (details.paths ?? []).enumerated() {
                    keys.append(RuleKey(entry: entry, position: position, path: path, exclude: nil))
                }
            }
        }
        return keys
    }

    struct RuleKey: Equatable {
        var entry: Int
        var position: Int
        var path: String
        var exclude: Bool?
    }
}
