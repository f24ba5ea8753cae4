import ASCIIBytes

/// HAProxy `option httplog` lines inside syslog:
/// `... haproxy[pid]: client:port [date] frontend backend/server Tq/Tw/Tc/Tr/Tt status ...
/// "METHOD /p HTTP/1.1"`.
///
/// Syslog lines without a trailing quoted request (proxy start-up, TCP logs, SSL errors) are
/// skipped; lines that are not syslog at all are malformed.
enum HAProxyScanner {
    static func scan(_ line: LineBytes) -> LineResult {
        let range = line.trimmed(0..<line.count)
        guard let tag = findTagEnd(line, range) else { return .malformed(.notSyslog) }
        guard range.count > 1, line[range.upperBound - 1] == ASCII.quote else {
            // Status lines of haproxy itself; other programs' syslog lines are not this format.
            return isHAProxyTag(line, before: tag) ? .skip(.noRequest) : .malformed(.notSyslog)
        }
        // HAProxy escapes quotes inside the request (`#22`), so the opening quote is the last
        // one before the closing quote.
        var open = range.upperBound - 2
        while open > tag && line[open] != ASCII.quote { open -= 1 }
        guard open > tag else { return .skip(.noRequest) }
        let content = (open + 1)..<(range.upperBound - 1)
        if line.equals(content, "<BADREQ>") || content.isEmpty { return .skip(.noRequest) }
        guard let (method, target) = splitRequestLine(line, content) else {
            return .malformed(.badRequestLine)
        }
        var request = ParsedRequest()
        request.method = method
        request.target = target
        request.status = status(line, from: tag, to: open)
        request.takeAuthority(of: target, in: line)
        return .ok(request)
    }

    /// True when the syslog tag ending at `end` names haproxy (`haproxy[pid]: `).
    private static func isHAProxyTag(_ line: LineBytes, before end: Int) -> Bool {
        var i = end - 1
        while i > 0 && line[i - 1] != ASCII.space { i -= 1 }
        return line.matches("haproxy", at: i)
    }

    /// Index after the syslog `tag[pid]: ` (or `tag: `).
    private static func findTagEnd(_ line: LineBytes, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if line[i] == ASCII.colon && line[i + 1] == ASCII.space { return i + 2 }
            if line[i] == ASCII.quote { return nil }
            i += 1
        }
        return nil
    }

    /// The status after `[date] frontend backend/server timers`; 0 when the layout differs.
    private static func status(_ line: LineBytes, from start: Int, to end: Int) -> Int {
        guard let open = line.find(ASCII.leftBracket, from: start, to: end),
            let close = line.find(ASCII.rightBracket, from: open, to: end)
        else { return 0 }
        var pos = close + 2
        for _ in 0..<3 {
            let tokenEnd = line.tokenEnd(from: pos)
            guard tokenEnd < end else { return 0 }
            pos = tokenEnd + 1
        }
        return parseStatus(line, pos..<line.tokenEnd(from: pos)) ?? 0
    }
}
