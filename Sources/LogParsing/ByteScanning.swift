import ASCIIBytes

/// A log line without its line terminator.
public typealias LineBytes = UnsafeBufferPointer<UInt8>

extension UnsafeBufferPointer where Element == UInt8 {
    /// End of the run of non-space bytes starting at `from`.
    @inline(__always) func tokenEnd(from: Int) -> Int {
        find(ASCII.space, from: from, to: count) ?? Swift.max(from, count)
    }

    /// True when the bytes at `offset` equal `prefix`.
    func matches(_ prefix: StaticString, at offset: Int = 0) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard offset >= 0, offset + n <= count else { return false }
        let p = prefix.utf8Start
        for i in 0..<n where self[offset + i] != p[i] { return false }
        return true
    }

    /// True when `range` holds exactly `text`.
    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && matches(text, at: range.lowerBound)
    }

    /// True when the line is empty or only spaces and tabs.
    func isBlankLine() -> Bool {
        for b in self where !ASCII.isBlank(b) { return false }
        return true
    }

    /// Index after a UTF-8 byte order mark at the start, or 0.
    func afterBOM() -> Int {
        count >= 3 && self[0] == 0xEF && self[1] == 0xBB && self[2] == 0xBF ? 3 : 0
    }

    /// The first index at or after `from` that is not a space or tab (`count` if none).
    @inline(__always) func skippingBlanks(from: Int) -> Int {
        var index = from
        while index < count && ASCII.isBlank(self[index]) { index += 1 }
        return index
    }

    /// `range` without leading and trailing spaces and tabs.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi && ASCII.isBlank(self[lo]) { lo += 1 }
        while hi > lo && ASCII.isBlank(self[hi - 1]) { hi -= 1 }
        return lo..<hi
    }
}

/// Index of the quote closing the quoted field that opens at `open`; `\x` escapes are skipped.
@inline(__always)
func closingQuote(_ line: LineBytes, openAt open: Int) -> Int? {
    var from = open + 1
    while let quote = line.find(ASCII.quote, from: from, to: line.count) {
        // Escaped when an odd run of backslashes stands right before it.
        var backslashes = 0
        while quote - backslashes - 1 > open && line[quote - backslashes - 1] == ASCII.backslash {
            backslashes += 1
        }
        if backslashes % 2 == 0 { return quote }
        from = quote + 1
    }
    return nil
}

/// True when `HTTP/` starts at `offset` (compared byte by byte: this runs for every line).
@inline(__always)
func isHTTPVersion(_ line: LineBytes, at offset: Int) -> Bool {
    offset + 5 <= line.count && line[offset] == 0x48 && line[offset + 1] == 0x54
        && line[offset + 2] == 0x54 && line[offset + 3] == 0x50 && line[offset + 4] == 0x2F
}

/// Splits `METHOD SP TARGET [SP HTTP/x.y]` (the protocol may be absent: HTTP/0.9 form).
///
/// The target is everything between the first and the last space, so raw spaces logged by
/// nginx inside the target survive; the matcher percent-encodes them later.
@inline(__always)
func splitRequestLine(_ line: LineBytes, _ content: Range<Int>) -> (Range<Int>, Range<Int>)? {
    let start = content.lowerBound
    let end = content.upperBound
    var methodEnd = start
    if start + 4 < end && line[start] == 0x47 && line[start + 1] == 0x45
        && line[start + 2] == 0x54 && line[start + 3] == ASCII.space
    {
        methodEnd = start + 3  // `GET `, most lines
    } else {
        while methodEnd < end && ASCII.isLetter(line[methodEnd]) { methodEnd += 1 }
        guard methodEnd > start, methodEnd < end, line[methodEnd] == ASCII.space else {
            return nil
        }
    }
    let targetStart = methodEnd + 1
    let targetEnd: Int
    if end - 9 > targetStart && line[end - 9] == ASCII.space && isHTTPVersion(line, at: end - 8)
        && line[end - 3] != ASCII.space && line[end - 2] != ASCII.space
        && line[end - 1] != ASCII.space
    {
        targetEnd = end - 9  // ` HTTP/d.d`, nearly every line: the last space is known
    } else {
        var lastSpace = end - 1
        while lastSpace > targetStart && line[lastSpace] != ASCII.space { lastSpace -= 1 }
        if lastSpace > targetStart && isHTTPVersion(line, at: lastSpace + 1) {
            targetEnd = lastSpace
        } else if line.find(ASCII.space, from: targetStart, to: end) != nil {
            return nil
        } else {
            targetEnd = end
        }
    }
    guard targetEnd > targetStart else { return nil }
    return (start..<methodEnd, targetStart..<targetEnd)
}

extension ParsedRequest {
    /// Takes the method and target of the request line in `content` (a lone `-`: the line
    /// logs no request); nil when it took them, else what the line is.
    @inline(__always)
    mutating func takeRequestLine(_ line: LineBytes, _ content: Range<Int>) -> LineStatus? {
        if content.count == 1 && line[content.lowerBound] == ASCII.minus {
            return .skip(.noRequest)
        }
        guard let (method, target) = splitRequestLine(line, content) else {
            return .malformed(.badRequestLine)
        }
        self.method = method
        self.target = target
        return nil
    }
}

/// Status code from a field: digits (at most 3), or `-` for none (0); nil when neither.
@inline(__always)
func parseStatus(_ line: LineBytes, _ range: Range<Int>) -> Int? {
    if range.count == 3 {
        // Three digits, nearly every line: no loop, and no overflow to guard against.
        let hundreds = line[range.lowerBound] &- ASCII.zero
        let tens = line[range.lowerBound + 1] &- ASCII.zero
        let units = line[range.lowerBound + 2] &- ASCII.zero
        guard hundreds <= 9, tens <= 9, units <= 9 else { return nil }
        return Int(hundreds) &* 100 &+ Int(tens) &* 10 &+ Int(units)
    }
    if range.count == 1 && line[range.lowerBound] == ASCII.minus { return 0 }
    guard range.count <= 3 else { return nil }
    return ASCII.decimalValue(line, in: range)
}

/// Splits `host[:port]` (and `[v6]:port`); the port is kept only when it is all digits.
func splitHostPort(_ line: LineBytes, _ range: Range<Int>) -> (host: Range<Int>, port: Range<Int>) {
    guard !range.isEmpty else { return (range, range.upperBound..<range.upperBound) }
    var searchFrom = range.lowerBound
    if line[range.lowerBound] == ASCII.leftBracket,
        let close = line.find(ASCII.rightBracket, from: range.lowerBound, to: range.upperBound)
    {
        searchFrom = close
    }
    var colon = range.upperBound - 1
    while colon >= searchFrom && line[colon] != ASCII.colon { colon -= 1 }
    guard colon >= searchFrom, colon + 1 < range.upperBound else {
        return (range, range.upperBound..<range.upperBound)
    }
    for i in (colon + 1)..<range.upperBound where !ASCII.isDigit(line[i]) {
        return (range, range.upperBound..<range.upperBound)
    }
    return (range.lowerBound..<colon, (colon + 1)..<range.upperBound)
}

/// Length of a `scheme://` prefix at `start` (letters, digits, `+-.`), or nil.
func schemePrefixLength(_ line: LineBytes, at start: Int, end: Int) -> Int? {
    var i = start
    while i < end {
        let b = line[i]
        let later = ASCII.isDigit(b) || b == ASCII.plus || b == ASCII.minus || b == ASCII.dot
        if ASCII.isLetter(b) || (i > start && later) {
            i += 1
            continue
        }
        break
    }
    // A non-empty authority must follow: `https://` alone is not a URL.
    guard i > start, i + 3 < end, line.matches("://", at: i) else { return nil }
    return i + 3 - start
}

extension ParsedRequest {
    /// Takes the host and port of `target` when it is in absolute form
    /// (`https://host:port/path`); any other target leaves them as they are.
    @inline(__always)
    mutating func takeAuthority(of target: Range<Int>, in line: LineBytes) {
        guard let authority = authorityOfAbsoluteTarget(line, target) else { return }
        host = authority.host
        port = authority.port
    }
}

/// Host and port of an absolute-form target (`scheme://user@host:port/...`), or nil.
func authorityOfAbsoluteTarget(_ line: LineBytes, _ target: Range<Int>)
    -> (host: Range<Int>, port: Range<Int>)?
{
    guard let prefix = schemePrefixLength(line, at: target.lowerBound, end: target.upperBound)
    else { return nil }
    var start = target.lowerBound + prefix
    var end = start
    while end < target.upperBound {
        let b = line[end]
        if b == ASCII.slash || b == ASCII.question || b == ASCII.hash { break }
        end += 1
    }
    var at = end - 1
    while at >= start && line[at] != ASCII.at { at -= 1 }
    if at >= start { start = at + 1 }
    return splitHostPort(line, start..<end)
}

/// True for targets a URL column may hold: a path (`/...`) or `scheme://...`.
func isPlausibleTarget(_ line: LineBytes, _ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    if line[range.lowerBound] == ASCII.slash { return true }
    return schemePrefixLength(line, at: range.lowerBound, end: range.upperBound) != nil
}
