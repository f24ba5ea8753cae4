import Foundation
import TestSupport
import Testing

@testable import AASAModel

/// Files far beyond what devices accept: each is read up to a stated limit and refused with
/// `AASA503` past it, so parsing never takes unbounded memory.
struct SizeLimitTests {
    static func temporaryFile(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> URL {
        URL(fileURLWithPath: try folder.write("aasa.json", bytes))
    }

    /// `{"comment": "xxx..."}` of exactly `size` bytes.
    static func document(ofSize size: Int) -> [UInt8] {
        let head = Array(#"{"applinks": {"details": []}, "comment": ""#.utf8)
        let tail = Array(#""}"#.utf8)
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - tail.count)
            + tail
    }

    @Test func aFileAtTheLimitIsRead() throws {
        let document = try AASADocument.parse(Self.document(ofSize: AASADocument.maxFileSize))
        #expect(document.diagnostics.map(\.code).contains("AASA501"))
    }

    @Test func aLargerFileIsRefusedBeforeItIsParsed() throws {
        let bytes = Self.document(ofSize: AASADocument.maxFileSize + 1)
        #expect {
            _ = try AASADocument.parse(bytes)
        } throws: { error in
            let error = error as? AASAParseError
            return error?.code == "AASA503" && error?.message.contains("larger than 16 MiB") == true
        }
        let temporary = try TemporaryFolder()
        let file = try Self.temporaryFile(bytes, in: temporary)
        #expect {
            _ = try AASADocument.load(path: file.path)
        } throws: { error in
            let error = error as? AASAParseError
            return error?.code == "AASA503" && error?.file == file.path
        }
    }

    /// A FIFO has no size to check first: reading stops at the limit all the same.
    @Test func anEndlessStreamIsRefusedAtTheLimit() throws {
        #expect {
            _ = try AASADocument.load(path: "/dev/zero")
        } throws: { error in
            (error as? AASAParseError)?.code == "AASA503"
        }
    }

    static func rules(_ count: Int, legacy: Bool) -> [UInt8] {
        let rule = legacy ? #""/a""# : "{}"
        let list = Array(repeating: rule, count: count).joined(separator: ",")
        let key = legacy ? "paths" : "components"
        return Array(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], ""#.utf8)
            + Array("\(key)\": [\(list)]}]}}".utf8)
    }

    @Test(arguments: [false, true])
    func moreRulesThanTheLimitAreRefused(legacy: Bool) throws {
        let fine = try AASADocument.parse(Self.rules(AASADocument.maxRules, legacy: legacy))
        let entry = try #require(fine.applinks?.details.first)
        #expect((legacy ? entry.paths?.count : entry.components?.count) == AASADocument.maxRules)
        let bytes = Self.rules(AASADocument.maxRules + 1, legacy: legacy)
        // Where the list that crossed the limit starts: its `[`, 1-based.
        let column =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], ""#.count
            + (legacy ? "paths\": [" : "components\": [").count
        #expect {
            _ = try AASADocument.parse(bytes)
        } throws: { error in
            let error = error as? AASAParseError
            return error?.code == "AASA503" && error?.location.column == column
                && error?.message == "the file has more than 200000 rules, the most aasa-scan "
                    + "compiles"
        }
    }

    /// Rules of several entries count together.
    @Test func rulesOfAllEntriesCount() throws {
        let half = Array(repeating: "{}", count: AASADocument.maxRules / 2 + 1)
            .joined(separator: ",")
        let entry = #"{"appIDs": ["ABCDE12345.a"], "components": [\#(half)]}"#
        let text = #"{"applinks": {"details": [\#(entry), \#(entry)]}}"#
        #expect(throws: AASAParseError.self) { _ = try AASADocument.parse(Array(text.utf8)) }
    }

    /// Millions of duplicate keys would be millions of messages: the first 10,000 are kept,
    /// and one more says how many were left out.
    @Test func diagnosticsAreCapped() throws {
        let members = Array(repeating: #""x": 1"#, count: 12_000).joined(separator: ",")
        let text = #"{"applinks": {"details": []}, \#(members)}"#
        let document = try AASADocument.parse(Array(text.utf8))
        #expect(document.diagnostics.count == DocumentBuilder.maxDiagnostics + 1)
        let omitted = document.diagnostics.filter { $0.code == "AASA504" }
        #expect(omitted.count == 1)
        // 12,000 unknown keys and 11,999 duplicates: 23,999 in all.
        #expect(omitted.first?.message.hasPrefix("13999 more diagnostics were left out") == true)
    }
}
