import ASCIIBytes

/// AWS ALB and Classic ELB access logs: space-separated fields, then `"METHOD URL PROTO"`.
///
/// ALB: `type time elb client target rpt tpt spt elb_status target_status recv sent "req" ...`
/// ELB: `time elb client backend rpt bpt spt elb_status backend_status recv sent "req" ...`
/// TCP listeners log `"- - - "` as the request: those lines are skipped, not malformed.
enum LoadBalancerScanner {
    static func scan(_ line: LineBytes, alb: Bool) -> LineResult {
        let fieldsBefore = alb ? 12 : 11
        let statusField = alb ? 8 : 7
        var pos = 0
        var status = 0
        let end = line.count
        for index in 0..<fieldsBefore {
            let tokenEnd = line.tokenEnd(from: pos)
            guard tokenEnd > pos, tokenEnd < end, line[pos] != ASCII.quote else {
                return .malformed(.missingFields)
            }
            // The timestamp is field 1 for ALB and field 0 for ELB: it starts with a digit.
            if index == (alb ? 1 : 0) && !ASCII.isDigit(line[pos]) {
                return .malformed(.missingTimestamp)
            }
            if index == 0 && alb && !ASCII.isLetter(line[pos]) { return .malformed(.missingFields) }
            if index == statusField {
                guard let value = parseStatus(line, pos..<tokenEnd) else {
                    return .malformed(.badStatus)
                }
                status = value
            }
            pos = tokenEnd + 1
        }
        guard pos < end, line[pos] == ASCII.quote, let close = closingQuote(line, openAt: pos)
        else { return .malformed(.noQuotedRequest) }
        let content = (pos + 1)..<close
        if content.isEmpty || line[content.lowerBound] == ASCII.minus { return .skip(.noRequest) }
        guard let (method, target) = splitRequestLine(line, line.trimmed(content)) else {
            return .malformed(.badRequestLine)
        }
        var request = ParsedRequest()
        request.method = method
        request.target = target
        request.status = status
        request.takeAuthority(of: target, in: line)
        return .ok(request)
    }
}
