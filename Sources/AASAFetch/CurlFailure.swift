import CCurl

/// libcurl's result codes in the terms of the checks.
enum CurlFailure {
    /// The codes of a failed TLS handshake or certificate check.
    static let tlsCodes: [CURLcode] = [
        CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
    ]

    static func failure(_ code: CURLcode, reason: String, seconds: Double)
        -> FetchedResponse.Failure
    {
        if code == CURLE_OPERATION_TIMEDOUT { return .timeout(seconds: seconds) }
        // libcurl refuses a scheme other than https:// here (CURLOPT_PROTOCOLS_STR).
        if code == CURLE_UNSUPPORTED_PROTOCOL { return .notHTTPS }
        if tlsCodes.contains(code) { return .tls(reason) }
        return .unreachable(reason)
    }
}
