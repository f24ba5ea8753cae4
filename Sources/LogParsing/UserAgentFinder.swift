import ASCIIBytes

/// The user agent of a request line, found on demand: only `--skip-bots` asks, so the
/// scanners never pay for it otherwise.
extension LineParser {
    /// The user agent's range in `line`, or nil when the format logs none (or the line
    /// lacks it). `request` is what `parse` returned for the line.
    public func userAgent(in line: LineBytes, of request: ParsedRequest) -> Range<Int>? {
        if !request.userAgent.isEmpty { return request.userAgent }
        guard !request.inScratch.contains(.target), !request.target.isEmpty else { return nil }
        switch format {
        case .combined, .vhost:
            // `"request" status bytes "referer" "agent"`: the second quoted field after the
            // request's own closing quote.
            guard let requestEnd = nextQuote(line, from: request.target.upperBound),
                let refererOpen = line.find(ASCII.quote, from: requestEnd + 1, to: line.count),
                let refererClose = closingQuote(line, openAt: refererOpen),
                let agentOpen = line.find(ASCII.quote, from: refererClose + 1, to: line.count),
                let agentClose = closingQuote(line, openAt: agentOpen)
            else { return nil }
            return (agentOpen + 1)..<agentClose
        case .alb, .elb:
            // `"request" "agent"`: the quoted field right after the request.
            guard let requestEnd = nextQuote(line, from: request.target.upperBound),
                let agentOpen = line.find(ASCII.quote, from: requestEnd + 1, to: line.count),
                let agentClose = closingQuote(line, openAt: agentOpen)
            else { return nil }
            return (agentOpen + 1)..<agentClose
        default:
            return nil
        }
    }

    /// The first quote at or after `from` that no backslash escapes.
    private func nextQuote(_ line: LineBytes, from: Int) -> Int? {
        var pos = from
        while let quote = line.find(ASCII.quote, from: pos, to: line.count) {
            if quote == 0 || line[quote - 1] != ASCII.backslash { return quote }
            pos = quote + 1
        }
        return nil
    }
}
