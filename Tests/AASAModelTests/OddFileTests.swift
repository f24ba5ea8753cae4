import Foundation
import TestSupport
import Testing

@testable import AASAModel

/// The broken real files are refused at the right place with a plain explanation.
/// Every line:column below was checked by hand against the file (and, for the positions where
/// Python's json module reports the same byte, against `python3 -m json.tool`).
@Suite("Broken real AASA files", .needsSharedData("aasa-real"))
struct OddFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { "\(file.prefix(40)) \(line):\(column)" }
    }

    static let cases: [Case] = [
        // "},\n ]": the comma after the last component.
        Case(
            file: "github-5calls-5calls--static--well-known--aasa--vc7a25e48.json",
            line: 16, column: 17, message: "trailing comma before ']'"),
        Case(
            file:
                "github-Blockchain-Powered-eSIM-Kokio-docs--static--well-known--"
                + "aasa--v7f3507f3.json",
            line: 6, column: 33, message: "trailing comma before ']'"),
        Case(
            file: "github-CaptainDario-DaKanji--docs--well-known--aasa--vf31088a4.json",
            line: 10, column: 17, message: "trailing comma before ']'"),
        // "}\n    \"applinks\"": no comma between two top-level members.
        Case(
            file: "github-Dean151-Aln-NodeJs--public--aasa--deleted-e3f996a3.json",
            line: 7, column: 5, message: "missing ',' between object members"),
        // "}],{": an entry that escaped the details array.
        Case(
            file: "github-Illumineering-Padlok-Webapp--public--aasa--v96372614.json",
            line: 1, column: 200, message: "expected a member name in double quotes, found '{'"),
        Case(
            file: "github-UmmahDigital-khitma.net--src--well-known--aasa.json",
            line: 6, column: 18, message: "curly quote U+201C is not a JSON quote"),
        Case(
            file: "github-WhalEmo-TastyMap--src--main--resources--static--well-known--aasa.json",
            line: 8, column: 9, message: "comments are not allowed in JSON"),
        Case(
            file: "github-bryceco-GoMap--src--aasa--v8c477d02.json",
            line: 8, column: 5, message: "unquoted NOT"),
        Case(
            file: "github-canopas-cloud-gallery--docs--well-known--aasa--v18dd66a8.json",
            line: 15, column: 12, message: "trailing comma before ']'"),
        Case(
            file: "github-canopas-cloud-gallery--docs--well-known--aasa--v8b7a57e5.json",
            line: 15, column: 12, message: "trailing comma before ']'"),
        // "\"appIDs: [" runs into the newline: the key's closing quote is missing.
        Case(
            file:
                "github-cardstack-cardstack--packages--web-client--public--well-known--"
                + "aasa--v70501b75.json",
            line: 4, column: 17, message: "control character U+000A inside a string"),
        Case(
            file: "github-fntechgit-badge-print-app--static--aasa.json",
            line: 27, column: 12, message: "trailing comma before '}'"),
        Case(
            file: "github-inkdropapp-top--static--aasa.json",
            line: 4, column: 37, message: "trailing comma before ']'"),
    ]

    @Test func everyBrokenJSONFileHasACase() {
        let listed = Set(Self.cases.map { "odd/" + $0.file })
        #expect(Set(RealAASAFiles.names(in: "odd", ext: "json")) == listed)
    }

    @Test(arguments: cases)
    func refusedAtTheRightPlace(_ odd: Case) {
        let path = RealAASAFiles.path("odd/" + odd.file)
        #expect {
            _ = try AASADocument.load(path: path)
        } throws: { error in
            guard let error = error as? AASAParseError else { return false }
            return error.location.line == odd.line && error.location.column == odd.column
                && error.message == odd.message && error.file == path
                && error.description.hasPrefix("\(path):\(odd.line):\(odd.column): error: ")
        }
    }

    @Test func signedFileIsUnwrapped() throws {
        let name = RealAASAFiles.names(in: "odd", ext: "p7m")
        let file = try #require(name.first)
        let document = try AASADocument.load(path: RealAASAFiles.path(file))
        #expect(document.wasSigned)
        let details = try #require(document.applinks?.details)
        #expect(
            details.map(\.appIDs) == [
                ["23KMWZ572J.net.artsy.artsy"], ["ZH8TGFYKDK.net.artsy.artsy.dev"],
                ["ZH8TGFYKDK.net.artsy.artsy.beta"],
            ])
        #expect(details.map(\.paths) == [["*"], ["*"], ["*"]])
        #expect(document.byteCount == 3159)
        #expect(document.diagnostics.contains { $0.code == "AASA502" })
    }

    @Test func signedFileContentComesFromTheASN1Walk() throws {
        let file = try #require(RealAASAFiles.names(in: "odd", ext: "p7m").first)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RealAASAFiles.path(file))))
        let content = try #require(PKCS7.content(of: bytes))
        // The eContent OCTET STRING is 357 bytes of CRLF JSON ending in "}\r\n".
        #expect(content.count == 357)
        #expect(content.first == UInt8(ascii: "{"))
        #expect(content.suffix(3) == [UInt8(ascii: "}"), 0x0D, 0x0A])
    }
}
