import CLISupport
import LogIO
import Reports

extension OutputClash {
    /// The log files `arguments` stand for (folders and globs expanded), as inputs.
    static func logFiles(_ arguments: [String]) -> [NamedFile] {
        InputResolver.resolveMarked(arguments).compactMap { resolved in
            guard case .success(.file(let path)) = resolved.result else { return nil }
            return NamedFile(role: "the input", path: path)
        }
    }
}

extension ReportOptions {
    /// `--output` and `--save-state` against `inputs` and each other (`OutputClash`).
    func checkOutputs(against inputs: [NamedFile]) throws {
        try OutputClash.check(
            outputs: [("--output", reportPath), ("--save-state", saveState)].compactMap {
                role, path in
                path.map { NamedFile(role: role, path: $0) }
            },
            inputs: inputs)
    }
}

extension AssociationOptions {
    /// The AASA files `--aasa` and `--aasa-dir` name, as inputs.
    func namedFiles() throws -> [NamedFile] {
        try Self.pairs(files: aasa, directory: aasaDir, option: "--aasa", warn: false).map {
            NamedFile(role: "the AASA file", path: $0.1)
        }
    }
}
