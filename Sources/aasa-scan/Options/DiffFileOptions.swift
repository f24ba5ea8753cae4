import AASAModel
import ArgumentParser
import CLISupport
import LinkMatcher

/// The old and the new AASA files, in the forms `scan --aasa` takes.
struct DiffFileOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The old AASA file: FILE for every host, DOMAIN=FILE for one domain "
                + "([*.]host[:port]); repeatable, as scan --aasa.", valueName: "[domain=]file"))
    var old: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The new AASA file, in the same forms as --old.", valueName: "[domain=]file"))
    var new: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of old AASA files named by domain, as scan --aasa-dir.", valueName: "dir"))
    var oldDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A folder of new AASA files named by domain.", valueName: "dir"))
    var newDir: String?

    enum Side { case old, new }

    /// Domains are checked before anything is read: a malformed one is a usage error.
    func validate() throws {
        try StandardInputUse.refuseFolder(oldDir, option: "--old-dir")
        try StandardInputUse.refuseFolder(newDir, option: "--new-dir")
        for (option, values) in [("--old", old), ("--new", new)] {
            for value in values {
                guard let (name, _) = AssociationOptions.splitDomain(value) else { continue }
                do throws(InvalidDomain) {
                    _ = try DomainPattern.parse(name)
                } catch {
                    throw AssociationOptions.domainError(error, option: option)
                }
            }
        }
    }

    /// The files of both sides, as inputs (`OutputClash`).
    func namedFiles() throws -> [NamedFile] {
        let old = try AssociationOptions.pairs(
            files: old, directory: oldDir, option: "--old", warn: false)
        let new = try AssociationOptions.pairs(
            files: new, directory: newDir, option: "--new", warn: false)
        return old.map { NamedFile(role: "the old AASA file", path: $0.1) }
            + new.map { NamedFile(role: "the new AASA file", path: $0.1) }
    }
}
