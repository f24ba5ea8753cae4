import ArgumentParser
import CLISupport
import Reports

/// `-` is standard input wherever a file is read, and standard input can be read only once:
/// at most one option or argument of a command may name it (`scan --aasa -` with logs named,
/// not with logs read from standard input too). Where a folder is wanted, `-` is refused.
enum StandardInputUse {
    /// What each option or argument reads: its name, and whether it is standard input.
    static func check(_ claims: [(name: String, readsStandardInput: Bool)]) throws {
        let readers = claims.filter(\.readsStandardInput).map(\.name)
        guard readers.count > 1 else { return }
        throw ValidationError(
            "\(readers[0]) and \(readers[1]) would both read standard input (-), which can be "
                + "read once: give one of them a file.")
    }

    /// One claim per FILE or DOMAIN=FILE value of `option` that names `-`.
    static func files(_ values: [String], option: String) -> [(String, Bool)] {
        values.map { value in
            let file = AssociationOptions.splitDomain(value)?.file ?? value
            return ("\(option) \(value)", file == "-")
        }
    }

    /// The logs of `scan`, `suggest`: standard input when none is named, or named `-`.
    static func logs(_ inputs: [String], defaultsToStandardInput: Bool = true) -> [(String, Bool)] {
        let named = inputs.filter { $0 == "-" }.map { _ in ("the logs (-)", true) }
        return inputs.isEmpty && defaultsToStandardInput
            ? [("the logs (standard input when none is named)", true)] : named
    }

    /// A folder option given `-`.
    static func refuseFolder(_ value: String?, option: String) throws {
        if value == "-" {
            throw ValidationError("\(option) names a folder: standard input (-) cannot be one.")
        }
    }
}
