import AASAModel

extension AssetLinks {
    /// Reads and parses an `assetlinks.json` file. Its errors carry the codes `ASL100` (not
    /// readable, not JSON, not an array) and `ASL101` (over 1 MiB).
    public static func load(path: String) throws(AASAParseError) -> AssetLinks {
        let bytes: [UInt8]
        do {
            bytes = try AndroidInputFile.read(
                path: path, limit: maxFileSize,
                hint: "give the file itself; Android reads no more than this",
                tooLargeCode: AndroidDiagnosticCode.tooLarge.code)
        } catch {
            // A file that cannot be read is, to Android, one it reads no statement from.
            var coded = error
            if coded.code == AASAParseError.code {
                coded.code = AndroidDiagnosticCode.invalidJSON.code
            }
            throw coded
        }
        return try AssetLinks(parsing: bytes, file: path)
    }

    /// Parses an `assetlinks.json`; `file` names it in errors. Throws (code `ASL100`) when the
    /// bytes are not one JSON array (Android then reads no statement at all); anything less is
    /// a diagnostic.
    public init(parsing bytes: [UInt8], file: String? = nil) throws(AASAParseError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, start: start)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            var located = error
            located.file = file
            located.code = AndroidDiagnosticCode.invalidJSON.code
            if error.message == "the file is empty" {
                located.hint = "an assetlinks.json file is one JSON array of statements"
            }
            throw located
        }
        guard case .array(let items) = root.value else {
            throw AASAParseError(
                file: file, location: root.location,
                message: "the top level is \(root.value.kindName), not an array",
                hint: "an assetlinks.json file is a JSON array of statements: [{...}, {...}]",
                code: AndroidDiagnosticCode.invalidJSON.code)
        }
        var reader = StatementReader()
        if start > 0 {
            // AOSP decodes the body as UTF-8, keeping U+FEFF, which its JSON reader refuses.
            reader.note(
                .byteOrderMark, at: SourceLocation(line: 1, column: 1, offset: 0), "$",
                "the file starts with a byte order mark (EF BB BF); Android's reader fails "
                    + "the whole file")
        }
        let statements = items.enumerated().compactMap { reader.statement($1, index: $0) }
        reader.noteRepeatedDynamicRules(statements)
        self.init(statements: statements, diagnostics: reader.diagnostics)
    }
}
