import ASCIIBytes

/// Rows of header-described formats: W3C extended / IIS (blank separated, quoted fields
/// allowed), CloudFront and Zeek (tab separated).
enum W3CScanner {
    enum Separator { case blanks, tab }

    static func scan(
        _ line: LineBytes, columns: ColumnMap, separator: Separator,
        scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> LineResult {
        guard columns.hasHeader else { return .malformed(.noFieldsHeader) }
        var method = 0..<0
        var stem = 0..<0
        var query = 0..<0
        var uri = 0..<0
        var host = 0..<0
        var status = 0..<0
        let last = columns.lastNeeded
        var pos = 0
        let end = line.count
        var index = 0
        while index <= last && pos <= end {
            guard let field = nextField(line, &pos, separator) else { continue }
            switch index {
            case columns.method: method = field
            case columns.uriStem: stem = field
            case columns.uriQuery: query = field
            case columns.uri: uri = field
            case columns.host: host = field
            case columns.status: status = field
            default: break
            }
            index += 1
        }
        var request = ParsedRequest()
        if columns.uri >= 0 && index > columns.uri && !uri.isEmpty {
            request.target = uri
            // Incapsula logs cs-uri as `host/path` without a scheme.
            if !isPlausibleTarget(line, uri),
                let slash = line.find(ASCII.slash, from: uri.lowerBound, to: uri.upperBound),
                slash > uri.lowerBound,
                line.find(0x2E, from: uri.lowerBound, to: slash) != nil,
                host.isEmpty
            {
                host = uri.lowerBound..<slash
                request.target = slash..<uri.upperBound
            }
        } else if columns.uriStem >= 0 && index > columns.uriStem && !stem.isEmpty {
            request.target = stem
            if !query.isEmpty && !isDash(line, query) {
                // The URL is stem + "?" + query: assemble it in the scratch buffer.
                let total = stem.count + 1 + query.count
                guard total <= scratch.count else { return .malformed(.scratchFull) }
                var out = 0
                for i in stem {
                    scratch[out] = line[i]
                    out += 1
                }
                scratch[out] = ASCII.question
                out += 1
                for i in query {
                    scratch[out] = line[i]
                    out += 1
                }
                request.target = 0..<total
                request.inScratch.insert(.target)
            }
        } else {
            return .malformed(.missingColumn)
        }
        if !request.inScratch.contains(.target) && !isPlausibleTarget(line, request.target) {
            return .malformed(.badTarget)
        }
        if request.inScratch.contains(.target) && !isPlausibleTarget(line, stem) {
            return .malformed(.badTarget)
        }
        if !method.isEmpty && !isDash(line, method) { request.method = method }
        if !host.isEmpty && !isDash(line, host) {
            let split = splitHostPort(line, host)
            request.host = split.host
            request.port = split.port
        } else if !request.inScratch.contains(.target) {
            request.takeAuthority(of: request.target, in: line)
        }
        request.status = parseStatus(line, status) ?? 0
        return .ok(request)
    }

    /// The field at `pos` (blanks before it skipped, quotes taken off), moving `pos` past it;
    /// nil when only blanks remained (then `pos` is past the end).
    @inline(__always)
    private static func nextField(_ line: LineBytes, _ pos: inout Int, _ separator: Separator)
        -> Range<Int>?
    {
        let end = line.count
        var fieldStart = pos
        let fieldEnd: Int
        switch separator {
        case .tab:
            fieldEnd = line.find(ASCII.tab, from: pos, to: end) ?? end
            pos = fieldEnd + 1
        case .blanks:
            while fieldStart < end && ASCII.isBlank(line[fieldStart]) { fieldStart += 1 }
            if fieldStart == end {
                pos = end + 1
                return nil
            }
            if line[fieldStart] == ASCII.quote, let close = closingQuote(line, openAt: fieldStart) {
                fieldEnd = close
                pos = close + 1
                fieldStart += 1
            } else {
                var blank = fieldStart
                while blank < end && !ASCII.isBlank(line[blank]) { blank += 1 }
                fieldEnd = blank
                pos = blank
            }
        }
        return fieldStart..<fieldEnd
    }

    /// The UTC seconds of a row's `date` and `time` (or Zeek `ts`) columns; nil when the
    /// header names none or the row's do not read.
    static func timestamp(
        _ line: LineBytes, columns: ColumnMap, separator: Separator, memo: inout MinuteMemo
    ) -> Int64? {
        let last = columns.epochTime >= 0 ? columns.epochTime : max(columns.date, columns.time)
        guard columns.hasTime else { return nil }
        var date = 0..<0
        var time = 0..<0
        var pos = 0
        var index = 0
        while index <= last && pos <= line.count {
            guard let field = nextField(line, &pos, separator) else { continue }
            if index == columns.date { date = field }
            if index == columns.time { time = field }
            if index == columns.epochTime { return memo.seconds(line, field) }
            index += 1
        }
        guard index > last else { return nil }
        return TimestampText.dateAndTime(line, date: date, time: time)
    }

    @inline(__always) static func isDash(_ line: LineBytes, _ range: Range<Int>) -> Bool {
        range.count == 1 && line[range.lowerBound] == ASCII.minus
    }
}
