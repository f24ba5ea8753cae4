import ASCIIBytes

/// A strict RFC 8259 parser over bytes that keeps source locations and member order.
///
/// It is iterative (an explicit container stack, not recursion) so hostile nesting cannot
/// overflow the thread stack; depth is still capped so the tree stays reasonable.
package struct JSONParser {
    /// Deepest nesting accepted; real AASA files use about 6 levels.
    static let maxDepth = 512

    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var lineStart: Int

    /// Parses `bytes[start...]`; columns are counted from `start` on the first line, so a
    /// skipped byte-order mark does not shift them.
    package init(bytes: [UInt8], start: Int = 0) {
        self.bytes = bytes
        self.index = start
        self.lineStart = start
    }

    /// Parses exactly one JSON value followed only by whitespace.
    package mutating func parseDocument() throws(AASAParseError) -> JSONNode {
        skipWhitespace()
        if index >= bytes.count {
            throw failure(at: here, "the file is empty", "an AASA file is one JSON object")
        }
        let root = try parseValueTree()
        skipWhitespace()
        if index < bytes.count {
            throw unexpected(
                at: here, "unexpected \(describeByte(at: index)) after the end of the JSON value",
                "a file holds exactly one JSON value; remove what follows it")
        }
        return root
    }

    // MARK: - Containers

    private enum Container {
        case array(start: SourceLocation, items: [JSONNode])
        case object(
            start: SourceLocation, members: [JSONMember], key: String, keyAt: SourceLocation)

        /// Appends a finished value in place. The payload is taken out of the enum first, so
        /// the array stays uniquely referenced and grows without being copied (a copy per
        /// element made large files quadratic).
        mutating func attach(_ node: JSONNode) {
            switch self {
            case .array(let start, var items):
                self = .array(start: start, items: [])
                items.append(node)
                self = .array(start: start, items: items)
            case .object(let start, var members, let key, let keyAt):
                self = .object(start: start, members: [], key: "", keyAt: keyAt)
                members.append(JSONMember(key: key, keyLocation: keyAt, value: node))
                self = .object(start: start, members: members, key: "", keyAt: keyAt)
            }
        }
    }

    private mutating func parseValueTree() throws(AASAParseError) -> JSONNode {
        var stack: [Container] = []
        while true {
            // Read one value; containers are opened here and closed in the loop below.
            skipWhitespace()
            var node: JSONNode
            let start = here
            guard index < bytes.count else { throw truncated("a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= Self.maxDepth {
                    throw failure(
                        at: start, "nesting deeper than \(Self.maxDepth) levels",
                        "AASA files need only a few levels; the file is probably corrupt")
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                advance()
                skipWhitespace()
                let closer = UInt8(ascii: isObject ? "}" : "]")
                if index < bytes.count, bytes[index] == closer {
                    advance()
                    node = JSONNode(value: isObject ? .object([]) : .array([]), location: start)
                } else if isObject {
                    let (key, keyAt) = try parseKeyAndColon()
                    stack.append(.object(start: start, members: [], key: key, keyAt: keyAt))
                    continue
                } else {
                    stack.append(.array(start: start, items: []))
                    continue
                }
            default:
                node = try parseScalar()
            }
            // Attach the finished value, then close every container that ends right after it.
            while true {
                guard var container = stack.popLast() else { return node }
                container.attach(node)
                skipWhitespace()
                let isObject: Bool
                if case .object = container { isObject = true } else { isObject = false }
                guard index < bytes.count else {
                    throw truncated(isObject ? "',' or '}'" : "',' or ']'")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    let comma = here
                    advance()
                    skipWhitespace()
                    if index < bytes.count,
                        bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]")
                    {
                        let closer = Character(Unicode.Scalar(bytes[index]))
                        throw failure(
                            at: comma, "trailing comma before '\(closer)'",
                            "JSON allows no comma after the last element; remove it")
                    }
                    if case .object(let s, let members, _, _) = container {
                        container = .array(start: s, items: [])  // release: members stays unique
                        let (key, keyAt) = try parseKeyAndColon()
                        stack.append(.object(start: s, members: members, key: key, keyAt: keyAt))
                    } else {
                        stack.append(container)
                    }
                    break
                }
                switch (container, byte) {
                case (.array(let s, let items), UInt8(ascii: "]")):
                    advance()
                    node = JSONNode(value: .array(items), location: s)
                    continue
                case (.object(let s, let members, _, _), UInt8(ascii: "}")):
                    advance()
                    node = JSONNode(value: .object(members), location: s)
                    continue
                default:
                    throw afterValueError(inObject: isObject)
                }
            }
        }
    }

    /// Explains what went wrong where a ',' or a closing bracket was due.
    private func afterValueError(inObject: Bool) -> AASAParseError {
        let closer = inObject ? "}" : "]"
        let byte = bytes[index]
        if inObject, byte == UInt8(ascii: "\"") {
            return failure(
                at: here, "missing ',' between object members",
                "add a comma after the previous value")
        }
        let startsValue =
            "\"{[-0123456789".utf8.contains(byte)
            || ["true", "false", "null"].contains(wordAt(index))
        if !inObject, startsValue {
            return failure(
                at: here, "missing ',' between array elements",
                "add a comma after the previous element")
        }
        if let special = describeStray(at: index) {
            return failure(at: here, special.message, special.hint)
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            return failure(
                at: here,
                "'\(Character(Unicode.Scalar(byte)))' does not close the open "
                    + (inObject ? "object" : "array"),
                "brackets are unbalanced; expected ',' or '\(closer)'")
        }
        return failure(
            at: here, "unexpected \(describeByte(at: index)) after a value",
            "expected ',' or '\(closer)'")
    }

    private mutating func parseKeyAndColon() throws(AASAParseError) -> (String, SourceLocation) {
        skipWhitespace()
        let keyAt = here
        try expect(
            UInt8(ascii: "\""), before: "a member name",
            hint: "an object holds \"name\": value pairs separated by commas"
        ) { "expected a member name in double quotes, found \($0)" }
        let key = try parseString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), before: "':'", hint: "write \"name\": value") {
            "expected ':' after member name \"\(key)\", found \($0)"
        }
        advance()
        return (key, keyAt)
    }

    /// Throws unless `byte` is next: the file is truncated `before` it, or another byte
    /// stands there (`message` is told how that byte reads).
    private func expect(
        _ byte: UInt8, before what: String, hint: String, _ message: (String) -> String
    ) throws(AASAParseError) {
        guard index < bytes.count else { throw truncated(what) }
        guard bytes[index] == byte else {
            throw unexpected(at: here, message(describeByte(at: index)), hint)
        }
    }

    // MARK: - Scalars

    private mutating func parseScalar() throws(AASAParseError) -> JSONNode {
        let start = here
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), location: start)
        default:
            let word = wordAt(index)
            for (literal, value) in [
                ("true", JSONValue.bool(true)), ("false", .bool(false)),
                ("null", .null),
            ] where word == literal {
                for _ in 0..<literal.utf8.count { advance() }
                return JSONNode(value: value, location: start)
            }
            throw unexpected(
                at: start, "expected a value, found \(describeByte(at: index))",
                "a value is a string, number, object, array, true, false or null")
        }
    }

    private mutating func parseNumber() throws(AASAParseError) -> String {
        let startIndex = index
        let start = here
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count,
                ASCII.isDigit(parser.bytes[parser.index])
            {
                parser.advance()
                count += 1
            }
            return count
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        let intStart = index
        let intDigits = digits(&self)
        if intDigits == 0 {
            throw failure(at: here, "a number needs digits after '-'", "write e.g. -1")
        }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            throw failure(
                at: start, "leading zeros are not allowed in JSON numbers",
                "write the number without leading zeros, or quote it as a string")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 {
                throw failure(at: here, "a number needs digits after '.'", "write e.g. 1.0")
            }
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            advance()
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                advance()
            }
            if digits(&self) == 0 {
                throw failure(at: here, "a number needs digits in its exponent", "write e.g. 1e5")
            }
        }
        return String(decoding: bytes[startIndex..<index], as: UTF8.self)
    }

    /// Reads a string starting at its opening quote; validates UTF-8 and escapes.
    private mutating func parseString() throws(AASAParseError) -> String {
        let opening = here
        advance()
        // Most strings are printable ASCII without escapes: taken whole, as no line ends in them.
        let start = index
        while index < bytes.count, (0x20..<0x80).contains(bytes[index]),
            bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\")
        {
            index += 1
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var out = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else {
                throw failure(
                    at: here, "unexpected end of file inside a string (truncated?)",
                    "the string opened at \(opening.line):\(opening.column) is never closed")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0..<0x20:
                let hint =
                    byte == 0x0A
                    ? "missing closing quote? the string opened at "
                        + "\(opening.line):\(opening.column); write a newline as \\n"
                    : "escape it, e.g. \\t for a tab or \\u00XX"
                throw failure(
                    at: here, "control character U+\(hex(UInt32(byte), width: 4)) inside a string",
                    hint)
            case 0..<0x80:
                out.append(byte)
                advance()
            default:
                let length = try validUTF8Length(at: index)
                out.append(contentsOf: bytes[index..<index + length])
                for _ in 0..<length { advance() }
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(AASAParseError) {
        let escapeAt = here
        advance()
        guard index < bytes.count else { throw truncated("an escape sequence") }
        let byte = bytes[index]
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            out.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw failure(
                at: escapeAt, "invalid escape '\\\(describeRaw(at: index))' in a string",
                "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        advance()
        var scalarValue = try hex4(escapeAt: escapeAt)
        if (0xD800...0xDBFF).contains(scalarValue) {
            // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7).
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw failure(
                    at: escapeAt, "unpaired surrogate \\u\(hex(scalarValue, width: 4))",
                    "a high surrogate must be followed by a \\uDC00-\\uDFFF escape")
            }
            advance()
            advance()
            let low = try hex4(escapeAt: escapeAt)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure(
                    at: escapeAt, "unpaired surrogate \\u\(hex(scalarValue, width: 4))",
                    "a high surrogate must be followed by a \\uDC00-\\uDFFF escape")
            }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw failure(
                at: escapeAt, "unpaired surrogate \\u\(hex(scalarValue, width: 4))",
                "a low surrogate must follow a \\uD800-\\uDBFF escape")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw failure(at: escapeAt, "invalid \\u escape", "write \\uXXXX with 4 hex digits")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hex4(escapeAt: SourceLocation) throws(AASAParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw truncated("4 hex digits") }
            let byte = bytes[index]
            guard let digit = ASCII.hexValue(byte) else {
                throw failure(
                    at: escapeAt, "invalid \\u escape: expected 4 hex digits",
                    "write \\uXXXX, e.g. \\u00E9")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    // MARK: - Bytes, positions, messages

    private var here: SourceLocation {
        SourceLocation(line: line, column: index - lineStart + 1, offset: index)
    }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    /// Length of the valid UTF-8 sequence at `at`, or an error naming the bad byte.
    private func validUTF8Length(at start: Int) throws(AASAParseError) -> Int {
        guard let length = utf8Length(at: start) else {
            throw failure(
                at: SourceLocation(line: line, column: start - lineStart + 1, offset: start),
                "invalid UTF-8 byte 0x\(hex(UInt32(bytes[start]), width: 2))",
                "JSON text must be UTF-8; re-save the file as UTF-8")
        }
        return length
    }

    /// Length of a well-formed UTF-8 sequence (RFC 3629 table), or nil.
    private func utf8Length(at start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard start + length <= bytes.count, secondRange.contains(bytes[start + 1]) else {
            return nil
        }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[start + offset]) {
            return nil
        }
        return length
    }

    /// The Unicode scalar at `at` when the bytes there are valid UTF-8.
    private func scalar(at start: Int) -> Unicode.Scalar? {
        guard let length = utf8Length(at: start) else { return nil }
        return String(decoding: bytes[start..<start + length], as: UTF8.self).unicodeScalars.first
    }

    /// The error for the byte at `index`, which does not belong there: the plain-language
    /// explanation of a mistake real files make (`describeStray`), else `message` and `hint`.
    private func unexpected(at location: SourceLocation, _ message: String, _ hint: String)
        -> AASAParseError
    {
        if let special = describeStray(at: index) {
            return failure(at: location, special.message, special.hint)
        }
        return failure(at: location, message, hint)
    }

    /// Plain-language explanations for the mistakes real AASA files contain.
    private func describeStray(at start: Int) -> (message: String, hint: String)? {
        let byte = bytes[start]
        if byte == UInt8(ascii: "/"), start + 1 < bytes.count,
            bytes[start + 1] == UInt8(ascii: "/") || bytes[start + 1] == UInt8(ascii: "*")
        {
            return ("comments are not allowed in JSON", "remove the comment")
        }
        if byte == UInt8(ascii: "'") {
            return ("single quote is not a JSON quote", "use straight double quotes \"...\"")
        }
        if byte >= 0x80, let scalar = scalar(at: start) {
            let code = "U+\(hex(scalar.value, width: 4))"
            switch scalar.value {
            case 0x201C, 0x201D, 0x201E, 0x2018, 0x2019, 0x00AB, 0x00BB:
                return (
                    "curly quote \(code) is not a JSON quote",
                    "use straight double quotes \"...\"; word processors replace them"
                )
            case 0x00A0, 0xFEFF, 0x2000...0x200B, 0x3000:
                return ("invisible character \(code) is not JSON whitespace", "delete it")
            default:
                return nil
            }
        }
        if byte >= 0x80 {
            return (
                "invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2))",
                "JSON text must be UTF-8; re-save the file as UTF-8"
            )
        }
        let word = wordAt(start)
        if word == "NOT" {
            return ("unquoted NOT", "a NOT prefix belongs inside the string: \"NOT /path\"")
        }
        if ["True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil", "undefined"]
            .contains(word)
        {
            return ("unknown literal '\(word)'", "JSON literals are lower-case true, false, null")
        }
        if !word.isEmpty, !["true", "false", "null"].contains(word) {
            return ("unquoted text '\(word)'", "strings need double quotes")
        }
        return nil
    }

    /// An identifier-like run of ASCII letters, digits and `_` at `at` (at most 40 bytes).
    private func wordAt(_ start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40 {
            let byte = bytes[end]
            let isWord =
                ASCII.isLetter(byte) || ASCII.isDigit(byte) && end > start
                || byte == UInt8(ascii: "_")
            guard isWord else { break }
            end += 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `'x'` for printable ASCII, `U+XXXX` otherwise, for messages.
    private func describeByte(at start: Int) -> String {
        let byte = bytes[start]
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "U+\(hex(UInt32(byte), width: 4))" }
        if let scalar = scalar(at: start) { return "U+\(hex(scalar.value, width: 4))" }
        return "invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private func describeRaw(at start: Int) -> String {
        let byte = bytes[start]
        return (0x21...0x7E).contains(byte)
            ? String(Character(Unicode.Scalar(byte))) : "U+\(hex(UInt32(byte), width: 4))"
    }

    private func truncated(_ expected: String) -> AASAParseError {
        failure(
            at: here, "unexpected end of file (truncated?)",
            "expected \(expected); the file may have been cut short")
    }

    private func failure(
        at location: SourceLocation, _ message: String, _ hint: String
    ) -> AASAParseError {
        AASAParseError(location: location, message: message, hint: hint)
    }
}

/// Upper-case hexadecimal, zero-padded to `width`.
func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
