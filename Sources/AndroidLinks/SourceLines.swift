import AASAModel

/// Where each line of a file starts, to turn the parser's position at the end of a start tag
/// into the place the tag starts at (a tag may span several lines).
struct SourceLines {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    /// Where `<name` is, found by looking back from the given position (both 1-based), or that
    /// position itself when it cannot be found.
    func startLocation(ofTag name: String, endingAt line: Int, column: Int) -> SourceLocation {
        let end = location(line: line, column: column)
        let tag = [UInt8(ascii: "<")] + Array(name.utf8)
        var offset = min(end.offset, bytes.count) - tag.count
        while offset >= 0 {
            if bytes[offset..<offset + tag.count].elementsEqual(tag),
                endsName(at: offset + tag.count)
            {
                let line = lineNumber(of: offset)
                return SourceLocation(
                    line: line, column: offset - starts[line - 1] + 1, offset: offset)
            }
            offset -= 1
        }
        return end
    }

    /// The place of a 1-based line and column as the XML parser counts them; a line or column
    /// below 1 (the parser knows none) reads as 1.
    func location(line: Int, column: Int) -> SourceLocation {
        let line = min(max(line, 1), starts.count)
        let column = max(column, 1)
        return SourceLocation(line: line, column: column, offset: starts[line - 1] + column - 1)
    }

    private func endsName(at offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"): return true
        default: return false
        }
    }

    private func lineNumber(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}
