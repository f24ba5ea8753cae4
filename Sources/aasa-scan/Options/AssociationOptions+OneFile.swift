import AASAModel
import ArgumentParser
import CLISupport
import LinkMatcher
import Reports

extension AssociationOptions {
    /// `--aasa FILE` alone: the one AASA file that `match`, `explain` and `suggest` apply to
    /// every request (no domains, no folder).
    struct OneFile: ParsableArguments {
        @Option(
            name: .long,
            help: ArgumentHelp("The apple-app-site-association file.", valueName: "file"))
        var aasa: String

        /// The file read, parsed and compiled, as `scan --aasa FILE` does it.
        func compile(quiet: Bool = false) throws -> CompiledRuleSet {
            try compileAASA(aasa, quiet: quiet)
        }

        /// The file read and parsed, with its bytes.
        func load(quiet: Bool) throws -> (document: AASADocument, bytes: [UInt8]) {
            try loadAASAKeepingBytes(aasa, quiet: quiet)
        }
    }
}
