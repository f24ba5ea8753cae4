import LibC

extension Terminal {
    /// Columns the table may use: the terminal's width when standard output is one, else
    /// `COLUMNS` when set (`COLUMNS=80 aasa-scan ... | less`), else no limit.
    static var columns: Int? {
        if let width = terminalColumns(of: 1) { return width }
        if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 {
            return value
        }
        return nil
    }
}

extension Style {
    /// `text` cut to `width` visible characters by replacing its middle with `…`: both ends of
    /// a path or file name say more than its middle. Escape sequences are kept, so colours
    /// stay balanced. Full text is in the JSON and CSV reports.
    static func middleCut(_ text: String, to width: Int) -> String {
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
