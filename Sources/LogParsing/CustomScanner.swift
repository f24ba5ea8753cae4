import ASCIIBytes

/// Lines of a `CustomLayout`: literals must be where the layout puts them, and each field ends
/// where the literal after it begins (the last field runs to the end of the line).
enum CustomScanner {
    static func scan(
        _ line: LineBytes, layout: CustomLayout, scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> LineResult {
        var request = ParsedRequest()
        var requestLine: Range<Int>?
        var path: Range<Int>?
        var query: Range<Int>?
        var queryHasMark = false
        var pos = line.afterBOM()
        let end = line.count
        let pieces = layout.pieces
        var index = 0
        while index < pieces.count {
            switch pieces[index] {
            case .literal(let literal):
                guard matches(line, literal, at: pos) else {
                    return .malformed(index == 0 ? .missingFields : .unexpectedTrailer)
                }
                pos += literal.count
            case .field(let role):
                let fieldEnd: Int
                if index + 1 == pieces.count {
                    fieldEnd = end
                } else if case .literal(let next) = pieces[index + 1] {
                    guard let found = find(next, in: line, from: pos, skippingSpaces: role.spaces)
                    else { return .malformed(.missingFields) }
                    fieldEnd = found
                } else {
                    // A path right before its query: the path stops at `?`.
                    var queryEnd = end
                    if index + 2 < pieces.count, case .literal(let next) = pieces[index + 2] {
                        guard let found = find(next, in: line, from: pos, skippingSpaces: 0)
                        else { return .malformed(.missingFields) }
                        queryEnd = found
                    }
                    fieldEnd = line.find(ASCII.question, from: pos, to: queryEnd) ?? queryEnd
                }
                let value = pos..<fieldEnd
                switch role {
                case .requestLine: requestLine = value
                case .method: request.method = value
                case .target, .path: path = value
                case .queryWithMark:
                    query = value
                    queryHasMark = true
                case .query: query = value
                case .status:
                    guard let status = parseStatus(line, value) else {
                        return .malformed(.badStatus)
                    }
                    request.status = status
                case .host:
                    if !(value.count == 1 && line[value.lowerBound] == ASCII.minus) {
                        let split = splitHostPort(line, value)
                        request.host = split.host
                        if !split.port.isEmpty { request.port = split.port }
                    }
                case .port:
                    if !value.isEmpty, value.allSatisfy({ ASCII.isDigit(line[$0]) }) {
                        request.port = value
                    }
                case .userAgent: request.userAgent = value
                case .other, .time: break
                }
                pos = fieldEnd
            }
            index += 1
        }
        if let requestLine {
            if let outcome = request.takeRequestLine(line, requestLine).flatMap(LineResult.init) {
                return outcome
            }
        } else if let path {
            request.target = path
            if let query, !isAbsent(line, query, hasMark: queryHasMark) {
                guard let assembled = assemble(line, path, query, hasMark: queryHasMark, scratch)
                else { return .malformed(.scratchFull) }
                request.target = assembled
                request.inScratch.insert(.target)
            }
        }
        if request.inScratch.contains(.target) { return .ok(request) }
        guard isPlausibleTarget(line, request.target) else { return .malformed(.badTarget) }
        if request.host.isEmpty, line[request.target.lowerBound] != ASCII.slash {
            request.takeAuthority(of: request.target, in: line)
        }
        return .ok(request)
    }

    /// The UTC seconds of the line's time field, found by walking the layout up to it as
    /// `scan` does; nil when the layout has none or the line does not follow it.
    static func timestamp(_ line: LineBytes, layout: CustomLayout, memo: inout MinuteMemo)
        -> Int64?
    {
        var pos = line.afterBOM()
        let pieces = layout.pieces
        for index in pieces.indices {
            switch pieces[index] {
            case .literal(let literal):
                guard matches(line, literal, at: pos) else { return nil }
                pos += literal.count
            case .field(let role):
                var fieldEnd = line.count
                if index + 1 < pieces.count {
                    guard case .literal(let next) = pieces[index + 1] else {
                        // A path right before its query: neither is the time, and the literal
                        // after the query is found from here as well.
                        continue
                    }
                    guard let found = find(next, in: line, from: pos, skippingSpaces: role.spaces)
                    else { return nil }
                    fieldEnd = found
                }
                if case .time = role { return memo.seconds(line, pos..<fieldEnd) }
                pos = fieldEnd
            }
        }
        return nil
    }

    @inline(__always)
    private static func matches(_ line: LineBytes, _ literal: [UInt8], at pos: Int) -> Bool {
        guard pos + literal.count <= line.count else { return false }
        for (offset, byte) in literal.enumerated() where line[pos + offset] != byte {
            return false
        }
        return true
    }

    /// Where `literal` next starts at or after `from`. A quote escaped by a backslash is part
    /// of the field (Apache writes `\"` inside `%r`), and the first `skippingSpaces` spaces
    /// belong to the field (the one inside `[10/Oct/2000:13:55:36 -0700]`).
    private static func find(
        _ literal: [UInt8], in line: LineBytes, from: Int, skippingSpaces: Int
    ) -> Int? {
        guard let first = literal.first else { return from }
        var pos = from
        for _ in 0..<skippingSpaces {
            guard let space = line.find(ASCII.space, from: pos, to: line.count) else { return nil }
            pos = space + 1
        }
        while let candidate = line.find(first, from: pos, to: line.count) {
            pos = candidate + 1
            if first == ASCII.quote, candidate > from, line[candidate - 1] == ASCII.backslash {
                continue
            }
            if matches(line, literal, at: candidate) { return candidate }
        }
        return nil
    }

    /// True when the query field says there is none: empty, `-`, or a lone `?`.
    private static func isAbsent(_ line: LineBytes, _ query: Range<Int>, hasMark: Bool) -> Bool {
        if query.isEmpty { return true }
        if query.count == 1 {
            let byte = line[query.lowerBound]
            return byte == ASCII.minus || (hasMark && byte == ASCII.question)
        }
        return false
    }

    /// `path?query` written into the scratch buffer.
    private static func assemble(
        _ line: LineBytes, _ path: Range<Int>, _ query: Range<Int>, hasMark: Bool,
        _ scratch: UnsafeMutableBufferPointer<UInt8>
    ) -> Range<Int>? {
        let length = path.count + query.count + (hasMark ? 0 : 1)
        guard length <= scratch.count else { return nil }
        var out = 0
        for index in path {
            scratch[out] = line[index]
            out += 1
        }
        if !hasMark {
            scratch[out] = ASCII.question
            out += 1
        }
        for index in query {
            scratch[out] = line[index]
            out += 1
        }
        return 0..<out
    }
}

extension CustomLayout.Role {
    /// Spaces a value of this field may hold.
    var spaces: Int {
        switch self {
        case .other(let spaces), .time(let spaces): return spaces
        default: return 0
        }
    }
}
