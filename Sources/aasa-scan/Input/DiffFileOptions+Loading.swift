import AASAModel
import CLISupport
import LinkMatcher
import ScanEngine

extension DiffFileOptions {
    /// One side's files: compiled for the scan, and as read, for the static diff.
    struct Loaded {
        var associations = Associations()
        var documents: [AASADocument] = []
    }

    func load(side: Side, quiet: Bool) throws -> Loaded {
        let pairs =
            side == .old
            ? try AssociationOptions.pairs(
                files: old, directory: oldDir, option: "--old", warn: !quiet)
            : try AssociationOptions.pairs(
                files: new, directory: newDir, option: "--new", warn: !quiet)
        var loaded = Loaded()
        for (domain, path) in pairs {
            let document = try loadAASA(path, quiet: quiet)
            let rules = CompiledRuleSet(document)
            // As compileAASA refuses it: a file past the automaton budget is an input error.
            if let exceeded = rules.budgetExceeded {
                throw CommandFailure.inputError("\(TerminalText.escaped(path)): error: \(exceeded)")
            }
            loaded.documents.append(document)
            loaded.associations.add(domain: domain, path: path, rules: rules)
        }
        return loaded
    }
}
