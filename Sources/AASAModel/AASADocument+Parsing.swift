import FoundationEssentials

extension AASADocument {
    /// Above this many bytes iOS 9.3.1+ may ignore the file ("128 KB", SEMANTICS.md S11 Q13).
    public static let sizeLimit = 128 * 1024
    /// The largest file aasa-scan reads: 128 times what devices accept, room for generated
    /// files of 100,000 rules, while a hostile file cannot take more than about 1 GB to parse.
    public static let maxFileSize = 16 << 20
    /// The most rules (components and `paths` strings) aasa-scan compiles from one file.
    public static let maxRules = 200_000

    /// Parses the bytes of an AASA file: plain JSON, JSON after a UTF-8 BOM, or JSON inside
    /// a signed PKCS#7/CMS wrapper (unwrapped, signature not verified).
    public static func parse(_ bytes: [UInt8]) throws(AASAParseError) -> AASADocument {
        if bytes.count > maxFileSize { throw tooLarge(bytes.count) }
        var diagnostics: [Diagnostic] = []
        let (json, wasSigned) = try unwrapped(bytes)
        if wasSigned {
            diagnostics.append(
                Diagnostic(
                    .signedNotVerified, path: JSONPath.root,
                    message: "the file is a signed PKCS#7 blob; its JSON was extracted but the "
                        + "signature was NOT verified (locations refer to the embedded JSON)",
                    hint: "iOS 9+ needs no signature over HTTPS; serve the plain JSON"))
        }
        let root = try parseJSON(json)
        guard case .object = root.value else {
            throw AASAParseError(
                location: root.location,
                message: "the top-level value is \(root.value.kindName), not an object",
                hint: "an AASA file is one JSON object such as {\"applinks\": {...}}")
        }
        var builder = DocumentBuilder()
        let (applinks, services) = builder.build(root: root)
        if let location = builder.tooManyRulesAt {
            throw AASAParseError(
                location: location,
                message: "the file has more than \(maxRules) rules, the most aasa-scan compiles",
                hint: "devices ignore AASA files over 128 KB; split the rules or merge them with "
                    + "wildcards", code: DiagnosticCode.tooLarge.code)
        }
        diagnostics += builder.diagnostics
        if builder.omittedDiagnostics > 0 {
            diagnostics.append(
                Diagnostic(
                    .tooManyDiagnostics, path: JSONPath.root,
                    message: "\(builder.omittedDiagnostics) more diagnostics were left out; the "
                        + "first \(DocumentBuilder.maxDiagnostics) are listed",
                    hint: "fix the ones listed and check the file again"))
        }
        if bytes.count > sizeLimit {
            diagnostics.append(
                Diagnostic(
                    .oversized, path: JSONPath.root,
                    message: "the file is \(bytes.count) bytes, over the documented 128 KB "
                        + "(\(sizeLimit) bytes) limit of iOS 9.3.1 and later; devices may "
                        + "ignore it entirely",
                    hint: "shrink it: merge rules with wildcards or substitution variables"))
        }
        return AASADocument(
            applinks: applinks, otherServices: services, byteCount: bytes.count,
            wasSigned: wasSigned, diagnostics: sortedByLocation(diagnostics))
    }

    /// The JSON of a file: the bytes themselves, or the content of a signed PKCS#7 wrapper.
    static func unwrapped(_ bytes: [UInt8]) throws(AASAParseError)
        -> (json: [UInt8], wasSigned: Bool)
    {
        guard PKCS7.looksSigned(bytes) else { return (bytes, false) }
        if let content = PKCS7.content(of: bytes) { return (content, true) }
        if let object = PKCS7.firstJSONObject(in: bytes) { return (object, true) }
        throw AASAParseError(
            location: SourceLocation(line: 1, column: 1, offset: 0),
            message: "binary data that is neither JSON nor a readable PKCS#7 SignedData",
            hint: "serve the JSON itself; signing is unnecessary since iOS 9")
    }

    /// The error for a file of `count` bytes, over `maxFileSize`.
    static func tooLarge(_ count: Int) -> AASAParseError {
        AASAParseError(
            location: SourceLocation(line: 1, column: 1, offset: 0),
            message: "the file is larger than \(maxFileSize >> 20) MiB (\(maxFileSize) bytes), the "
                + "most aasa-scan reads",
            hint: "devices ignore AASA files over 128 KB; is this the "
                + "right file?", code: DiagnosticCode.tooLarge.code)
    }

    /// Reads and parses the file at `path` (a FIFO or `/dev/stdin` too); read failures name
    /// the file too.
    public static func load(path: String) throws(AASAParseError) -> AASADocument {
        try loadKeepingBytes(path: path).document
    }

    /// `load(path:)`, with the bytes read: for an edit that keeps every one of them.
    public static func loadKeepingBytes(path: String) throws(AASAParseError)
        -> (document: AASADocument, bytes: [UInt8])
    {
        let bytes = try AASAFileReader.read(path: path)
        do {
            return (try parse(bytes), bytes)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Reads and parses standard input (`lint -`).
    public static func readStandardInput() throws(AASAParseError) -> AASADocument {
        try readStandardInputKeepingBytes().document
    }

    /// `readStandardInput()`, with the bytes read.
    public static func readStandardInputKeepingBytes() throws(AASAParseError)
        -> (document: AASADocument, bytes: [UInt8])
    {
        let bytes = try readStandardInputBytes()
        return (try parse(bytes), bytes)
    }

    /// A file's bytes, up to the size an AASA file may have, unparsed.
    public static func readBytes(path: String) throws(AASAParseError) -> [UInt8] {
        try AASAFileReader.read(path: path)
    }

    /// All of standard input, up to the size an AASA file may have (`--aasa -`).
    public static func readStandardInputBytes() throws(AASAParseError) -> [UInt8] {
        try AASAFileReader.read(descriptor: 0, name: nil)
    }

    /// Parses JSON text, skipping a UTF-8 byte-order mark and refusing UTF-16.
    static func parseJSON(_ bytes: [UInt8]) throws(AASAParseError) -> JSONNode {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw AASAParseError(
                location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "the file is UTF-16 (it starts with a UTF-16 byte-order mark)",
                hint: "JSON must be UTF-8; re-save the file as UTF-8")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, start: start)
        return try parser.parseDocument()
    }

    /// File order; diagnostics without a location (whole-file ones) come first.
    private static func sortedByLocation(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location?.offset ?? -1
            let right = rhs.element.location?.offset ?? -1
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
