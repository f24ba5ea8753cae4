import AASAModel

extension AssetLinks {
    /// What `lint` reports about the file: every diagnostic with its `ASL` code, then, when
    /// `packageName` is given and no statement verifies it, `ASL212` at the top of the file.
    public func lintDiagnostics(packageName: String?) -> [Diagnostic] {
        var found = diagnostics.map(\.diagnostic)
        if let packageName, !names(packageName) {
            let kind = AndroidDiagnosticCode.packageNotNamed
            found.append(
                Diagnostic(
                    code: kind.code, severity: kind.severity, path: "$",
                    message: "no statement with the \(Self.handleAllURLs) relation names "
                        + "\(packageName); Android does not verify it with this file",
                    hint: kind.fix,
                    location: statements.first?.location
                        ?? SourceLocation(line: 1, column: 1, offset: 0)))
        }
        return found
    }

    /// Some statement lets `packageName` open the site's links (fingerprints aside).
    private func names(_ packageName: String) -> Bool {
        statements.contains { statement in
            guard case .androidApp(let name, _)? = statement.target else { return false }
            return name == packageName && statement.relations.contains(Self.handleAllURLs)
        }
    }
}
