import ASCIIBytes

/// A byte-level walk over one JSON object that picks the request fields out of it.
///
/// No tree is built and nothing is allocated: the walk keeps a container stack as bits (one
/// per depth, up to 64 levels) and remembers, per role, the best-ranked key seen so far.
/// Strings with escapes are unescaped into the caller's scratch buffer, only when chosen.
enum JSONFieldExtractor {
    private struct Found {
        var range = 0..<0
        var escaped = false
        var rank = Int.max
        var isString = false
    }

    private enum Expect { case keyOrEnd, key, valueOrEnd, value, commaOrEnd }

    /// The best-ranked value of each role (`JSONKeyTable.Role` order).
    private typealias Fields = (Found, Found, Found, Found, Found, Found)

    static func scan(
        _ line: LineBytes, keys: JSONKeyTable, scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> LineResult {
        guard let found = walk(line, keys: keys) else { return .malformed(.notJSON) }
        return assemble(
            line, host: found.0, target: found.1, method: found.2, status: found.3,
            requestLine: found.4, scratch: scratch)
    }

    /// The UTC seconds of the line's best-ranked time key (`keys` holds time keys only).
    static func timestamp(_ line: LineBytes, keys: JSONKeyTable, memo: inout MinuteMemo) -> Int64? {
        guard let found = walk(line, keys: keys), found.5.rank != Int.max,
            !found.5.escaped
        else { return nil }
        return memo.seconds(line, found.5.range)
    }

    /// Walks the object, remembering for each role of `keys` its best-ranked value; nil when
    /// the line is no JSON object.
    @inline(__always)
    private static func walk(_ line: LineBytes, keys: JSONKeyTable) -> Fields? {
        let end = line.count
        // Tolerate a prefix before the object (docker-compose `caddy  | {...}`).
        guard var pos = line.find(ASCII.leftBrace, from: line.afterBOM(), to: end) else {
            return nil
        }
        var found = (Found(), Found(), Found(), Found(), Found(), Found())
        var depth = 1
        var arrays: UInt64 = 0
        var expect = Expect.keyOrEnd
        var pending: (role: JSONKeyTable.Role, rank: Int)?
        pos += 1
        while depth > 0 {
            while pos < end && (line[pos] == ASCII.space || line[pos] == ASCII.tab) { pos += 1 }
            guard pos < end else { return nil }
            let c = line[pos]
            let inArray = arrays & (1 << UInt64(depth - 1)) != 0
            switch expect {
            case .keyOrEnd, .key:
                if c == ASCII.rightBrace && expect == .keyOrEnd {
                    depth -= 1
                    pos += 1
                    expect = .commaOrEnd
                    continue
                }
                guard c == ASCII.quote, let close = stringEnd(line, pos) else {
                    return nil
                }
                let key = (pos + 1)..<close.end
                pending = close.escaped ? nil : keys.lookup(line, key)
                pos = close.end + 1
                while pos < end && (line[pos] == ASCII.space || line[pos] == ASCII.tab) {
                    pos += 1
                }
                guard pos < end, line[pos] == ASCII.colon else { return nil }
                pos += 1
                expect = .value
            case .valueOrEnd, .value:
                if c == 0x5D && expect == .valueOrEnd {  // ]
                    depth -= 1
                    pos += 1
                    expect = .commaOrEnd
                    continue
                }
                if c == ASCII.leftBrace || c == ASCII.leftBracket {
                    guard depth < 64 else { return nil }
                    if c == ASCII.leftBracket {
                        arrays |= 1 << UInt64(depth)
                    } else {
                        arrays &= ~(1 << UInt64(depth))
                    }
                    depth += 1
                    pos += 1
                    expect = c == ASCII.leftBrace ? .keyOrEnd : .valueOrEnd
                    pending = nil
                    continue
                }
                var value: Found
                if c == ASCII.quote {
                    guard let close = stringEnd(line, pos) else { return nil }
                    value = Found(
                        range: (pos + 1)..<close.end, escaped: close.escaped, rank: 0,
                        isString: true)
                    pos = close.end + 1
                } else {
                    let start = pos
                    while pos < end {
                        let b = line[pos]
                        if b == 0x2C || b == ASCII.rightBrace || b == 0x5D || ASCII.isBlank(b) {
                            break
                        }
                        pos += 1
                    }
                    guard pos > start else { return nil }
                    value = Found(range: start..<pos, escaped: false, rank: 0, isString: false)
                }
                if let (role, rank) = pending {
                    value.rank = rank
                    switch role {
                    case .host: if rank < found.0.rank && value.isString { found.0 = value }
                    case .target: if rank < found.1.rank && value.isString { found.1 = value }
                    case .method: if rank < found.2.rank && value.isString { found.2 = value }
                    case .status: if rank < found.3.rank { found.3 = value }
                    case .requestLine:
                        if rank < found.4.rank && value.isString { found.4 = value }
                    case .time: if rank < found.5.rank { found.5 = value }
                    }
                }
                pending = nil
                expect = .commaOrEnd
            case .commaOrEnd:
                if c == 0x2C {
                    expect = inArray ? .value : .key
                    pos += 1
                } else if (c == ASCII.rightBrace && !inArray) || (c == 0x5D && inArray) {
                    depth -= 1
                    pos += 1
                } else {
                    return nil
                }
            }
        }
        return found
    }

    private static func assemble(
        _ line: LineBytes, host: Found, target: Found, method: Found, status: Found,
        requestLine: Found, scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> LineResult {
        var request = ParsedRequest()
        var used = 0
        let scratchView = UnsafeBufferPointer(scratch)
        if target.rank != Int.max {
            guard let range = place(line, target, scratch, &used) else {
                return .malformed(.scratchFull)
            }
            request.target = range
            if target.escaped { request.inScratch.insert(.target) }
        } else if requestLine.rank != Int.max {
            guard let range = place(line, requestLine, scratch, &used) else {
                return .malformed(.scratchFull)
            }
            let source = requestLine.escaped ? scratchView : line
            if source.equals(range, "-") { return .skip(.noRequest) }
            guard let (m, t) = splitRequestLine(source, range) else {
                return .malformed(.badRequestLine)
            }
            request.method = m
            request.target = t
            if requestLine.escaped { request.inScratch.formUnion([.target, .method]) }
        } else {
            return .malformed(.missingField)
        }
        let targetBytes = request.inScratch.contains(.target) ? scratchView : line
        guard isPlausibleTarget(targetBytes, request.target) else { return .malformed(.badTarget) }
        if method.rank != Int.max && request.method.isEmpty {
            guard let range = place(line, method, scratch, &used) else {
                return .malformed(.scratchFull)
            }
            request.method = range
            if method.escaped { request.inScratch.insert(.method) }
        }
        if host.rank != Int.max && !host.range.isEmpty {
            guard let range = place(line, host, scratch, &used) else {
                return .malformed(.scratchFull)
            }
            let split = splitHostPort(host.escaped ? scratchView : line, range)
            request.host = split.host
            request.port = split.port
            if host.escaped { request.inScratch.insert(.host) }
        } else if !request.inScratch.contains(.target) {
            request.takeAuthority(of: request.target, in: line)
        }
        if status.rank != Int.max {
            request.status = parseStatus(line, status.range) ?? 0
        }
        return .ok(request)
    }

    /// The string's range in the line, or (when it has escapes) its unescaped copy's range in
    /// the scratch buffer.
    private static func place(
        _ line: LineBytes, _ value: Found, _ scratch: UnsafeMutableBufferPointer<UInt8>,
        _ used: inout Int
    ) -> Range<Int>? {
        guard value.escaped else { return value.range }
        let start = used
        guard unescape(line, value.range, scratch, &used) else { return nil }
        return start..<used
    }

    /// Index of the closing quote of the string opening at `open`, and whether it has escapes.
    @inline(__always)
    private static func stringEnd(_ line: LineBytes, _ open: Int) -> (end: Int, escaped: Bool)? {
        var i = open + 1
        var escaped = false
        while i < line.count {
            let b = line[i]
            if b == ASCII.quote { return (i, escaped) }
            if b == ASCII.backslash {
                escaped = true
                i += 2
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Writes the unescaped string into `scratch` from `used`; false when it does not fit or an
    /// escape is invalid.
    static func unescape(
        _ line: LineBytes, _ range: Range<Int>, _ scratch: UnsafeMutableBufferPointer<UInt8>,
        _ used: inout Int
    ) -> Bool {
        var i = range.lowerBound
        func put(_ b: UInt8) -> Bool {
            guard used < scratch.count else { return false }
            scratch[used] = b
            used += 1
            return true
        }
        while i < range.upperBound {
            let b = line[i]
            guard b == ASCII.backslash else {
                guard put(b) else { return false }
                i += 1
                continue
            }
            guard i + 1 < range.upperBound else { return false }
            let e = line[i + 1]
            i += 2
            var scalar: UInt32
            switch e {
            case 0x22, 0x5C, 0x2F: scalar = UInt32(e)
            case 0x62: scalar = 0x08
            case 0x66: scalar = 0x0C
            case 0x6E: scalar = 0x0A
            case 0x72: scalar = 0x0D
            case 0x74: scalar = 0x09
            case 0x75:
                guard let high = hex4(line, i, range.upperBound) else { return false }
                i += 4
                scalar = high
                if (0xD800..<0xDC00).contains(high), i + 6 <= range.upperBound,
                    line[i] == ASCII.backslash, line[i + 1] == 0x75,
                    let low = hex4(line, i + 2, range.upperBound), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
            default:
                return false
            }
            // A lone surrogate cannot be encoded: it becomes U+FFFD, as decoders do.
            let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            if let encoded = UTF8.encode(unicode) {
                for unit in encoded {
                    guard put(unit) else { return false }
                }
            }
        }
        return true
    }

    private static func hex4(_ line: LineBytes, _ at: Int, _ end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
        var value: UInt32 = 0
        for i in at..<(at + 4) {
            guard let digit = ASCII.hexValue(line[i]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
