import ArgumentParser
import LinkMatcher

/// What `match` and `explain` decide by: an AASA file for iOS, an app's Android files, or both.
struct PlatformFiles: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The apple-app-site-association file; may be left out with --android-manifest.",
            valueName: "file"))
    var aasa: String?

    @OptionGroup var android: AndroidOptions

    func validate() throws {
        if aasa == nil, !android.isGiven {
            throw ValidationError("Give --aasa FILE, --android-manifest FILE, or both.")
        }
    }

    /// The AASA file read and compiled, as `scan --aasa FILE` does it; nil without `--aasa`.
    func compiledAASA() throws -> CompiledRuleSet? {
        try aasa.map { try compileAASA($0) }
    }
}
