import AASAModel

extension AppLinkRules {
    /// Reads, parses and compiles the AASA file at `path` (plain JSON or the signed PKCS#7
    /// form; at most `AASADocument.maxFileSize` bytes).
    public init(contentsOf path: String) throws(AppLinkRulesError) {
        let document: AASADocument
        do {
            document = try AASADocument.load(path: path)
        } catch {
            throw AppLinkRulesError(error)
        }
        try self.init(document)
    }

    /// Parses and compiles the bytes of an AASA file.
    public init(json bytes: some Collection<UInt8>) throws(AppLinkRulesError) {
        let document: AASADocument
        do {
            document = try AASADocument.parse(Array(bytes))
        } catch {
            throw AppLinkRulesError(error)
        }
        try self.init(document)
    }
}
