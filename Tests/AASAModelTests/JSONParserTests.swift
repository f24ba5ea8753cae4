import Testing

@testable import AASAModel

/// Parser errors: each kind, where it is reported, and inputs that must not crash or hang.
struct JSONParserTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var input: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(input: "", line: 1, column: 1, message: "the file is empty"),
        ErrorCase(
            input: "{\"a\": [1, 2,]}", line: 1, column: 12,
            message: "trailing comma before ']'"),
        ErrorCase(input: "{\"a\": 1,\n}", line: 1, column: 8, message: "trailing comma before '}'"),
        ErrorCase(
            input: "{\n  // note\n  \"a\": 1}", line: 2, column: 3,
            message: "comments are not allowed in JSON"),
        ErrorCase(
            input: "{\"a\": 1 /* x */}", line: 1, column: 9,
            message: "comments are not allowed in JSON"),
        ErrorCase(
            input: "{\"a\": \u{201C}x\u{201D}}", line: 1, column: 7,
            message: "curly quote U+201C is not a JSON quote"),
        ErrorCase(
            input: "{\"a\": [1, 2", line: 1, column: 12,
            message: "unexpected end of file (truncated?)"),
        ErrorCase(
            input: "{\"a\": \"b\nc\"}", line: 1, column: 9,
            message: "control character U+000A inside a string"),
        ErrorCase(
            input: "{\"a\": \"tab\there\"}", line: 1, column: 11,
            message: "control character U+0009 inside a string"),
        ErrorCase(
            input: "{\"a\": 'b'}", line: 1, column: 7,
            message: "single quote is not a JSON quote"),
        ErrorCase(input: "{\"a\": True}", line: 1, column: 7, message: "unknown literal 'True'"),
        ErrorCase(
            input: "{\"a\": 01}", line: 1, column: 7,
            message: "leading zeros are not allowed in JSON numbers"),
        ErrorCase(
            input: "{\"a\": 1.}", line: 1, column: 9, message: "a number needs digits after '.'"),
        ErrorCase(
            input: "{\"a\": \"\\x\"}", line: 1, column: 8,
            message: "invalid escape '\\x' in a string"),
        ErrorCase(
            input: "{\"a\": \"\\uD800\"}", line: 1, column: 8,
            message: "unpaired surrogate \\uD800"),
        ErrorCase(
            input: "{\"a\" 1}", line: 1, column: 6,
            message: "expected ':' after member name \"a\", found '1'"),
        ErrorCase(input: "{a: 1}", line: 1, column: 2, message: "unquoted text 'a'"),
        ErrorCase(
            input: "[1 2]", line: 1, column: 4, message: "missing ',' between array elements"),
        ErrorCase(
            input: "{\"a\": [1}", line: 1, column: 9,
            message: "'}' does not close the open array"),
        ErrorCase(
            input: "{} {}", line: 1, column: 4,
            message: "unexpected '{' after the end of the JSON value"),
        ErrorCase(
            input: "{\"a\":\u{00A0}1}", line: 1, column: 6,
            message: "invisible character U+00A0 is not JSON whitespace"),
        ErrorCase(input: "\r\n\r\n  x", line: 3, column: 3, message: "unquoted text 'x'"),
    ]

    @Test(arguments: errorCases)
    func reportsErrorAtPosition(_ example: ErrorCase) {
        #expect {
            _ = try AASADocument.parseJSON(Array(example.input.utf8))
        } throws: { error in
            guard let error = error as? AASAParseError else { return false }
            return error.message == example.message && error.location.line == example.line
                && error.location.column == example.column && !error.hint.isEmpty
        }
    }

    @Test func descriptionHasEditorForm() {
        let error = AASAParseError(
            file: "site.json", location: SourceLocation(line: 3, column: 7, offset: 20),
            message: "trailing comma before '}'", hint: "remove it")
        #expect(error.description == "site.json:3:7: error: trailing comma before '}' (remove it)")
    }

    @Test func parsesEveryValueKindWithLocations() throws {
        let text =
            "{\"s\": \"a\\u00e9\\ud83d\\ude00\\n\", \"n\": -1.5e+3,\n \"t\": true, "
            + "\"f\": false, \"z\": null, \"a\": [], \"o\": {}}"
        let root = try AASADocument.parseJSON(Array(text.utf8))
        guard case .object(let members) = root.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["s", "n", "t", "f", "z", "a", "o"])
        #expect(members[0].value.value == .string("a\u{E9}\u{1F600}\n"))
        #expect(members[1].value.value == .number("-1.5e+3"))
        #expect(members[2].value.value == .bool(true))
        #expect(members[2].keyLocation == SourceLocation(line: 2, column: 2, offset: 46))
        #expect(members[4].value.value == .null)
    }

    @Test func byteOrderMarkIsSkippedAndColumnsStartAfterIt() throws {
        let root = try AASADocument.parseJSON([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.location == SourceLocation(line: 1, column: 1, offset: 3))
        #expect(throws: AASAParseError.self) {
            _ = try AASADocument.parseJSON([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        }
    }

    @Test(arguments: [
        ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D] as [UInt8], 3, "invalid UTF-8 byte 0xFF"),
        ([0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], 3, "invalid UTF-8 byte 0xC3"),
        ([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D], 3, "invalid UTF-8 byte 0xED"),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0xC0, 0x7D], 6, "invalid UTF-8 byte 0xC0"),
    ])
    func invalidUTF8IsRefusedWithPosition(bytes: [UInt8], column: Int, message: String) {
        #expect {
            _ = try AASADocument.parseJSON(bytes)
        } throws: { error in
            let error = error as? AASAParseError
            return error?.message == message && error?.location.column == column
        }
    }

    @Test func validMultiByteUTF8IsKept() throws {
        let root = try AASADocument.parseJSON(Array("[\"/哈哈/?*\", \"café\"]".utf8))
        #expect(
            root.value
                == .array([
                    JSONNode(
                        value: .string("/哈哈/?*"),
                        location: SourceLocation(line: 1, column: 2, offset: 1)),
                    JSONNode(
                        value: .string("café"),
                        location: SourceLocation(line: 1, column: 16, offset: 15)),
                ]))
    }

    @Test func nestingIsLimited() throws {
        let limit = JSONParser.maxDepth
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try AASADocument.parseJSON(Array(fine.utf8))
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            _ = try AASADocument.parseJSON(Array(deep.utf8))
        } throws: { error in
            let error = error as? AASAParseError
            return error?.message == "nesting deeper than \(limit) levels"
                && error?.location.column == limit + 1
        }
    }

    @Test func hugeNumbersAreKeptAsText() throws {
        let digits = String(repeating: "9", count: 10_000)
        let root = try AASADocument.parseJSON(Array("[\(digits)e99999999]".utf8))
        guard case .array(let items) = root.value, case .number(let text) = items.first?.value
        else {
            Issue.record("expected one number")
            return
        }
        #expect(text.count == 10_009)
    }

    @Test func duplicateKeysAreKeptInOrderAndTheLastWins() throws {
        let root = try AASADocument.parseJSON(Array("{\"a\": 1, \"b\": 2, \"a\": 3}".utf8))
        #expect(root.member("a")?.value == .number("3"))
        guard case .object(let members) = root.value else { return }
        #expect(members.map(\.key) == ["a", "b", "a"])
    }

    /// Random corruptions of a valid document: the parser must return or throw, never trap.
    @Test func randomCorruptionsNeverCrash() {
        let seed = Array(
            ("{\"applinks\": {\"details\": [{\"appIDs\": [\"ABCDE12345.a.b\"], \"components\": "
                + "[{\"/\": \"/x/*\", \"?\": {\"q\": \"1\"}, \"exclude\": true}]}]}, "
                + "\"webcredentials\": {\"apps\": []}}").utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state & 0x7FFF_FFFF)
        }
        var refused = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0...(next() % 4) {
                let position = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
                }
                if bytes.isEmpty { break }
            }
            do { _ = try AASADocument.parse(bytes) } catch { refused += 1 }
        }
        #expect(refused > 0)
    }
}
