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
    /// The time keys of `jsonNames`, for `timestamp(in:of:memo:)` (JSON lines only).
    let timeKeyTable: JSONKeyTable?
    /// The layout of the `custom` format.
    public let layout: CustomLayout?

    /// A parser at the start of an input.
    public init(format: LogFormat, jsonNames: JSONFieldNames = .standard) {
        self.format = format
        self.jsonNames = jsonNames
        columns = ColumnMap()
        keyTable = JSONKeyTable(jsonNames)
        timeKeyTable = format == .json ? JSONKeyTable(jsonNames, timeOnly: true) : nil
        layout = nil
    }

    /// A parser of lines laid out as `layout` says (the `custom` format).
    public init(layout: CustomLayout) {
        format = .custom
        jsonNames = .standard
        columns = ColumnMap()
        keyTable = JSONKeyTable(.standard)
        timeKeyTable = nil
        self.layout = layout
    }

    /// Parses one line (without its `\n`); `scratch` receives unescaped or assembled fields.
    public mutating func parse(_ line: LineBytes, scratch: UnsafeMutableBufferPointer<UInt8>)
        -> LineResult
    {
        var request = ParsedRequest()
        switch parse(line, scratch: scratch, into: &request) {
        case .ok: return .ok(request)
        case .skip(let reason): return .skip(reason)
        case .malformed(let reason): return .malformed(reason)
        }
    }

    /// `parse(_:scratch:)` for a caller that keeps the request in place: it is written into
    /// `request` (whole, when the line holds one) instead of being returned, which spares the
    /// scan two copies of it at every line.
    public mutating func parse(
        _ line: LineBytes, scratch: UnsafeMutableBufferPointer<UInt8>,
        into request: inout ParsedRequest
    ) -> LineStatus {
        guard let first = line.first else { return .skip(.blank) }
        if first == ASCII.hash {
            if format.hasHeaders, let map = ColumnMap.parseHeader(line, zeek: format == .zeek) {
                columns = map
            }
            return .skip(.comment)
        }
        let status: LineStatus
        switch format {
        case .combined:
            status = NCSAScanner.scan(line, vhost: false, tail: .combined, into: &request)
        case .common: status = NCSAScanner.scan(line, vhost: false, tail: .common, into: &request)
        case .vhost: status = NCSAScanner.scan(line, vhost: true, tail: .either, into: &request)
        case .alb: status = Self.store(LoadBalancerScanner.scan(line, alb: true), &request)
        case .elb: status = Self.store(LoadBalancerScanner.scan(line, alb: false), &request)
        case .s3: status = Self.store(S3Scanner.scan(line), &request)
        case .haproxy: status = Self.store(HAProxyScanner.scan(line), &request)
        case .cloudfront, .zeek:
            status = Self.store(
                W3CScanner.scan(line, columns: columns, separator: .tab, scratch: scratch),
                &request)
        case .w3c:
            status = Self.store(
                W3CScanner.scan(line, columns: columns, separator: .blanks, scratch: scratch),
                &request)
        case .json:
            status = Self.store(
                JSONFieldExtractor.scan(line, keys: keyTable, scratch: scratch), &request)
        case .weighted: status = Self.store(URLListScanner.scan(line, weighted: true), &request)
        case .url: status = Self.store(URLListScanner.scan(line, weighted: false), &request)
        case .custom:
            guard let layout else { return .malformed(.missingFields) }
            status = Self.store(
                CustomScanner.scan(line, layout: layout, scratch: scratch), &request)
        }
        // Whitespace-only lines are blank, not malformed (checked only when the scan failed,
        // so the common path pays nothing).
        if case .malformed = status, line.isBlankLine() { return .skip(.blank) }
        return status
    }

    /// A scanner's result as a status, its request stored into `request`.
    @inline(__always)
    private static func store(_ result: LineResult, _ request: inout ParsedRequest) -> LineStatus {
        switch result {
        case .ok(let parsed):
            request = parsed
            return .ok
        case .skip(let reason): return .skip(reason)
        case .malformed(let reason): return .malformed(reason)
        }
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
