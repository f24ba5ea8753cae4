/// Adds values to a parsed JSON text without touching any other byte: the file keeps its key
/// order, its spacing, its escapes and its unknown keys, and the added text copies the
/// layout around it (the whitespace before the last item, one-line or one-member-per-line
/// objects, the file's indentation step).
struct JSONFileEditor {
    let bytes: [UInt8]
    let layout: JSONTextLayout

    init(bytes: [UInt8], root: JSONNode) {
        self.bytes = bytes
        layout = JSONTextLayout.detect(bytes, colon: Self.firstColon(in: root, bytes: bytes))
    }

    /// The file with `values` added after the last item of the array `array`.
    func appending(_ values: [JSONOut], toArray array: JSONNode) -> [UInt8] {
        guard case .array(let items) = array.value, !values.isEmpty else { return bytes }
        let close = end(ofValueAt: array.location.offset) - 1
        guard let last = items.last else {
            let items = values.map { value in
                { (indent: [UInt8]) in layout.render(value, indent: indent) }
            }
            return fillingEmpty(open: array.location.offset, close: close, items: items)
        }
        let lastStart = last.location.offset
        let lastEnd = end(ofValueAt: lastStart)
        var separator = whitespace(before: lastStart)
        if items.count == 1, !separator.contains(UInt8(ascii: "\n")) {
            // `["a"]`: nothing between items to copy; write them as the file spaces commas.
            separator = Array(layout.comma.dropFirst())
        }
        let indent = indentation(of: lastStart)
        // An item written over several lines is followed by items written the same way.
        let expand = bytes[lastStart..<lastEnd].contains(UInt8(ascii: "\n"))
        var text: [UInt8] = []
        for value in values {
            text.append(UInt8(ascii: ","))
            text += separator
            text += layout.render(value, indent: indent, expand: expand)
        }
        return splice(text, at: lastEnd..<lastEnd)
    }

    /// The file with the member `key: value` added after the last member of `object`.
    func appending(member key: String, _ value: JSONOut, toObject object: JSONNode) -> [UInt8] {
        guard case .object(let members) = object.value else { return bytes }
        let close = end(ofValueAt: object.location.offset) - 1
        guard let last = members.last else {
            return fillingEmpty(
                open: object.location.offset, close: close,
                items: [
                    { indent in
                        memberText(key, value, indent: indent)
                    }
                ])
        }
        let lastEnd = end(ofValueAt: last.value.location.offset)
        let separator = whitespace(before: last.keyLocation.offset)
        let indent = indentation(of: last.keyLocation.offset)
        var text: [UInt8] = [UInt8(ascii: ",")]
        text += separator
        text += memberText(key, value, indent: indent)
        return splice(text, at: lastEnd..<lastEnd)
    }

    private func memberText(_ key: String, _ value: JSONOut, indent: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        JSONTextLayout.appendQuoted(key, to: &text)
        text += layout.colon
        text += layout.render(value, indent: indent)
        return text
    }

    /// An empty container `open...close` given `items`, each rendered for its indentation:
    /// one item per line, one step deeper than the line of `open`, in a file of several lines.
    private func fillingEmpty(open: Int, close: Int, items: [([UInt8]) -> [UInt8]]) -> [UInt8] {
        var text: [UInt8] = []
        if let newline = layout.newline {
            let outer = indentation(of: open)
            let inner = outer + layout.unit
            for (index, item) in items.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                text += newline + inner + item(inner)
            }
            text += newline + outer
        } else {
            for (index, item) in items.enumerated() {
                if index > 0 { text += layout.comma }
                text += item([])
            }
        }
        return splice(text, at: (open + 1)..<close)
    }

    private func splice(_ text: [UInt8], at range: Range<Int>) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(range, with: text)
        return result
    }

    /// The whitespace right before `offset` (the separator written before an item).
    private func whitespace(before offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, Self.isWhitespace(bytes[start - 1]) { start -= 1 }
        return Array(bytes[start..<offset])
    }

    /// The indentation of the line `offset` is on: its leading spaces and tabs.
    private func indentation(of offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < offset, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
            end += 1
        }
        return Array(bytes[start..<end])
    }

    /// The offset just after the value that starts at `offset`. The text parsed, so strings
    /// are closed and brackets balance.
    func end(ofValueAt offset: Int) -> Int {
        var index = offset
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                if depth == 0 { return index }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }  // after a number, true, false or null
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
                UInt8(ascii: "\r"):
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return index
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// What the file writes between its first key and that key's value (`": "` or `":"`);
    /// nil when it has no key.
    private static func firstColon(in node: JSONNode, bytes: [UInt8]) -> [UInt8]? {
        switch node.value {
        case .object(let members):
            guard let first = members.first else { return nil }
            let editor = JSONFileEditor(bytes: bytes, layout: .inlineSpaced)
            var index = editor.end(ofValueAt: first.keyLocation.offset)
            while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            var colon: [UInt8] = [UInt8(ascii: ":")]
            index += 1
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") {
                colon.append(UInt8(ascii: " "))
                index += 1
            }
            return colon.count > 2 ? Array(": ".utf8) : colon
        case .array(let items):
            return items.lazy.compactMap { firstColon(in: $0, bytes: bytes) }.first
        default:
            return nil
        }
    }

    private init(bytes: [UInt8], layout: JSONTextLayout) {
        self.bytes = bytes
        self.layout = layout
    }
}
