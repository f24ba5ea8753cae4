import AASAFetch
import AASAModel
import ArgumentParser
import LinkMatcher

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// `aasa-scan fetch`: each domain's AASA file as iOS gets it, from Apple's CDN and from the
/// site, with the checks of how it is served and `lint`'s checks of what it says.
@main
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa-scan fetch",
        abstract: "Fetch AASA files as iOS gets them (Apple's CDN and the site) and check how "
            + "they are served: HTTPS, redirects, status, content type, size, JSON, TLS, CDN "
            + "copy.",
        discussion: """
            Each diagnostic has a stable code (AASA7xx for how the file is served, lint's \
            codes for what it says). Exit status 2 when a file could not be fetched at all \
            (AASA707: name, connection, timeout); 1 when a diagnostic at or above --fail-on \
            was found; else 0. The HTTPS proxy comes from https_proxy / HTTPS_PROXY, with \
            no_proxy / NO_PROXY.
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

    @Flag(name: .long, help: "The report as one JSON object (schema aasa-scan.fetch/1).")
    var json = false

    @Option(
        name: .long,
        help: "Lowest severity that makes the exit status 1 (error, warning, info, never).")
    var failOn: FailOn = .error

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Save each domain's file in DIR, named as scan --aasa-dir reads it "
                + "(example.com.json, _.example.com.json).", valueName: "dir"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Which copy --output saves: device (the CDN's, or the site's in an alternate "
                + "mode) or origin."))
    var save: SavedFiles.Choice = .device

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds each request may take, body included.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Trust the certificates of this PEM file instead of the system's.", valueName: "pem"))
    var caFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the CDN copy is fetched; {domain} is replaced.", valueName: "template"))
    var cdnURL = URLTemplate.appleCDN.text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the site's copy is fetched; {domain} is replaced.", valueName: "template"))
    var originURL = URLTemplate.origin.text

    @Option(name: .long, help: ArgumentHelp("Domains fetched at once.", valueName: "n"))
    var jobs = 8

    func validate() throws {
        if domains.isEmpty { throw ValidationError("Give at least one domain.") }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds.")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64.") }
        _ = try targets()
        _ = try templates()
        if let output { try checkNoClash(output) }
    }

    func run() async throws {
        let targets = try targets()
        var run = FetchRun()
        (run.cdnTemplate, run.originTemplate) = try templates()
        run.concurrency = jobs
        let saver = output.map { SavedFiles(directory: $0, choice: save) }
        let fetcher: HTTPFetcher
        do {
            let proxy = try ProxySettings.from(environment: Self.environment())
            fetcher = try HTTPFetcher(
                settings: FetchSettings(timeoutSeconds: timeout, caFile: caFile, proxy: proxy))
        } catch let error as ProxySettings.ProxyError {
            FetchOutput.standardError(
                "aasa-scan: error: \(TerminalText.escaped(error.description))")
            throw ExitCode(2)
        } catch {
            FetchOutput.standardError(
                "aasa-scan: error: cannot read the CA file \(TerminalText.escaped(caFile ?? "")): "
                    + TerminalText.escaped(String(describing: error)))
            throw ExitCode(2)
        }
        var reports = await run.run(targets, with: fetcher)
        await fetcher.shutdown()
        var saveFailed = false
        if let saver {
            do throws(SavedFiles.SaveError) {
                try saver.prepare()
            } catch {
                FetchOutput.standardError(
                    "aasa-scan: error: \(TerminalText.escaped(error.description))")
                throw ExitCode(2)
            }
            for index in reports.indices {
                reports[index].saved = saver.save(reports[index])
                if case .skipped(let reason) = reports[index].saved,
                    reason.hasPrefix("cannot write")
                {
                    saveFailed = true
                }
            }
        }
        FetchOutput.standardOutput(json ? FetchJSON.render(reports) : FetchTable.render(reports))
        if saveFailed || reports.contains(where: \.couldNotFetch) { throw ExitCode(2) }
        if gateFailed(reports) { throw ExitCode(1) }
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

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}

extension SavedFiles.Choice: ExpressibleByArgument {}
