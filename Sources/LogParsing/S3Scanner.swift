import ASCIIBytes

/// Amazon S3 server access logs:
/// `owner bucket [time] ip requester id operation key "METHOD /bucket/key PROTO" status ...`.
///
/// The host is the bucket name (often the site's domain for website buckets); the target is
/// the request URI as logged.
enum S3Scanner {
    static func scan(_ line: LineBytes) -> LineResult {
        let end = line.count
        var pos = 0
        let ownerEnd = line.tokenEnd(from: pos)
        guard ownerEnd > pos, ownerEnd < end else { return .malformed(.missingFields) }
        pos = ownerEnd + 1
        let bucketEnd = line.tokenEnd(from: pos)
        guard bucketEnd > pos, bucketEnd < end, line[pos] != ASCII.leftBracket else {
            return .malformed(.missingFields)
        }
        let bucket = pos..<bucketEnd
        pos = bucketEnd + 1
        guard pos < end, line[pos] == ASCII.leftBracket,
            let close = line.find(ASCII.rightBracket, from: pos, to: end)
        else { return .malformed(.missingTimestamp) }
        pos = close + 2
        // remote ip, requester, request id, operation, key
        for _ in 0..<5 {
            let tokenEnd = line.tokenEnd(from: pos)
            guard tokenEnd > pos, tokenEnd < end, line[pos] != ASCII.quote else {
                return .malformed(.missingFields)
            }
            pos = tokenEnd + 1
        }
        guard pos < end, line[pos] == ASCII.quote, let requestEnd = closingQuote(line, openAt: pos)
        else { return .malformed(.noQuotedRequest) }
        let content = (pos + 1)..<requestEnd
        let statusStart = requestEnd + 2
        guard statusStart < end else { return .malformed(.missingFields) }
        guard let status = parseStatus(line, statusStart..<line.tokenEnd(from: statusStart)) else {
            return .malformed(.badStatus)
        }
        if content.count == 1 && line[content.lowerBound] == ASCII.minus {
            return .skip(.noRequest)
        }
        guard let (method, target) = splitRequestLine(line, content) else {
            return .malformed(.badRequestLine)
        }
        var request = ParsedRequest()
        request.method = method
        request.target = target
        request.status = status
        request.host = bucket
        return .ok(request)
    }
}
