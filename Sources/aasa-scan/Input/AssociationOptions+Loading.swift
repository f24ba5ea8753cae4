import AASAModel
import CLISupport
import LinkMatcher
import ScanEngine

extension AssociationOptions {
    func load(quiet: Bool, debug: Bool = false) throws -> Associations {
        try loadKeepingSources(quiet: quiet, debug: debug).associations
    }

    /// The files compiled, and byte for byte as they were read, for a saved state: each file
    /// is read once, so a FIFO or standard input (`-`) serves both.
    func loadKeepingSources(quiet: Bool, debug: Bool = false) throws
        -> (associations: Associations, sources: [ScanState.Source])
    {
        var result = Associations()
        var sources: [ScanState.Source] = []
        for (domain, path) in try pairs(warn: !quiet) {
            let (rules, bytes) = try compileAASAKeepingBytes(path, quiet: quiet, debug: debug)
            result.add(domain: domain, path: path, rules: rules)
            sources.append(ScanState.Source(domain: domain?.description, path: path, bytes: bytes))
        }
        return (result, sources)
    }

    /// The files loaded as `load` does, each also as its document and bytes (`suggest`
    /// measures edits of one and writes them into a new file).
    struct LoadedFiles {
        var associations = Associations()
        var documents: [(document: AASADocument, bytes: [UInt8])] = []
    }

    func loadKeepingDocuments(quiet: Bool) throws -> LoadedFiles {
        var loaded = LoadedFiles()
        for (domain, path) in try pairs(warn: !quiet) {
            let file = try loadAASAKeepingBytes(path, quiet: quiet)
            let rules = CompiledRuleSet(file.document)
            if let exceeded = rules.budgetExceeded {
                throw CommandFailure.inputError("\(TerminalText.escaped(path)): error: \(exceeded)")
            }
            loaded.associations.add(domain: domain, path: path, rules: rules)
            loaded.documents.append(file)
        }
        return loaded
    }
}
