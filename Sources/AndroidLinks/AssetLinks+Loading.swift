import AASAModel

extension AssetLinks {
    /// Reads and parses an `assetlinks.json` file.
    public static func load(path: String) throws(AndroidLinksError) -> AssetLinks {
        let bytes = try InputFile.read(path: path, limit: maxFileSize)
        return try AssetLinks(parsing: bytes, file: path)
    }

    /// Parses an `assetlinks.json`; `file` names it in errors. Throws when the bytes are not one
    /// JSON array (Android then reads no statement at all); anything less is a diagnostic.
    public init(parsing bytes: [UInt8], file: String? = nil) throws(AndroidLinksError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, start: start)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            let empty = error.message == "the file is empty"
            throw AndroidLinksError(
                file: file, line: error.location.line, column: error.location.column,
                message: error.message,
                hint: empty ? "an assetlinks.json file is one JSON array of statements" : error.hint
            )
        }
        guard case .array(let items) = root.value else {
            throw AndroidLinksError(
                file: file, line: root.location.line, column: root.location.column,
                message: "the top level is \(root.value.kindName), not an array",
                hint: "an assetlinks.json file is a JSON array of statements: [{...}, {...}]")
        }
        var reader = StatementReader()
        let statements = items.enumerated().compactMap { reader.statement($1, index: $0) }
        reader.noteRepeatedDynamicRules(statements)
        self.init(statements: statements, diagnostics: reader.diagnostics)
    }
}
