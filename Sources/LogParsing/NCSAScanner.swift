import ASCIIBytes

/// Apache/nginx access lines: `[vhost] host ident user [time] "request" status bytes [...]`.
enum NCSAScanner {
    /// What may follow the byte count.
    enum Tail { case common, combined, either }

    /// Scans one line into `request`; `vhost` adds the leading `host[:port]` field.
    @inline(__always)
    static func scan(
        _ line: LineBytes, vhost: Bool, tail: Tail, into request: inout ParsedRequest
    ) -> LineStatus {
        request = ParsedRequest()
        var pos = line.afterBOM()
        let end = line.count
        // vhost, then client host, ident and user: single-space separated tokens.
        let leading = vhost ? 4 : 3
        for index in 0..<leading {
            // Ident and user are nearly always `- -`: both taken at once, as the two turns of
            // this loop would take them.
            if index == leading - 2, pos + 4 < end, line[pos] == ASCII.minus,
                line[pos + 1] == ASCII.space, line[pos + 2] == ASCII.minus,
                line[pos + 3] == ASCII.space
            {
                pos += 4
                break
            }
            // Ident and user are nearly always `-`: a one-byte token needs no search.
            let tokenEnd =
                pos + 1 < end && line[pos + 1] == ASCII.space && line[pos] != ASCII.space
                ? pos + 1 : line.tokenEnd(from: pos)
            guard tokenEnd > pos, tokenEnd < end else { return .malformed(.missingFields) }
            // A bracket opens the timestamp, except for an IPv6 virtual host (`[::1]:80`).
            let bracketAllowed = vhost && index == 0
            if (line[pos] == ASCII.leftBracket && !bracketAllowed) || line[pos] == ASCII.quote {
                return .malformed(.missingFields)
            }
            if vhost && index == 0 {
                let split = splitHostPort(line, pos..<tokenEnd)
                request.host = split.host
                request.port = split.port
            }
            pos = tokenEnd + 1
        }
        guard pos < end, line[pos] == ASCII.leftBracket,
            let close = standardTimestampEnd(line, openAt: pos)
                ?? line.find(ASCII.rightBracket, from: pos + 1, to: end)
        else { return .malformed(.missingTimestamp) }
        pos = close + 1
        guard pos + 1 < end, line[pos] == ASCII.space, line[pos + 1] == ASCII.quote,
            let requestEnd = closingQuote(line, openAt: pos + 1)
        else { return .malformed(.noQuotedRequest) }
        let content = (pos + 2)..<requestEnd
        pos = requestEnd + 1
        guard pos < end, line[pos] == ASCII.space else { return .malformed(.missingFields) }
        let statusStart = pos + 1
        // Three digits and a space, nearly always.
        let statusEnd =
            statusStart + 3 < end && line[statusStart + 3] == ASCII.space
                && line[statusStart] != ASCII.space && line[statusStart + 1] != ASCII.space
                && line[statusStart + 2] != ASCII.space
            ? statusStart + 3 : line.tokenEnd(from: statusStart)
        guard let status = parseStatus(line, statusStart..<statusEnd) else {
            return .malformed(.badStatus)
        }
        guard statusEnd < end else { return .malformed(.missingFields) }
        // A few digits: a byte loop costs less than a call to `memchr`.
        var bytesEnd = statusEnd + 1
        while bytesEnd < end && line[bytesEnd] != ASCII.space { bytesEnd += 1 }
        guard bytesEnd > statusEnd + 1 else { return .malformed(.missingFields) }
        // What follows the byte count: only its first non-blank byte matters.
        let next = line.skippingBlanks(from: bytesEnd)
        let nothingFollows = next == end
        switch tail {
        case .common:
            if !nothingFollows { return .malformed(.unexpectedTrailer) }
        case .combined:
            // Only the opening quote of the referer is checked: enough to tell combined from
            // common, and the user agent is never scanned.
            if nothingFollows || line[next] != ASCII.quote {
                return .malformed(.missingReferer)
            }
        case .either:
            if !nothingFollows && line[next] != ASCII.quote {
                return .malformed(.unexpectedTrailer)
            }
        }
        if let outcome = request.takeRequestLine(line, content) { return outcome }
        request.status = status
        // Origin-form targets (`/p?q`, nearly every line) carry no host: skip the scheme check.
        if request.host.isEmpty, line[request.target.lowerBound] != ASCII.slash {
            request.takeAuthority(of: request.target, in: line)
        }
        return .ok
    }

    /// The `]` of a standard `[10/Oct/2000:13:55:36 -0700]` opening at `open`, found by its
    /// fixed layout instead of a search; nil when the timestamp looks any different.
    @inline(__always)
    private static func standardTimestampEnd(_ line: LineBytes, openAt open: Int) -> Int? {
        let close = open + 27
        guard close < line.count, line[close] == ASCII.rightBracket,
            line[open + 3] == ASCII.slash, line[open + 7] == ASCII.slash,
            line[open + 12] == ASCII.colon, line[open + 21] == ASCII.space
        else { return nil }
        return close
    }
}
