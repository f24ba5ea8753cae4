extension Style {
    /// `text` cut to `width` visible characters by replacing its middle with `…`: both ends of
    /// a path or file name say more than its middle. Escape sequences are kept, so colours
    /// stay balanced. Full text is in the JSON and CSV reports.
    package static func middleCut(_ text: String, to width: Int) -> String {
        let visible = visibleWidth(text)
        guard visible > width, width > 0 else { return text }
        let keepHead = (width - 1 + 1) / 2
        let keepTail = width - 1 - keepHead
        var result = ""
        var index = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape || scalar == "\u{1B}" {
                inEscape = scalar != "m"
                result.unicodeScalars.append(scalar)
                continue
            }
            if index == keepHead { result += "…" }
            if index < keepHead || index >= visible - keepTail {
                result.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return result
    }
}

extension Style {
    /// `lines` made to fit `width` columns without losing a character: a longer line is
    /// broken at spaces (a word longer than a line at the width), its continuations indented
    /// like it and two more. Tables fit themselves first (`ReportTable.table`); this catches
    /// titles, notes, dead rules, samples and errors, whose figures must stay whole.
    package static func fit(_ lines: [String], _ width: Int?) -> String {
        guard let width else { return lines.joined(separator: "\n") + "\n" }
        return lines.flatMap { wrapped($0, to: width) }.joined(separator: "\n") + "\n"
    }

    package static func wrapped(_ line: String, to width: Int) -> [String] {
        guard visibleWidth(line) > width, width > 8 else { return [line] }
        let lead = line.prefix { $0 == " " }
        let indent = String(repeating: " ", count: min(lead.count + 2, width / 2))
        var lines: [String] = []
        var current = String(lead)
        var currentWidth = lead.count
        var limit = width
        for word in line.dropFirst(lead.count).split(
            separator: " ", omittingEmptySubsequences: false)
        {
            var word = String(word)
            let startsLine = currentWidth == (lines.isEmpty ? lead.count : indent.count)
            if !startsLine, currentWidth + 1 + visibleWidth(word) > limit {
                while current.hasSuffix(" ") { current.removeLast() }
                lines.append(current)
                (current, currentWidth, limit) = (indent, indent.count, width)
            } else if !startsLine {
                current += " "
                currentWidth += 1
            }
            // A word wider than a whole line (a long path) is broken where the line ends.
            while currentWidth + visibleWidth(word) > limit, !word.contains("\u{1B}"),
                limit > currentWidth
            {
                let room = limit - currentWidth
                lines.append(current + word.prefix(room))
                word = String(word.dropFirst(room))
                (current, currentWidth, limit) = (indent, indent.count, width)
            }
            current += word
            currentWidth += visibleWidth(word)
        }
        lines.append(current)
        return lines
    }
}
