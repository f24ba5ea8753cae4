import AASAModel

extension AssetLinks {
    /// Reads and parses an `assetlinks.json` file.
    public static func load(path: String) throws(AASAParseError) -> AssetLinks {
        let bytes = try AndroidInputFile.read(
            path: path, limit: maxFileSize,
            hint: "give the file itself; Android reads no more than this")
        return try AssetLinks(parsing: bytes, file: path)
    }

    /// Parses an `assetlinks.json`; `file` names it in errors. Throws when the bytes are not one
    /// JSON array (Android then reads no statement at all); anything less is a diagnostic.
    public init(parsing bytes: [UInt8], file: String? = nil) throws(AASAParseError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var parser = JSONParser(bytes: bytes, start: start)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            var located = error
            located.file = file
            if error.message == "the file is empty" {
                located.hint = "an assetlinks.json file is one JSON array of statements"
            }
            throw located
        }
        guard case .array(let items) = root.value else {
            throw AASAParseError(
                file: file, location: root.location,
                message: "the top level is \(root.value.kindName), not an array",
                hint: "an assetlinks.json file is a JSON array of statements: [{...}, {...}]")
        }
        var reader = StatementReader()
        let statements = items.enumerated().compactMap { reader.statement($1, index: $0) }
        reader.noteRepeatedDynamicRules(statements)
        self.init(statements: statements, diagnostics: reader.diagnostics)
    }
}
