import AASAModel

extension AndroidManifest {
    /// Largest manifest read; real ones are a few hundred kilobytes at most.
    public static let maxFileSize = 8 << 20

    /// Reads and parses the source form of an `AndroidManifest.xml` (A9).
    public static func load(path: String) throws(AASAParseError) -> AndroidManifest {
        let bytes = try AndroidInputFile.read(
            path: path, limit: maxFileSize, hint: "give the app's AndroidManifest.xml")
        return try AndroidManifest(parsing: bytes, file: path)
    }

    /// Parses the source form of an `AndroidManifest.xml`; `file` names it in errors.
    public init(parsing bytes: [UInt8], file: String? = nil) throws(AASAParseError) {
        self = try ManifestReader(bytes: bytes, file: file).read()
    }
}
