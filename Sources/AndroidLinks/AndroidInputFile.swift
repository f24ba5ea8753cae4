import AASAModel

/// Reads an Android input (a manifest, an `assetlinks.json`) whole, through the reader AASA files
/// use, refusing one over `limit` bytes with `hint` and `tooLargeCode`.
enum AndroidInputFile {
    static func read(
        path: String, limit: Int, hint: String, tooLargeCode: String = AASAParseError.code
    ) throws(AASAParseError) -> [UInt8] {
        try AASAFileReader.read(path: path, limit: limit) { _ in
            AASAParseError(
                location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "the file is larger than \(limit) bytes, the most aasa-scan reads",
                hint: hint, code: tooLargeCode)
        }
    }
}
