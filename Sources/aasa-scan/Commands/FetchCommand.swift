import AASAFetch
import AASAModel
import ArgumentParser
import CLISupport
import LinkMatcher
import Reports

/// `aasa-scan fetch`: each domain's AASA file as iOS gets it, from Apple's CDN and from the
/// site, through the system's libcurl, with the checks of how it is served and `lint`'s checks
/// of what it says.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch AASA files as iOS gets them (Apple's CDN and the site) and check how "
            + "they are served: HTTPS, redirects, status, content type, size, JSON, TLS, CDN "
            + "copy.",
        discussion: """
            Each diagnostic has a stable code (AASA7xx for how the file is served, lint's \
            codes for what it says). Exit status 2 when a file could not be fetched at all \
            (AASA707: name, connection, timeout); 1 when a diagnostic at or above --fail-on \
            was found; else 0. The HTTPS proxy comes from https_proxy / HTTPS_PROXY, with \
            no_proxy / NO_PROXY, as curl reads them.

            When the CDN's copy differs from the origin's, --output DIR also keeps both, in \
            DIR/.cdn and DIR/.origin (which scan --aasa-dir DIR skips); then `aasa-scan diff \
            --old-dir DIR/.cdn --new-dir DIR/.origin LOGS` counts the requests that devices \
            decide otherwise until the CDN catches up (changed_requests).

            Examples:
              aasa-scan fetch example.com '*.example.com' 'example.com?mode=developer'
              aasa-scan fetch --json --fail-on warning applinks:shop.example.com
              aasa-scan fetch --user-agent AASA-Bot/1.0.0 example.com
              aasa-scan fetch --output aasa/ example.com && aasa-scan scan --aasa-dir aasa/ logs/
            """)

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, info, never
    }

    @Argument(
        help: ArgumentHelp(
            "Entitlement domains: example.com, *.example.com (fetches example.com's file), "
                + "example.com?mode=developer (fetched from the site only); applinks: may lead.",
            valueName: "domain"))
    var domains: [String] = []

    @Flag(help: "The report as one JSON object (schema aasa-scan.fetch/1).")
    var json = false

    @Option(
        help: "Lowest severity that makes the exit status 1 (error, warning, info, never).")
    var failOn: FailOn = .error

    @Option(
        help: ArgumentHelp(
            "Save each domain's file in DIR, named as scan --aasa-dir reads it "
                + "(example.com.json, _.example.com.json).",
            valueName: "dir"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Which copy --output saves: device (the CDN's, or the site's in an alternate "
                + "mode) or origin."))
    var save: SavedFiles.Choice = .device

    @Option(
        help: ArgumentHelp("Seconds each request may take, body included.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "Trust the certificates of this PEM file instead of the system's.", valueName: "pem"))
    var caFile: String?

    @Option(
        help: ArgumentHelp(
            "The User-Agent header sent (Apple's fetcher sends AASA-Bot/1.0.0, which bot "
                + "protection may block).", valueName: "text"))
    var userAgent = FetchSettings.defaultUserAgent

    @Option(
        help: ArgumentHelp(
            "Where the CDN copy is fetched; {domain} is replaced.", valueName: "template"))
    var cdnURL = URLTemplate.appleCDN.text

    @Option(
        help: ArgumentHelp(
            "Where the site's copy is fetched; {domain} is replaced.", valueName: "template"))
    var originURL = URLTemplate.origin.text

    @Option(help: ArgumentHelp("Domains fetched at once.", valueName: "n"))
    var jobs = 8

    func validate() throws {
        if domains.isEmpty { throw ValidationError("Give at least one domain.") }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds.")
        }
        if userAgent.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--user-agent must be one line without control characters.")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64.") }
        _ = try targets()
        _ = try templates()
        if let output { try checkNoClash(output) }
    }

    func run() throws {
        let targets = try targets()
        var run = FetchRun()
        (run.cdnTemplate, run.originTemplate) = try templates()
        run.concurrency = jobs
        let saver = output.map { SavedFiles(directory: $0, choice: save) }
        let fetcher: HTTPFetcher
        do throws(FetchSetupError) {
            fetcher = try HTTPFetcher(
                settings: FetchSettings(
                    timeoutSeconds: timeout, caFile: caFile, userAgent: userAgent))
        } catch {
            throw CommandFailure.error("\(TerminalText.escaped(error.description))")
        }
        var reports = run.run(targets, with: fetcher)
        var saveFailed = false
        if let saver {
            do throws(SavedFiles.SaveError) {
                try saver.prepare()
            } catch {
                throw CommandFailure.error("\(TerminalText.escaped(error.description))")
            }
            for index in reports.indices {
                reports[index].saved = saver.save(reports[index])
                reports[index].savedPair = saver.saveBoth(reports[index])
                if case .skipped(let reason) = reports[index].saved,
                    reason.hasPrefix("cannot write")
                {
                    saveFailed = true
                }
                if case .skipped(let reason) = reports[index].savedPair,
                    reason.hasPrefix("cannot write")
                {
                    saveFailed = true
                }
            }
        }
        var out = StandardOutput()
        out.write(
            json
                ? FetchJSON.render(reports)
                : FetchTable.render(reports, directory: saver?.directory))
        out.flush()
        if saveFailed || reports.contains(where: \.couldNotFetch) {
            throw CommandFailure.inputError()
        }
        if gateFailed(reports) { throw CommandFailure.gateFailed() }
    }

    private func gateFailed(_ reports: [DomainReport]) -> Bool {
        guard failOn != .never, let threshold = Diagnostic.Severity(rawValue: failOn.rawValue)
        else { return false }
        return reports.contains { report in
            report.findings.contains { $0.diagnostic.severity >= threshold }
        }
    }

    private func targets() throws -> [FetchTarget] {
        try domains.map { text in
            do throws(InvalidDomain) {
                return try FetchTarget(text)
            } catch {
                throw ValidationError(
                    TerminalText.escaped(error.description)
                        + "; give a domain such as example.com or *.example.com.")
            }
        }
    }

    private func templates() throws -> (cdn: URLTemplate, origin: URLTemplate) {
        do throws(URLTemplate.TemplateError) {
            return (try URLTemplate(cdnURL), try URLTemplate(originURL))
        } catch {
            throw ValidationError(TerminalText.escaped(error.description))
        }
    }

    /// Two domains that would be saved under one name (`example.com` and
    /// `example.com?mode=developer`) are a usage error: one would silently replace the other.
    private func checkNoClash(_ directory: String) throws {
        var seen: [String: String] = [:]
        for target in try targets() {
            if let other = seen[target.savedFileName] {
                throw ValidationError(
                    "\(TerminalText.escaped(other)) and \(TerminalText.escaped(target.entitlement)) "
                        + "would both be saved as \(TerminalText.escaped(target.savedFileName)) "
                        + "in \(TerminalText.escaped(directory)).")
            }
            seen[target.savedFileName] = target.entitlement
        }
    }
}

extension SavedFiles.Choice: ExpressibleByArgument {}
