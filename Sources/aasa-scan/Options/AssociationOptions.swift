import AASAModel
import ArgumentParser
import CLISupport
import FoundationEssentials
import LinkMatcher

/// Which AASA file applies to which request.
struct AssociationOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "FILE applies one AASA file to every request (no host check); DOMAIN=FILE applies it "
                + "to that host ([*.]host[:port]). Repeatable; with both, FILE serves hosts no "
                + "domain claims.", valueName: "[domain=]file"))
    var aasa: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of AASA files named by domain (example.com, example.com.json, "
                + "*.example.com.json or _.example.com.json).", valueName: "dir"))
    var aasaDir: String?

    /// Domains are checked before anything is read: a malformed one is a usage error.
    func validate() throws {
        try StandardInputUse.refuseFolder(aasaDir, option: "--aasa-dir")
        for value in aasa {
            guard let (name, _) = Self.splitDomain(value) else { continue }
            do throws(InvalidDomain) {
                _ = try DomainPattern.parse(name)
            } catch {
                throw Self.domainError(error)
            }
        }
    }

    /// The checks of a command that decides the requests of logs by these files: some file
    /// is given, and standard input serves at most one of the files and the logs (`inputs`,
    /// standard input when there are none).
    func validate(readingLogs inputs: [String]) throws {
        if aasa.isEmpty && aasaDir == nil {
            throw ValidationError(
                "Give an AASA file with --aasa FILE, --aasa DOMAIN=FILE or --aasa-dir DIR.")
        }
        try StandardInputUse.check(
            StandardInputUse.files(aasa, option: "--aasa") + StandardInputUse.logs(inputs))
    }

    static func domainError(_ error: InvalidDomain, option: String = "--aasa") -> ValidationError {
        ValidationError(
            "\(option) \(TerminalText.escaped(error.description)); write DOMAIN=FILE with a "
                + "domain such as example.com or *.example.com.")
    }

    /// The `(domain, file)` pairs the options name; nil domain for the file serving every host.
    func pairs(warn: Bool) throws -> [(DomainPattern?, String)] {
        try Self.pairs(files: aasa, directory: aasaDir, option: "--aasa", warn: warn)
    }

    /// The `(domain, file)` pairs of `FILE` / `DOMAIN=FILE` values and a folder of files named
    /// by domain, as `option` (`--aasa`, `--old`, ...) and `option-dir` give them.
    static func pairs(files: [String], directory: String?, option: String, warn: Bool) throws
        -> [(DomainPattern?, String)]
    {
        var pairs: [(DomainPattern?, String)] = []
        for value in files {
            if let (name, file) = Self.splitDomain(value) {
                do throws(InvalidDomain) {
                    pairs.append((try DomainPattern.parse(name), file))
                } catch {
                    throw Self.domainError(error, option: option)
                }
            } else {
                pairs.append((nil, value))
            }
        }
        if let directory {
            pairs += try Self.directoryPairs(directory, warn: warn, option: option + "-dir")
        }
        if pairs.filter({ $0.0 == nil }).count > 1 {
            throw ValidationError("Only one \(option) FILE without a domain can serve every host.")
        }
        return pairs
    }

    /// `DOMAIN=FILE` as its two parts, or nil for a plain file path. The domain ends at the
    /// first `=` not inside an alternate-mode suffix (`example.com?mode=developer=FILE`). A
    /// `/` before it makes the whole a file path (`./a=b.json`), unless only the part after
    /// the `=` is a file: then the part before it is a malformed domain (`example.com/x=FILE`).
    static func splitDomain(_ value: String) -> (domain: String, file: String)? {
        guard var equals = value.firstIndex(of: "=") else { return nil }
        if value[..<equals].hasSuffix("?mode"),
            let next = value[value.index(after: equals)...].firstIndex(of: "=")
        {
            equals = next
        }
        let (domain, file) = (
            String(value[..<equals]), String(value[value.index(after: equals)...])
        )
        if domain.contains("/"),
            FileManager.default.fileExists(atPath: value)
                || !FileManager.default.fileExists(atPath: file)
        {
            return nil
        }
        return (domain, file)
    }
}
