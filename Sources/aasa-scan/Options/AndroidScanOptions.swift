import AndroidLinks
import ArgumentParser
import CLISupport
import ScanEngine

/// The Android side of `scan` and `diff`: the app's files (as for `match`) and the host of
/// requests whose log names none (docs/android.md).
struct AndroidScanOptions: ParsableArguments {
    @OptionGroup var files: AndroidOptions

    /// Android decides by host, and a common or combined log names none.
    @Option(
        help: ArgumentHelp(
            "The host of requests whose log names none (common and combined logs), for "
                + "Android: by default the app's one verified host, when it has one.",
            valueName: "host"))
    var androidHost: String?

    func validate() throws {
        if let androidHost {
            guard files.isGiven else {
                throw ValidationError("--android-host goes with --android-manifest.")
            }
            guard AndroidOptions.isSite(androidHost) else {
                throw ValidationError(
                    "--android-host \(TerminalText.escaped(androidHost)) is not a host name.")
            }
        }
    }

    /// The compiled setup, or nil without `--android-manifest`.
    func setup() throws -> AndroidScanSetup? {
        guard let matcher = try files.compile() else { return nil }
        return AndroidScanSetup(
            matcher: matcher, hostlessHost: androidHost ?? Self.onlyHost(matcher))
    }

    /// The app's verified host when it has exactly one that is no `*.` pattern.
    static func onlyHost(_ matcher: AndroidLinkMatcher) -> String? {
        let hosts = Set(matcher.verifiedDomains.map(\.domain).filter { !$0.hasPrefix("*") })
        return hosts.count == 1 ? hosts.first : nil
    }
}
