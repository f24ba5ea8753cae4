import AASAFetch
import AASAModel
import CLISupport
import TextFormat

/// The human report: per domain, one line per copy, the CDN comparison, every diagnostic in
/// `lint`'s line format (prefixed by the copy it is about), and where the file was saved.
/// Everything that came from the network is escaped.
package enum FetchTable {
    /// `directory` is `--output`'s folder, named in the step that measures stale copies.
    package static func render(_ reports: [DomainReport], directory: String? = nil) -> String {
        var out = ""
        for report in reports {
            out += TerminalText.escaped(report.target.entitlement) + "\n"
            if let cdn = report.cdn {
                out += "  " + line(source: "cdn", cdn) + "\n"
            } else {
                out += "  cdn     not used: in an alternate mode devices fetch from the server\n"
            }
            out += "  " + line(source: "origin", report.origin) + "\n"
            out += "  CDN copy: \(copyText(report.cdnCopy))\n"
            for finding in report.findings {
                out += "  " + diagnosticLine(finding) + "\n"
            }
            switch report.saved {
            case .saved(let path): out += "  saved: \(TerminalText.escaped(path))\n"
            case .skipped(let reason): out += "  not saved: \(TerminalText.escaped(reason))\n"
            case nil: break
            }
            switch report.savedPair {
            case .saved(let cdn, let origin):
                out +=
                    "  both copies kept: \(TerminalText.escaped(cdn)), "
                    + "\(TerminalText.escaped(origin))\n"
            case .skipped(let reason):
                out += "  both copies not kept: \(TerminalText.escaped(reason))\n"
            case nil: break
            }
        }
        out += summary(reports) + "\n"
        let pairs = reports.contains {
            if case .saved = $0.savedPair { true } else { false }
        }
        if pairs, let directory {
            let folder = TerminalText.escaped(directory)
            out +=
                "The requests of your logs that devices decide otherwise while the CDN is "
                + "stale:\n  aasa-scan diff --old-dir \(folder)/.cdn --new-dir \(folder)/.origin LOGS\n"
        }
        return out
    }

    private static func line(source: String, _ response: FetchedResponse) -> String {
        let name = source.prefix(8) + String(repeating: " ", count: max(0, 8 - source.count))
        let url = TerminalText.escaped(response.url)
        switch response.failure {
        case .notHTTPS: return name + "not fetched (not HTTPS)  " + url
        case .tls: return name + "TLS failed  " + url
        case .timeout(let seconds):
            return name + "no answer within \(Format.shortest(seconds)) s  " + url
        case .unreachable: return name + "unreachable  " + url
        case nil: break
        }
        var parts = [String(response.status ?? 0)]
        parts.append(response.contentType.map(TerminalText.escaped) ?? "(no content type)")
        parts.append(
            response.overLimit
                ? "over \(Format.count(FetchSettings.appleSizeLimit)) bytes, reading stopped"
                : "\(Format.count(response.bytesRead)) bytes")
        if let location = response.location,
            response.status.map({ (300..<400).contains($0) }) == true
        {
            parts.append("-> " + TerminalText.escaped(location))
        }
        let apple = [response.appleFailureReason, response.appleFailureDetails].compactMap {
            $0.map(TerminalText.escaped)
        }
        if !apple.isEmpty { parts.append("(" + apple.joined(separator: "; ") + ")") }
        return name + parts.joined(separator: "  ") + "  " + url
    }

    package static func copyText(_ copy: CDNCopy) -> String {
        switch copy {
        case .same: "same bytes as the origin"
        case .differs: "differs from the origin (stale)"
        case .missing: "none (the CDN answered 404)"
        case .unreachable: "unknown (the CDN gave no usable answer)"
        case .notUsed: "not used"
        }
    }

    /// `lint`'s line, after the copy: `origin:3:14: error AASA100 $: MESSAGE (hint: HINT)`.
    private static func diagnosticLine(_ finding: DomainReport.Finding) -> String {
        let diagnostic = finding.diagnostic
        let location = diagnostic.location.map { "\($0.line):\($0.column):" } ?? ""
        return "\(finding.source.rawValue):\(location) \(diagnostic.severity.rawValue) "
            + "\(diagnostic.code) \(TerminalText.escaped(diagnostic.path)): "
            + "\(TerminalText.escaped(diagnostic.message)) "
            + "(hint: \(TerminalText.escapedKeepingBackslashes(diagnostic.hint)))"
    }

    private static func summary(_ reports: [DomainReport]) -> String {
        let counts = FetchCounts(reports)
        var text =
            Format.plural(reports.count, "domain") + ": "
            + Format.plural(counts.errors, "error") + ", "
            + Format.plural(counts.warnings, "warning")
        if counts.couldNotFetch > 0 {
            text += "; \(counts.couldNotFetch) could not be fetched"
        }
        return text
    }
}

/// Diagnostics counted over a run.
package struct FetchCounts {
    package var errors = 0
    package var warnings = 0
    package var infos = 0
    package var couldNotFetch = 0

    package init(_ reports: [DomainReport]) {
        for report in reports {
            if report.couldNotFetch { couldNotFetch += 1 }
            for finding in report.findings {
                switch finding.diagnostic.severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                }
            }
        }
    }
}
