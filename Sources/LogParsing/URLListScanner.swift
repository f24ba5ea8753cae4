import ASCIIBytes

/// Plain URL lists (`url`) and counted lists (`weighted`).
///
/// `url`: one absolute URL (`scheme://...`) or path (`/...`) per line; surrounding blanks and a
/// UTF-8 byte order mark are ignored; inner raw bytes are kept as they are.
/// `weighted`: optional leading blanks, a decimal count, one or more tabs or spaces, then a
/// `url` line. Spaces are accepted as well as a tab so that `sort | uniq -c` output reads as is.
enum URLListScanner {
    static func scan(_ line: LineBytes, weighted: Bool) -> LineResult {
        var range = line.trimmed(line.afterBOM()..<line.count)
        var weight = 1
        if weighted {
            let pos = ASCII.digitsEnd(line, from: range.lowerBound, to: range.upperBound)
            guard pos < range.upperBound, ASCII.isBlank(line[pos]),
                let value = ASCII.decimalValue(line, in: range.lowerBound..<pos)
            else {
                return .malformed(.badCount)
            }
            weight = value
            range = line.trimmed(pos..<range.upperBound)
        }
        guard isPlausibleTarget(line, range) else { return .malformed(.badTarget) }
        var request = ParsedRequest()
        request.target = range
        request.weight = weight
        request.takeAuthority(of: range, in: line)
        return .ok(request)
    }
}
