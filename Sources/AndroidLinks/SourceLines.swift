/// Where each line of a file starts, to turn the parser's position at the end of a start tag
/// into the line the tag starts on (a tag may span several lines).
struct SourceLines {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The line of `<name` found by looking back from the given position (both 1-based), or
    /// `line` itself when it cannot be found.
    func startLine(ofTag name: String, endingAt line: Int, column: Int) -> Int {
        guard line >= 1, line <= starts.count else { return max(line, 1) }
        let tag = [UInt8(ascii: "<")] + Array(name.utf8)
        let end = min(starts[line - 1] + max(column - 1, 0), bytes.count)
        var offset = end - tag.count
        while offset >= 0 {
            if bytes[offset..<offset + tag.count].elementsEqual(tag),
                endsName(at: offset + tag.count)
            {
                return lineNumber(of: offset)
            }
            offset -= 1
        }
        return line
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
