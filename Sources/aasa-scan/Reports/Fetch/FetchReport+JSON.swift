import AASAFetch
import AASAModel
import CLISupport
import TextFormat

/// The machine report (`"schema": "aasa-scan.fetch/1"`, documented in the README): keys always
/// present, in this order; absent values are null.
package enum FetchJSON {
    package static let schema = "aasa-scan.fetch/1"

    package static func render(_ reports: [DomainReport]) -> String {
        let counts = FetchCounts(reports)
        let domains = reports.map(domain).joined(separator: ",\n    ")
        return """
            {
              "schema": "\(schema)",
              "errors": \(counts.errors),
              "warnings": \(counts.warnings),
              "infos": \(counts.infos),
              "could_not_fetch": \(counts.couldNotFetch),
              "domains": [\(reports.isEmpty ? "" : "\n    " + domains + "\n  ")]
            }

            """
    }

    private static func domain(_ report: DomainReport) -> String {
        var saved: String?
        var notSaved: String?
        switch report.saved {
        case .saved(let path): saved = path
        case .skipped(let reason): notSaved = reason
        case nil: break
        }
        var pair = "null"
        switch report.savedPair {
        case .saved(let cdn, let origin):
            pair = "{\"cdn\": \(JSONText.quoted(cdn)), \"origin\": \(JSONText.quoted(origin))}"
        case .skipped, nil: break
        }
        let fields = [
            "\"domain\": \(JSONText.quoted(report.target.entitlement))",
            "\"file_host\": \(JSONText.quoted(report.target.fileHost))",
            "\"alternate_mode\": \(string(report.target.alternateMode))",
            "\"cdn\": \(report.cdn.map(response) ?? "null")",
            "\"origin\": \(response(report.origin))",
            "\"cdn_copy\": \"\(report.cdnCopy.rawValue)\"",
            "\"saved\": \(string(saved))",
            "\"not_saved\": \(string(notSaved))",
            "\"both_saved\": \(pair)",
            "\"diagnostics\": [" + report.findings.map(finding).joined(separator: ", ") + "]",
        ]
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private static func response(_ response: FetchedResponse) -> String {
        let (error, message): (String?, String?) =
            switch response.failure {
            case .notHTTPS: ("not-https", nil)
            case .tls(let reason): ("tls", reason)
            case .timeout(let seconds):
                ("timeout", "no complete answer within \(Format.shortest(seconds)) s")
            case .unreachable(let reason): ("unreachable", reason)
            case nil: (nil, nil)
            }
        let fields = [
            "\"url\": \(JSONText.quoted(response.url))",
            "\"status\": \(number(response.status))",
            "\"content_type\": \(string(response.contentType))",
            "\"location\": \(string(response.location))",
            "\"content_length\": \(number(response.declaredLength))",
            "\"bytes_read\": \(response.bytesRead)",
            "\"over_limit\": \(response.overLimit)",
            "\"apple_failure_reason\": \(string(response.appleFailureReason))",
            "\"apple_failure_details\": \(string(response.appleFailureDetails))",
            "\"error\": \(string(error))",
            "\"error_message\": \(string(message))",
        ]
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// `lint --json`'s object, with the copy it is about first.
    private static func finding(_ finding: DomainReport.Finding) -> String {
        let diagnostic = finding.diagnostic
        let fields = [
            "\"source\": \"\(finding.source.rawValue)\"",
            "\"line\": \(number(diagnostic.location?.line))",
            "\"column\": \(number(diagnostic.location?.column))",
            "\"severity\": \"\(diagnostic.severity.rawValue)\"",
            "\"code\": \"\(diagnostic.code)\"",
            "\"path\": \(JSONText.quoted(diagnostic.path))",
            "\"message\": \(JSONText.quoted(diagnostic.message))",
            "\"hint\": \(JSONText.quoted(diagnostic.hint))",
            "\"related\": \(string(diagnostic.related))",
        ]
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private static func string(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
}
