/// What one request got: the response head and at most `limit` bytes of the body, or why
/// there was no response.
public struct FetchedResponse: Sendable, Equatable {
    /// Why no HTTP response was read.
    public enum Failure: Sendable, Equatable {
        /// The URL is not `https://`: nothing was sent.
        case notHTTPS
        /// The TLS handshake failed (untrusted or mismatched certificate, protocol error).
        case tls(String)
        /// No complete answer within the timeout.
        case timeout(seconds: Double)
        /// Name resolution, connection or transfer failed.
        case unreachable(String)
    }

    public var url: String
    public var status: Int?
    /// The `Content-Type` header as sent.
    public var contentType: String?
    /// The `Location` header of a redirect.
    public var location: String?
    /// The `Content-Length` header, when sent.
    public var declaredLength: Int?
    /// Why Apple's CDN has no copy, as it says (`Apple-Failure-Reason`), when it says.
    public var appleFailureReason: String?
    /// The CDN's details of that failure (`Apple-Failure-Details`), when sent.
    public var appleFailureDetails: String?
    /// The body, up to the size limit.
    public var body: [UInt8] = []
    /// Body bytes received before reading stopped (may pass the limit by one piece of at most 16 KiB).
    public var bytesRead = 0
    /// Reading stopped because the body passed the limit (or announced it would).
    public var overLimit = false
    public var failure: Failure?

    public init(url: String, failure: Failure? = nil) {
        self.url = url
        self.failure = failure
    }

    /// A 200 answer whose whole body was read.
    public var servedWholeFile: Bool {
        failure == nil && status == 200 && !overLimit
    }
}
