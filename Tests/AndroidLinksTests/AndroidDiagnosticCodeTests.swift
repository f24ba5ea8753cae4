import AASAModel
import AndroidLinks
import Foundation
import TestSupport
import Testing

/// Each `ASL` code of `lint --assetlinks`, triggered alone by a small file (docs/android.md).
struct AndroidDiagnosticCodeTests {
    static let fingerprint = AssetLinksParsingTests.fingerprint
    static let relation = AssetLinksParsingTests.relation
    static let target = AssetLinksParsingTests.target

    static func rules(_ list: String) -> String { AssetLinksParsingTests.rules(list) }

    struct Case: Sendable, CustomTestStringConvertible {
        var code: String
        var statements: String
        var packageName: String? = nil
        var testDescription: String { code }
    }

    static let cases: [Case] = [
        Case(code: "ASL102", statements: #""text""#),
        Case(code: "ASL103", statements: #"{\#(relation), \#(target), "version": 2}"#),
        Case(code: "ASL201", statements: #"{\#(target)}"#),
        Case(code: "ASL202", statements: #"{"relation": ["Delegate/x"], \#(target)}"#),
        Case(
            code: "ASL203",
            statements: #"{"relation": ["delegate_permission/common.get_login_creds"], \#(target)}"#
        ),
        Case(code: "ASL204", statements: #"{\#(relation)}"#),
        Case(code: "ASL205", statements: #"{\#(relation), "target": {"namespace": "ios_app"}}"#),
        Case(
            code: "ASL206",
            statements:
                #"{\#(relation), "target": {"namespace": "android_app", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
        ),
        Case(code: "ASL207", statements: target(package: "shop", fingerprint: fingerprint)),
        Case(
            code: "ASL208",
            statements:
                #"{\#(relation), "target": {"namespace": "android_app", "package_name": "a.b"}}"#),
        Case(code: "ASL209", statements: target(package: "a.b", fingerprint: "14:6D:E9")),
        Case(
            code: "ASL210",
            statements: target(package: "a.b", fingerprint: fingerprint.lowercased())
        ),
        Case(code: "ASL211", statements: #"{"include": "https://example.com/more.json"}"#),
        Case(code: "ASL212", statements: #"{\#(relation), \#(target)}"#, packageName: "a.c"),
        Case(
            code: "ASL301",
            statements: #"{\#(relation), \#(target), "relation_extensions": []}"#),
        Case(code: "ASL302", statements: rules("{}")),
        Case(code: "ASL303", statements: rules(#"["/a"]"#)),
        Case(code: "ASL304", statements: rules(##"[{"#": true}]"##)),
        Case(code: "ASL305", statements: rules(#"[{"?": "x=1"}]"#)),
        Case(code: "ASL306", statements: rules(#"[{"/": "/a", "exclude": "yes"}]"#)),
        Case(code: "ASL307", statements: rules(#"[{"/": "/a", "path": "/b"}]"#)),
        Case(code: "ASL308", statements: rules(#"[{"/": "/a", "percentEncoded": false}]"#)),
        Case(code: "ASL309", statements: rules(#"[{"?": {}, "exclude": true}]"#)),
        Case(code: "ASL310", statements: rules(#"[{"/": "products/*"}]"#)),
        Case(code: "ASL311", statements: rules(#"[{"/": "/*"}, {"/": "/a"}]"#)),
        Case(
            code: "ASL312",
            statements:
                #"{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://example.com"}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/a"}]}}}"#
        ),
        Case(
            code: "ASL313", statements: rules(#"[{"/": "/a"}]"#) + ", " + rules(#"[{"/": "/b"}]"#)),
    ]

    static func target(package: String, fingerprint: String) -> String {
        #"{\#(relation), "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
    }

    @Test(arguments: cases)
    func eachCodeAlone(_ item: Case) throws {
        let links = try AssetLinks(parsing: Array("[\(item.statements)]".utf8))
        let found = links.lintDiagnostics(packageName: item.packageName)
        #expect(found.map(\.code) == [item.code])
        let row = try #require(AndroidDiagnosticCode.named(item.code))
        #expect(found.first?.severity == row.severity)
        #expect(found.first?.hint == row.fix)
        #expect(found.first.map { $0.location != nil } == true)
    }

    @Test func notAnArrayIsASL100() throws {
        #expect(throws: AASAParseError.self) { try AssetLinks(parsing: Array("{}".utf8)) }
        do {
            _ = try AssetLinks(parsing: Array("{}".utf8))
        } catch {
            #expect(error.code == "ASL100")
        }
        do {
            _ = try AssetLinks(parsing: Array("[1,".utf8))
        } catch {
            #expect(error.code == "ASL100")
        }
    }

    @Test func overOneMebibyteIsASL101() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "assetlinks.json", "[" + String(repeating: " ", count: AssetLinks.maxFileSize) + "]")
        do {
            _ = try AssetLinks.load(path: path)
            Issue.record("read a file over the limit")
        } catch {
            #expect(error.code == "ASL101")
        }
    }

    /// Every row of the table is triggered by a case here; codes are unique and in order.
    @Test func everyCodeHasACase() {
        let codes = AndroidDiagnosticCode.all.map(\.code)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.hasPrefix("ASL") })
        // ASL100 and ASL101 are errors of the whole file, ASL104 its first bytes: each has a
        // test of its own.
        #expect(Set(codes) == Set(Self.cases.map(\.code) + ["ASL100", "ASL101", "ASL104"]))
        #expect(AndroidDiagnosticCode.all.allSatisfy { !$0.summary.isEmpty && !$0.fix.isEmpty })
        #expect(AndroidDiagnosticCode.named("ASL999") == nil)
    }

    @Test func theSampleFileHasNoFinding() throws {
        let links = try AssetLinks.load(
            path: PackagePaths.bundledData("android/example.com.assetlinks.json"))
        #expect(links.lintDiagnostics(packageName: "com.example.shop") == [])
        #expect(links.lintDiagnostics(packageName: "com.example.shop.beta") == [])
        #expect(links.lintDiagnostics(packageName: nil) == [])
    }

    /// docs/android.md lists every code with its severity.
    @Test func theDocumentationListsEveryCode() throws {
        let text = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/android.md"), encoding: .utf8
        )
        for row in AndroidDiagnosticCode.all {
            #expect(text.contains("| `\(row.code)` | \(row.severity.rawValue) |"), "\(row.code)")
        }
    }
}
