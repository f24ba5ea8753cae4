import AASAModel
import CLISupport
import LinkMatcher

extension AssociationOptions {
    /// The files of a folder named by domain (`example.com.json`, `_.example.com.json` for
    /// `*.example.com`), in name order; a name that is no domain is skipped, with a warning.
    static func directoryPairs(_ directory: String, warn: Bool, option: String) throws
        -> [(DomainPattern?, String)]
    {
        try FolderEntries.names(in: directory).sorted().compactMap { name in
            var domain = name
            for suffix in [".json", ".aasa"] where domain.hasSuffix(suffix) {
                domain.removeLast(suffix.count)
            }
            if domain.hasPrefix("_.") { domain = "*." + domain.dropFirst(2) }
            do throws(InvalidDomain) {
                return (try DomainPattern.parse(domain), directory + "/" + name)
            } catch {
                if warn {
                    StandardError.line(
                        "aasa-scan: warning: \(option): skipped \(TerminalText.escaped(name)): "
                            + TerminalText.escaped(error.reason))
                }
                return nil
            }
        }
    }
}
