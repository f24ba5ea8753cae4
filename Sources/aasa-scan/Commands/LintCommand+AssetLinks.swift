import AndroidLinks
import Reports

extension LintCommand {
    /// Adds each `--assetlinks` file's findings (ASL codes) after the AASA files'; a file that
    /// cannot be read or is not a JSON array makes the exit status 2, as for AASA files.
    func lintAssetLinks(into report: inout LintReport) {
        for file in assetLinksFiles {
            do {
                let links = try AssetLinks.load(path: file)
                add(links.lintDiagnostics(packageName: packageName), of: file, to: &report)
            } catch {
                report.unreadable = true
                report.findings.append(LintReport.Finding(file: file, error: error))
            }
        }
    }
}
