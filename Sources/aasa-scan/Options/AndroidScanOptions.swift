import AndroidLinks
import ArgumentParser
import CLISupport
import CoverageStats
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
        let host = androidHost ?? Self.onlyHost(matcher)
        return AndroidScanSetup(
            matcher: matcher, fingerprint: Self.fingerprint(matcher, host: host),
            hostlessHost: host)
    }

    /// The app's verified host when it has exactly one that is no `*.` pattern.
    static func onlyHost(_ matcher: AndroidLinkMatcher) -> String? {
        let hosts = Set(matcher.verifiedDomains.map(\.domain).filter { !$0.hasPrefix("*") })
        return hosts.count == 1 ? hosts.first : nil
    }

    /// What decides Android's counts, hashed: the package, the device, the verified hosts and
    /// their rules, the filters, the host of hostless requests. Counts of scans that differ in
    /// any of them do not merge.
    static func fingerprint(_ matcher: AndroidLinkMatcher, host: String?) -> UInt64 {
        let probe = AndroidScanSetup(matcher: matcher, fingerprint: 0, hostlessHost: host)
        var text = "\(matcher.packageName ?? "")\n\(matcher.setup.apiLevel)\n\(host ?? "")\n"
        for domain in matcher.verifiedDomains { text += "verified \(domain.domain)\n" }
        for rule in probe.labels.rules { text += "\(rule.kind)\t\(rule.source)\t\(rule.pattern)\n" }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { StableHash.hash(UnsafeRawBufferPointer($0)) }
    }
}
