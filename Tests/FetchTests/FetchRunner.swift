import Foundation
import TestSupport

/// Runs `aasa-scan fetch` as a user would, with no proxy from the machine unless a test sets
/// one.
enum FetchRunner {
    static let proxyVariables = [
        "https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY",
        "no_proxy", "NO_PROXY",
    ]

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws
        -> ToolResult
    {
        try ToolRunner.run(
            ["fetch"] + arguments, environment: environment, unsetting: proxyVariables)
    }
}

extension ToolResult {
    enum ReportError: Error { case notAnObject, noDomain }

    /// The `--json` report, parsed.
    func report() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        guard let report = object as? [String: Any] else { throw ReportError.notAnObject }
        return report
    }

    /// The report's first domain.
    func domain() throws -> [String: Any] {
        guard let domain = (try report()["domains"] as? [[String: Any]])?.first else {
            throw ReportError.noDomain
        }
        return domain
    }
}
