/// A JSON value to be written into a file.
indirect enum JSONOut: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case array([JSONOut])
    case object([JSONOutMember])

    /// True for a scalar, or for a container of scalars only (a component, a list of app IDs):
    /// such values read best on one line.
    var isFlat: Bool {
        switch self {
        case .string, .bool: true
        case .array(let items): items.allSatisfy(\.isScalar)
        case .object(let members): members.allSatisfy(\.value.isScalar)
        }
    }

    var isScalar: Bool {
        switch self {
        case .string, .bool: true
        case .array, .object: false
        }
    }
}

/// One `"key": value` pair of a written object.
struct JSONOutMember: Sendable, Equatable {
    var key: String
    var value: JSONOut

    init(_ key: String, _ value: JSONOut) {
        self.key = key
        self.value = value
    }
}

/// How a file lays out its JSON (line ends, indentation step, spacing after `:` and `,`), so
/// that text added to it reads like the rest.
struct JSONTextLayout: Sendable, Equatable {
    /// The line end, or nil for a file written on one line.
    var newline: [UInt8]?
    /// One step of indentation.
    var unit: [UInt8]
    /// `:` as the file writes it between a key and its value (`": "` or `":"`).
    var colon: [UInt8]
    /// `,` between the items of a one-line container.
    var comma: [UInt8]

    /// One line, a space after `:` and `,`: for messages and reports.
    static let inlineSpaced = JSONTextLayout(
        newline: nil, unit: [], colon: Array(": ".utf8), comma: Array(", ".utf8))

    /// The layout of `bytes`; `colon` is what follows the file's first key, when it has one.
    static func detect(_ bytes: [UInt8], colon: [UInt8]?) -> JSONTextLayout {
        let colon = colon ?? Array(": ".utf8)
        let comma = colon.count > 1 ? Array(", ".utf8) : Array(",".utf8)
        var lines = 0
        var smallestSpaces = Int.max
        var usesTabs = false
        var lineStart = true
        var spaces = 0
        var crlf = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                lines += 1
                lineStart = true
                spaces = 0
                if index > 0, bytes[index - 1] == UInt8(ascii: "\r") { crlf = true }
                continue
            }
            guard lineStart else { continue }
            switch byte {
            case UInt8(ascii: " "): spaces += 1
            case UInt8(ascii: "\t"): usesTabs = true
            case UInt8(ascii: "\r"): break
            default:
                if spaces > 0 { smallestSpaces = min(smallestSpaces, spaces) }
                lineStart = false
            }
        }
        // A minified file, perhaps with a final line end, stays on one line.
        guard lines >= 2 else {
            return JSONTextLayout(newline: nil, unit: [], colon: colon, comma: comma)
        }
        let unit =
            usesTabs
            ? [UInt8(ascii: "\t")]
            : Array(
                repeating: UInt8(ascii: " "), count: smallestSpaces == .max ? 2 : smallestSpaces)
        return JSONTextLayout(
            newline: crlf ? Array("\r\n".utf8) : [UInt8(ascii: "\n")], unit: unit, colon: colon,
            comma: comma)
    }

    /// `value` as text that starts on a line indented by `indent`. Flat values are written on
    /// one line unless `expand` asks for one member per line; other values, in a file of
    /// several lines, put each member or item on a line of its own.
    func render(_ value: JSONOut, indent: [UInt8], expand: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        append(value, indent: indent, expand: expand, to: &out)
        return out
    }

    private func append(_ value: JSONOut, indent: [UInt8], expand: Bool, to out: inout [UInt8]) {
        let block = newline != nil && (expand || !value.isFlat)
        switch value {
        case .string(let text):
            Self.appendQuoted(text, to: &out)
        case .bool(let flag):
            out += Array((flag ? "true" : "false").utf8)
        case .array(let items):
            appendContainer(
                open: "[", close: "]", count: items.count, block: block, indent: indent, to: &out
            ) { index, inner, out in
                append(items[index], indent: inner, expand: false, to: &out)
            }
        case .object(let members):
            appendContainer(
                open: "{", close: "}", count: members.count, block: block, indent: indent, to: &out
            ) { index, inner, out in
                Self.appendQuoted(members[index].key, to: &out)
                out += colon
                append(members[index].value, indent: inner, expand: false, to: &out)
            }
        }
    }

    private func appendContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, block: Bool, indent: [UInt8],
        to out: inout [UInt8], item: (Int, [UInt8], inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: open))
        let inner = indent + unit
        for index in 0..<count {
            if index > 0 { out += block ? [UInt8(ascii: ",")] : comma }
            if block, let newline { out += newline + inner }
            item(index, inner, &out)
        }
        if block, count > 0, let newline { out += newline + indent }
        out.append(UInt8(ascii: close))
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`;
    /// everything else, non-ASCII included, as UTF-8 (the file is UTF-8).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): out += Array(#"\n"#.utf8)
            case UInt8(ascii: "\t"): out += Array(#"\t"#.utf8)
            case UInt8(ascii: "\r"): out += Array(#"\r"#.utf8)
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
