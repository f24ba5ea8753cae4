import AASAModel

/// The checks on one response: what iOS would refuse in how the file is served.
public enum HostingChecks {
    /// The AASA7xx diagnostics of `response` fetched from `source`. The file's own content
    /// is checked apart (`ContentChecks`).
    public static func diagnostics(for response: FetchedResponse, from source: FetchSource)
        -> [Diagnostic]
    {
        if let failure = response.failure { return [diagnostic(for: failure, url: response.url)] }
        guard let status = response.status else { return [] }
        if (300..<400).contains(status) {
            let target = response.location.map { " to \($0)" } ?? " with no Location"
            let plain =
                response.location?.lowercased().hasPrefix("http://") == true
                ? " (and to plain http://)" : ""
            return [
                HostingCheck.redirected.diagnostic(
                    "status \(status) redirects\(target)\(plain): iOS does not follow it, so "
                        + "it gets no file",
                    hint: "serve the file itself at this URL with status 200")
            ]
        }
        if status == 404, source == .cdn {
            return [
                HostingCheck.cdnMissing.diagnostic(
                    "Apple's CDN has no copy (status 404): devices get no file for this domain"
                        + appleSays(response),
                    hint: "make the origin reachable from the internet (Apple fetches it, not "
                        + "the device); a new file reaches the CDN within about a day")
            ]
        }
        guard status == 200 else {
            return [
                HostingCheck.badStatus.diagnostic(
                    "status \(status): iOS reads the file only from a 200 answer"
                        + appleSays(response),
                    hint: source == .cdn
                        ? "Apple's CDN could not serve the file; fetch the origin's to see why"
                        : "serve the file at this URL with status 200")
            ]
        }
        var found: [Diagnostic] = []
        if !isJSON(response.contentType) {
            found.append(
                HostingCheck.wrongContentType.diagnostic(
                    "content type \(response.contentType.map { "'\($0)'" } ?? "missing"), not "
                        + "application/json",
                    hint: "serve the file with Content-Type: application/json"))
        }
        if response.overLimit {
            let read =
                response.declaredLength.map { "announces \($0) bytes" }
                ?? "passed \(FetchSettings.appleSizeLimit) bytes (reading stopped after "
                + "\(response.bytesRead))"
            found.append(
                HostingCheck.bodyTooLarge.diagnostic(
                    "the file \(read): iOS ignores a file over 128 KB",
                    hint: "remove rules or app IDs until the file is at most 131072 bytes"))
        }
        return found
    }

    private static func diagnostic(for failure: FetchedResponse.Failure, url: String) -> Diagnostic
    {
        switch failure {
        case .notHTTPS:
            return HostingCheck.notHTTPS.diagnostic(
                "\(url) is not an https:// URL: nothing was fetched",
                hint: "iOS fetches the file over HTTPS only, with a valid certificate")
        case .tls(let reason):
            return HostingCheck.tlsFailure.diagnostic(
                "TLS failed: \(reason)",
                hint: "serve a certificate for this host that a device trusts, with its chain "
                    + "(--ca-file names other roots to trust)")
        case .timeout(let seconds):
            return HostingCheck.unreachable.diagnostic(
                "no complete answer within \(formatted(seconds)) s",
                hint: "check that the server answers, or give more time with --timeout")
        case .unreachable(let reason):
            return HostingCheck.unreachable.diagnostic(
                "could not fetch: \(reason)",
                hint: "check the host name, the network and the proxy settings")
        }
    }

    /// Why the CDN says it has no copy (its `Apple-Failure-Reason` and `Apple-Failure-Details`
    /// headers), as a clause to append; empty when it sent neither.
    static func appleSays(_ response: FetchedResponse) -> String {
        let parts = [response.appleFailureReason, response.appleFailureDetails].compactMap {
            $0?.isEmpty == false ? $0 : nil
        }
        return parts.isEmpty ? "" : "; the CDN says: " + parts.joined(separator: ", ")
    }

    /// `application/json`, with any parameters (`; charset=utf-8`), in any case.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        return media.lowercased() == "application/json"
    }

    static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
