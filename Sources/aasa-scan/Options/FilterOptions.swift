import ArgumentParser
import LogParsing
import ScanEngine

/// Which requests are left out before classification.
struct FilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Keep only these methods, e.g. GET,HEAD.", valueName: "list"))
    var methods: String?

    @Option(
        help: ArgumentHelp("Keep only these statuses, e.g. 2xx,3xx or 200,304.", valueName: "list"))
    var status: String?

    @Flag(
        help: ArgumentHelp(
            "Leave out static files by extension: "
                + RequestFilter.defaultAssetExtensions.map { String(decoding: $0, as: UTF8.self) }
                .joined(separator: ",") + "."))
    var skipAssets = false

    @Option(
        help: ArgumentHelp(
            "The extensions --skip-assets leaves out instead of its own list, e.g. css,js,png "
                + "(implies --skip-assets).", valueName: "list"))
    var assetExtensions: String?

    @Flag(
        help: ArgumentHelp(
            "Leave out requests whose user agent is a well-known crawler (Googlebot, bingbot, "
                + "Applebot, facebookexternalhit, GPTBot, ...; the README has the list). Logs "
                + "without a user agent are kept, with a warning."))
    var skipBots = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only requests logged at or after this time: RFC 3339 (2024-05-01T00:00:00Z, "
                + "2024-05-01T02:00:00+02:00) or a date (2024-05-01, its start in UTC).",
            valueName: "time"))
    var since: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep only requests logged before this time (the time itself excluded), written as "
                + "for --since.", valueName: "time"))
    var until: String?

    func filter() throws -> RequestFilter {
        var filter = RequestFilter()
        if let methods {
            filter.methods = methods.split(separator: ",").map { Array($0.uppercased().utf8) }
        }
        if let status {
            for item in status.split(separator: ",") {
                let text = item.lowercased()
                if text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)) {
                    filter.statusClasses.insert(digit)
                } else if let code = Int(text), (100...999).contains(code) {
                    filter.statusCodes.insert(code)
                } else {
                    throw ValidationError(
                        "--status wants classes like 2xx or codes like 304, got '\(item)'.")
                }
            }
        }
        filter.skipAssets = skipAssets || assetExtensions != nil
        if let assetExtensions {
            let list = assetExtensions.split(separator: ",").map {
                Array($0.trimmingPrefix(".").lowercased().utf8)
            }
            guard !list.isEmpty, list.allSatisfy({ !$0.isEmpty }) else {
                throw ValidationError(
                    "--asset-extensions wants extensions like css,js,png, got '\(assetExtensions)'."
                )
            }
            filter.assetExtensions = list
        }
        filter.skipBots = skipBots
        filter.since = try since.map { try Self.time($0, option: "--since") }
        filter.until = try until.map { try Self.time($0, option: "--until") }
        if let since = filter.since, let until = filter.until, since >= until {
            throw ValidationError("--until must come after --since.")
        }
        return filter
    }

    /// The UTC seconds of a `--since`/`--until` value.
    static func time(_ text: String, option: String) throws -> Int64 {
        let bytes = Array(text.utf8)
        guard let seconds = bytes.withUnsafeBufferPointer({ TimestampText.parse($0) }) else {
            throw ValidationError(
                "\(option) wants an RFC 3339 time such as 2024-05-01T00:00:00Z or a date such "
                    + "as 2024-05-01, got '\(text)'.")
        }
        return seconds
    }
}
