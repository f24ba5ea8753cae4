import ASCIIBytes

/// Parses the lines of one input in one format; a small value that carries header state.
///
/// Header-described formats (W3C, CloudFront, Zeek) learn their columns from `#Fields:` /
/// `#fields` lines, and `parse` updates `columns` when it meets one, also mid-file. When the
/// engine hands chunks of one input to several workers, it keeps one parser per input on the
/// reader side, calls `absorbHeaders(in:)` on each chunk in input order, and gives every worker
/// a copy of the parser as it was *before* that chunk: each worker then starts with the
/// columns in force at its first line, and a header inside its chunk changes them from there on.
public struct LineParser: Sendable {
    /// The format this parser reads.
    public let format: LogFormat
    /// Column layout from the latest fields header (header formats only).
    public var columns: ColumnMap
    /// JSON key names in use.
    public let jsonNames: JSONFieldNames
    private let keyTable: JSONKeyTable
    /// The layout of the `custom` format.
    public let layout: CustomLayout?

    /// A parser at the start of an input.
    public init(format: LogFormat, jsonNames: JSONFieldNames = .standard) {
        self.format = format
        self.jsonNames = jsonNames
        columns = ColumnMap()
        keyTable = JSONKeyTable(jsonNames)
        layout = nil
    }

    /// A parser of lines laid out as `layout` says (the `custom` format).
    public init(layout: CustomLayout) {
        format = .custom
        jsonNames = .standard
        columns = ColumnMap()
        keyTable = JSONKeyTable(.standard)
        self.layout = layout
    }

    /// Parses one line (without its `\n`); `scratch` receives unescaped or assembled fields.
    public mutating func parse(_ line: LineBytes, scratch: UnsafeMutableBufferPointer<UInt8>)
        -> LineResult
    {
        guard let first = line.first else { return .skip(.blank) }
        if first == ASCII.hash {
            if format.hasHeaders, let map = ColumnMap.parseHeader(line, zeek: format == .zeek) {
                columns = map
            }
            return .skip(.comment)
        }
        switch format {
        case .combined: return blankOr(line, NCSAScanner.scan(line, vhost: false, tail: .combined))
        case .common: return blankOr(line, NCSAScanner.scan(line, vhost: false, tail: .common))
        case .vhost: return blankOr(line, NCSAScanner.scan(line, vhost: true, tail: .either))
        case .alb: return blankOr(line, LoadBalancerScanner.scan(line, alb: true))
        case .elb: return blankOr(line, LoadBalancerScanner.scan(line, alb: false))
        case .s3: return blankOr(line, S3Scanner.scan(line))
        case .haproxy: return blankOr(line, HAProxyScanner.scan(line))
        case .cloudfront, .zeek:
            return blankOr(
                line, W3CScanner.scan(line, columns: columns, separator: .tab, scratch: scratch))
        case .w3c:
            return blankOr(
                line, W3CScanner.scan(line, columns: columns, separator: .blanks, scratch: scratch))
        case .json:
            return blankOr(
                line,
                JSONFieldExtractor.scan(
                    line, keys: keyTable,
                    scratch: scratch))
        case .weighted: return blankOr(line, URLListScanner.scan(line, weighted: true))
        case .url: return blankOr(line, URLListScanner.scan(line, weighted: false))
        case .custom:
            guard let layout else { return .malformed(.missingFields) }
            return blankOr(line, CustomScanner.scan(line, layout: layout, scratch: scratch))
        }
    }

    /// Whitespace-only lines are blank, not malformed (checked only when the scan failed, so
    /// the common path pays nothing).
    @inline(__always)
    private func blankOr(_ line: LineBytes, _ result: LineResult) -> LineResult {
        if case .malformed = result, line.isBlankLine() { return .skip(.blank) }
        return result
    }

    /// Applies the fields headers found in `chunk` (whole lines, in input order) so the parser
    /// describes the state after it. Cheap and a no-op for formats without headers.
    public mutating func absorbHeaders(in chunk: UnsafeBufferPointer<UInt8>) {
        guard format.hasHeaders, let base = chunk.baseAddress else { return }
        var lineStart = 0
        while lineStart < chunk.count {
            var lineEnd = lineStart
            while lineEnd < chunk.count && chunk[lineEnd] != 0x0A { lineEnd += 1 }
            if chunk[lineStart] == ASCII.hash {
                var length = lineEnd - lineStart
                if length > 0 && chunk[lineStart + length - 1] == 0x0D { length -= 1 }
                let line = LineBytes(start: base + lineStart, count: length)
                if let map = ColumnMap.parseHeader(line, zeek: format == .zeek) { columns = map }
            }
            lineStart = lineEnd + 1
        }
    }
}
