import CLISupport
import Reports

extension FilterOptions {
    /// The filter options as given on the command line (`--methods GET,HEAD`), for a report
    /// to say which requests were left out before classification.
    var described: [String] {
        var options: [String] = []
        if let methods { options.append("--methods " + methods) }
        if let status { options.append("--status " + status) }
        if let assetExtensions {
            options.append("--asset-extensions " + assetExtensions)
        } else if skipAssets {
            options.append("--skip-assets")
        }
        if skipBots { options.append("--skip-bots") }
        if let since { options.append("--since " + since) }
        if let until { options.append("--until " + until) }
        return options
    }
}
