import ASCIIBytes

extension LineParser {
    /// True when lines of this format log their time: every format but URL lists, a custom
    /// layout with a time field, a header format whose latest fields header names the time.
    public var logsTime: Bool {
        switch format {
        case .url, .weighted: return false
        case .custom: return layout?.logsTime ?? false
        case .w3c, .cloudfront, .zeek: return columns.hasTime
        default: return true
        }
    }

    /// True for the formats whose time is the bracketed one before the request
    /// (`bracketedTime`).
    public var logsBracketedTime: Bool {
        format == .combined || format == .common || format == .vhost
    }

    /// The UTC seconds of the time `line` logs, `request` being what `parse` found in it;
    /// nil when the line logs no time that reads. Asked only when a time option is given, so
    /// that a scan without one never pays for it; `memo` spares most lines a full reading.
    public func timestamp(in line: LineBytes, of request: ParsedRequest, memo: inout MinuteMemo)
        -> Int64?
    {
        switch format {
        case .combined, .common, .vhost:
            return Self.bracketedTime(line, before: request.method.lowerBound, memo: &memo)
        case .s3:
            guard let open = line.find(ASCII.leftBracket, from: 0, to: line.count),
                let close = line.find(ASCII.rightBracket, from: open, to: line.count)
            else { return nil }
            return memo.seconds(line, (open + 1)..<close)
        case .haproxy:
            // The accept date after the syslog tag: `haproxy[pid]: client:port [date]`.
            guard let tag = Self.syslogTagEnd(line),
                let open = line.find(ASCII.leftBracket, from: tag, to: line.count),
                let close = line.find(ASCII.rightBracket, from: open, to: line.count)
            else { return nil }
            return memo.seconds(line, (open + 1)..<close)
        case .alb, .elb:
            // ALB: the second field; ELB: the first.
            let start = format == .alb ? line.tokenEnd(from: 0) + 1 : 0
            guard start < line.count else { return nil }
            return memo.seconds(line, start..<line.tokenEnd(from: start))
        case .cloudfront, .zeek:
            return W3CScanner.timestamp(line, columns: columns, separator: .tab, memo: &memo)
        case .w3c:
            return W3CScanner.timestamp(line, columns: columns, separator: .blanks, memo: &memo)
        case .json:
            guard let timeKeyTable else { return nil }
            return JSONFieldExtractor.timestamp(line, keys: timeKeyTable, memo: &memo)
        case .custom:
            guard let layout else { return nil }
            return CustomScanner.timestamp(line, layout: layout, memo: &memo)
        case .url, .weighted:
            return nil
        }
    }

    /// NCSA lines: the `[time]` right before the quoted request that starts at `method`
    /// (`[...] "GET `), at its standard width or searched for. Inlinable: it is the time of
    /// nearly every line of a timed scan of these logs.
    @inlinable @inline(__always)
    public static func bracketedTime(
        _ line: LineBytes, before method: Int, memo: inout MinuteMemo
    ) -> Int64? {
        let close = method - 3
        let open = close - 27
        if open >= 0, line[close] == ASCII.rightBracket, line[open] == ASCII.leftBracket {
            return memo.ncsaSeconds(line, open + 1)
        }
        return searchedBracketedTime(line, before: method, memo: &memo)
    }

    /// `bracketedTime` of a time of another width, its `[` searched for.
    @usableFromInline
    static func searchedBracketedTime(
        _ line: LineBytes, before method: Int, memo: inout MinuteMemo
    ) -> Int64? {
        let close = method - 3
        guard close > 0, line[close] == ASCII.rightBracket else { return nil }
        var open = close - 1
        while open >= 0 && line[open] != ASCII.leftBracket { open -= 1 }
        guard open >= 0 else { return nil }
        return memo.seconds(line, (open + 1)..<close)
    }

    /// Index after the syslog `tag[pid]: `.
    private static func syslogTagEnd(_ line: LineBytes) -> Int? {
        var index = 0
        while index + 1 < line.count {
            if line[index] == ASCII.colon && line[index + 1] == ASCII.space { return index + 2 }
            index += 1
        }
        return nil
    }
}
