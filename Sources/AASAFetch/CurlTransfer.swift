import CCurl

/// One GET through a libcurl easy handle: its options, and what its callbacks collect (the
/// last response head and at most `sizeLimit` body bytes).
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    private let curl: Curl
    private(set) var response: FetchedResponse
    private let sizeLimit: Int
    private let timeoutSeconds: Double
    /// libcurl writes the reason of a failure here; it must outlive the transfer.
    private let errorText: UnsafeMutablePointer<CChar>
    private let requestHeaders: UnsafeMutablePointer<curl_slist>?

    /// Nil when libcurl cannot make a handle (out of memory).
    init?(url: String, settings: FetchSettings, curl: Curl) {
        guard let handle = curl.easyInit() else { return nil }
        self.handle = handle
        self.curl = curl
        response = FetchedResponse(url: url)
        sizeLimit = settings.sizeLimit
        timeoutSeconds = settings.timeoutSeconds
        errorText = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        requestHeaders = curl.listAppend(nil, "Accept: application/json")
        configure(url: url, settings: settings)
    }

    deinit {
        curl.easyCleanup(handle)
        curl.listFree(requestHeaders)
        errorText.deallocate()
    }

    private func configure(url: String, settings: FetchSettings) {
        var table = curl.table
        let milliseconds = max(1, Int(settings.timeoutSeconds * 1000))
        // As iOS: no redirect followed, HTTPS only, the body as sent (no Accept-Encoding, so
        // nothing to decompress), and one deadline for the whole exchange, body included.
        let numbers: [(CURLoption, Int)] = [
            (CURLOPT_FOLLOWLOCATION, 0),
            (CURLOPT_TIMEOUT_MS, milliseconds),
            (CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            // No signal for timeouts: transfers run beside other threads.
            (CURLOPT_NOSIGNAL, 1),
            // The proxy's CONNECT answer is not the server's head.
            (CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
        ]
        for (option, value) in numbers { aasa_curl_setopt_long(&table, handle, option, value) }
        var texts: [(CURLoption, String)] = [
            (CURLOPT_URL, url), (CURLOPT_PROTOCOLS_STR, "https"),
            (CURLOPT_USERAGENT, settings.userAgent),
        ]
        if let caFile = settings.caFile { texts.append((CURLOPT_CAINFO, caFile)) }
        // libcurl copies every string it is given.
        for (option, value) in texts { aasa_curl_setopt_string(&table, handle, option, value) }
        aasa_curl_setopt_slist(&table, handle, CURLOPT_HTTPHEADER, requestHeaders)
        aasa_curl_setopt_pointer(&table, handle, CURLOPT_ERRORBUFFER, errorText)
        // The proxy is not set here: libcurl takes it from https_proxy / HTTPS_PROXY and
        // no_proxy / NO_PROXY by its own rules.
        let context = Unmanaged.passUnretained(self).toOpaque()
        aasa_curl_setopt_callback(&table, handle, CURLOPT_HEADERFUNCTION, Self.headerCallback)
        aasa_curl_setopt_pointer(&table, handle, CURLOPT_HEADERDATA, context)
        aasa_curl_setopt_callback(&table, handle, CURLOPT_WRITEFUNCTION, Self.bodyCallback)
        aasa_curl_setopt_pointer(&table, handle, CURLOPT_WRITEDATA, context)
    }

    /// The answer once libcurl says the transfer ended with `code`.
    func finish(_ code: CURLcode) -> FetchedResponse {
        // A stop on purpose (the size limit) is a short write: the answer is what was read.
        if code == CURLE_OK || (code == CURLE_WRITE_ERROR && response.overLimit) {
            return response
        }
        let detail = errorText.pointee == 0 ? "" : String(cString: errorText)
        let named = curl.easyError(code).map { String(cString: $0) }
        let reason = detail.isEmpty ? named ?? "libcurl error \(code.rawValue)" : detail
        return FetchedResponse(
            url: response.url,
            failure: CurlFailure.failure(code, reason: reason, seconds: timeoutSeconds))
    }

    // MARK: callbacks

    /// One header line; returning less than its length stops the transfer.
    private func header(_ line: UnsafeRawBufferPointer) -> Int {
        var text = String(decoding: line, as: UTF8.self)
        while text.last?.isWhitespace == true { text.removeLast() }
        if text.hasPrefix("HTTP/") {
            // A new head (after a 1xx): what came before is not this answer's.
            let url = response.url
            response = FetchedResponse(url: url)
            response.status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return line.count
        }
        if text.isEmpty {
            // The end of the head: a body announced too large is not read at all.
            if let declared = response.declaredLength, declared > sizeLimit {
                response.overLimit = true
                return 0
            }
            return line.count
        }
        guard let colon = text.firstIndex(of: ":") else { return line.count }
        let name = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        switch name {
        case "content-type": response.contentType = value
        case "location": response.location = value
        case "content-length": response.declaredLength = Int(value)
        case "apple-failure-reason": response.appleFailureReason = value
        case "apple-failure-details": response.appleFailureDetails = value
        default: break
        }
        return line.count
    }

    /// Body bytes; past the limit, reading stops (a short count ends the transfer).
    private func body(_ bytes: UnsafeRawBufferPointer) -> Int {
        response.bytesRead += bytes.count
        if response.bytesRead > sizeLimit {
            response.overLimit = true
            response.body += bytes.prefix(sizeLimit - response.body.count)
            return 0
        }
        response.body += bytes
        return bytes.count
    }

    private static let headerCallback: aasa_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.header(UnsafeRawBufferPointer(start: data, count: size * count))
    }

    private static let bodyCallback: aasa_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.body(UnsafeRawBufferPointer(start: data, count: size * count))
    }
}
