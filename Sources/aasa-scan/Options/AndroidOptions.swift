import AASAModel
import ASCIIBytes
import AndroidLinks
import ArgumentParser
import CLISupport
import ScanEngine

/// The Android side of `match` and `explain`: the app's manifest, the sites' `assetlinks.json`,
/// the package and the device (docs/android.md).
struct AndroidOptions: ParsableArguments {
    /// Source form, as Android reads it at install time; resources and placeholders need the
    /// build's merged manifest (A9).
    @Option(help: ArgumentHelp(Self.manifestHelp, valueName: "file"))
    var androidManifest: String?

    /// Each site verifies its own hosts, `*.` hosts with their parent's file (A6.2).
    @Option(help: ArgumentHelp(Self.assetLinksHelp, valueName: "[domain=]file"))
    var assetlinks: [String] = []

    /// Statements name the application ID, which Gradle may set apart from the manifest.
    @Option(name: .customLong("package"), help: ArgumentHelp(Self.packageHelp, valueName: "name"))
    var packageName: String?

    /// Groups and dynamic rules need API 35; per-host verification, API 31 (A6.4, A7.2).
    @Option(help: ArgumentHelp(Self.apiHelp, valueName: "n"))
    var androidApi = 35

    static let manifestHelp =
        "The app's AndroidManifest.xml, in source form (or the build's merged manifest): decide "
        + "each URL for Android too."
    static let assetLinksHelp =
        "DOMAIN=FILE: the assetlinks.json the site DOMAIN serves; FILE alone: the one every "
        + "other site serves. Repeatable."
    static let packageHelp =
        "The app's package (application ID), as statements name it; by default the manifest's."
    static let apiHelp =
        "The device's Android API level: 35 (Android 15) reads dynamic rules and "
        + "uri-relative-filter-groups, 31 and later verify each host on its own."

    /// True when Android decides too.
    var isGiven: Bool { androidManifest != nil }

    /// The files these options read, which no output may replace.
    var namedFiles: [NamedFile] {
        [androidManifest].compactMap { $0 }.map {
            NamedFile(role: "the Android manifest", path: $0)
        }
            + assetlinks.map {
                NamedFile(role: "the assetlinks.json file", path: Self.split($0).file)
            }
    }

    func validate() throws {
        if androidManifest == nil, !assetlinks.isEmpty || packageName != nil {
            throw ValidationError(
                "--assetlinks and --package describe the app of --android-manifest: give it too.")
        }
        guard (1...99).contains(androidApi) else {
            throw ValidationError("--android-api \(androidApi) is not an API level (1 to 99).")
        }
        for value in [androidManifest].compactMap({ $0 }) + assetlinks.map({ Self.split($0).file })
        where value == "-" {
            throw ValidationError(
                "The Android files cannot be read from standard input: name them.")
        }
        var withoutDomain = 0
        for value in assetlinks {
            guard let domain = Self.split(value).domain else {
                withoutDomain += 1
                continue
            }
            guard Self.isSite(domain) else {
                throw ValidationError(
                    "--assetlinks \(TerminalText.escaped(value)): '\(TerminalText.escaped(domain))' "
                        + "is not a host name; write DOMAIN=FILE with a site such as example.com "
                        + "(a *. host is verified with its parent's file).")
            }
        }
        if withoutDomain > 1 {
            throw ValidationError(
                "Only one --assetlinks FILE without a domain can serve every site.")
        }
    }

    /// The matcher of the files, or nil without `--android-manifest`; a file that cannot be
    /// read ends the command with status 2.
    func compile() throws -> AndroidLinkMatcher? {
        guard let manifestPath = androidManifest else { return nil }
        var setup = AndroidLinkSetup()
        setup.apiLevel = androidApi
        setup.packageName = packageName
        let manifest: AndroidManifest
        do throws(AASAParseError) {
            manifest = try AndroidManifest.load(path: manifestPath)
            for value in assetlinks {
                let (domain, file) = Self.split(value)
                let links = try AssetLinks.load(path: file)
                if let domain {
                    setup.assetLinks[Self.siteKey(domain)] = links
                } else {
                    setup.assetLinksOfOtherSites = links
                }
            }
        } catch {
            throw CommandFailure.inputError(TerminalText.escaped(error.description))
        }
        let matcher = AndroidLinkMatcher(manifest: manifest, setup: setup)
        if matcher.packageName == nil {
            throw CommandFailure.error(
                "\(TerminalText.escaped(manifestPath)) names no package (the build sets it): "
                    + "give --package NAME.")
        }
        return matcher
    }

    /// One warning for each site's file that Android's open-source reader fails (a finding of
    /// error severity), or whose malformed dynamic rules aasa-scan discards as Android's
    /// documentation says where that reader reads them otherwise (A11 Q4): the decisions hold
    /// only where a device reads the file as aasa-scan does. `lint --assetlinks` lists all.
    func fileWarnings(_ matcher: AndroidLinkMatcher) -> [ReportWarning] {
        var warnings: [ReportWarning] = []
        for value in assetlinks {
            let (domain, file) = Self.split(value)
            let links =
                domain.map { matcher.setup.assetLinks[Self.siteKey($0)] }
                ?? matcher.setup.assetLinksOfOtherSites
            guard let links else { continue }
            // The first kind of finding the file has, its first finding named.
            for kind in Self.findingsReadOtherwise {
                let found = links.diagnostics.filter(kind.selects)
                guard let first = found.first else { continue }
                let finding =
                    "\(first.kind.code) at \(first.location.line):\(first.location.column): "
                    + first.message + (found.count > 1 ? ", and \(found.count - 1) more" : "")
                warnings.append(
                    ReportWarning(
                        code: kind.code,
                        message: "\(file): \(kind.what) (\(finding)); aasa-scan \(kind.instead): "
                            + "fix it (aasa-scan lint --assetlinks \(file))"))
                break
            }
        }
        return warnings
    }

    /// The findings aasa-scan reads otherwise than Android's open-source reader (A11 Q4), in
    /// the order they are told: an error of the file, then dynamic rules of the wrong shape
    /// (a rule that is no object, a pattern, `?` or `exclude` of the wrong type).
    private static let findingsReadOtherwise:
        [(
            code: String, selects: @Sendable (AssetLinksDiagnostic) -> Bool, what: String,
            instead: String
        )] = [
            (
                "assetlinks_fails_on_aosp", { $0.severity == .error },
                "Android's open-source verifier fails this whole file",
                "still verifies the hosts its statements name, which holds only where a "
                    + "device's verifier reads the file more leniently"
            ),
            (
                "assetlinks_rules_discarded",
                { ["ASL303", "ASL304", "ASL305", "ASL306"].contains($0.kind.code) },
                "its dynamic rules are malformed",
                "discards them and lets the manifest decide alone, as Android's documentation "
                    + "says, where Android's open-source verifier fails the file or reads them "
                    + "otherwise"
            ),
        ]

    /// How the setup keys a site's file: its domain in ASCII lower case.
    private static func siteKey(_ domain: String) -> String {
        String(decoding: domain.utf8.map(ASCII.lowercased), as: UTF8.self)
    }

    /// `fileWarnings` on standard error, for commands without a report.
    func warnAboutFiles(_ matcher: AndroidLinkMatcher) {
        for warning in fileWarnings(matcher) {
            StandardError.line("aasa-scan: warning: " + TerminalText.escaped(warning.message))
        }
    }

    /// `DOMAIN=FILE` or `FILE`.
    static func split(_ value: String) -> (domain: String?, file: String) {
        guard let (domain, file) = AssociationOptions.splitDomain(value) else {
            return (nil, value)
        }
        return (domain, file)
    }

    /// Letters, digits, `-` and dots: a site serves its own file.
    static func isSite(_ domain: String) -> Bool {
        !domain.isEmpty
            && domain.utf8.allSatisfy {
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
    }
}
