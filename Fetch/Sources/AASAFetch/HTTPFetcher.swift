import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Downloads AASA files as iOS does: HTTPS only, no redirect followed, no decompression asked
/// for, at most `sizeLimit` body bytes, within a deadline. One client per route (direct, or
/// through the environment's proxy) shares its connections across domains.
public final class HTTPFetcher: Sendable {
    private let settings: FetchSettings
    private let direct: HTTPClient
    private let proxied: HTTPClient?

    /// Fails when the CA file cannot be read as PEM certificates.
    public init(settings: FetchSettings) throws {
        self.settings = settings
        var tls = TLSConfiguration.makeClientConfiguration()
        // A closing TLS connection reads (and drops) what the server still sends while it
        // waits for its close_notify: a server streaming past the size limit would be read on
        // for seconds. The file is whole or refused by then, so waiting buys nothing.
        tls.shutdownTimeout = .milliseconds(10)
        if let caFile = settings.caFile {
            // A file without a certificate is refused here (failedToLoadCertificate).
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        }
        let timeAmount = TimeAmount.nanoseconds(Int64(settings.timeoutSeconds * 1e9))
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: timeAmount, read: timeAmount), decompression: .disabled)
        // One attempt, as a device makes: a TLS or connection failure is reported at once,
        // not retried until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        direct = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        if let proxy = settings.proxy {
            configuration.proxy = .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.credentials.map {
                    .basic(username: $0.user, password: $0.password)
                })
            proxied = HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        } else {
            proxied = nil
        }
    }

    /// Closes the connections; call once every fetch has ended.
    public func shutdown() async {
        try? await direct.shutdown()
        try? await proxied?.shutdown()
    }

    /// One GET of `url`, never throwing: a failure is part of the answer.
    public func fetch(_ url: String) async -> FetchedResponse {
        guard url.lowercased().hasPrefix("https://") else {
            return FetchedResponse(url: url, failure: .notHTTPS)
        }
        let seconds = settings.timeoutSeconds
        // The deadline covers the body too: a server that trickles bytes is cut off.
        return await withTaskGroup(of: FetchedResponse?.self) { group in
            group.addTask { await self.exchange(url) }
            group.addTask {
                try? await Task.sleep(for: .nanoseconds(Int64(seconds * 1e9)))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? FetchedResponse(url: url, failure: .timeout(seconds: seconds))
        }
    }

    private func exchange(_ url: String) async -> FetchedResponse {
        var result = FetchedResponse(url: url)
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "aasa-scan-fetch")
        let client = client(for: request)
        let limit = settings.sizeLimit
        do {
            let response = try await client.execute(
                request, timeout: .nanoseconds(Int64(settings.timeoutSeconds * 1e9)))
            result.status = Int(response.status.code)
            result.contentType = response.headers.first(name: "content-type")
            result.location = response.headers.first(name: "location")
            result.declaredLength = response.headers.first(name: "content-length").flatMap {
                Int($0)
            }
            if let declared = result.declaredLength, declared > limit {
                // Announced too large: not a byte of it is read.
                result.overLimit = true
                return result
            }
            for try await part in response.body {
                result.bytesRead += part.readableBytes
                if result.bytesRead > limit {
                    // Stop reading: leaving the loop drops the body, which ends the request.
                    result.overLimit = true
                    let room = limit - result.body.count
                    result.body += part.readableBytesView.prefix(room)
                    break
                }
                result.body += part.readableBytesView
            }
        } catch {
            if Task.isCancelled { return result }
            result.failure = Self.failure(error, seconds: settings.timeoutSeconds)
        }
        return result
    }

    private func client(for request: HTTPClientRequest) -> HTTPClient {
        guard let proxied, let proxy = settings.proxy, let host = Self.host(of: request.url),
            proxy.applies(to: host)
        else { return direct }
        return proxied
    }

    /// The host of an `https://` URL, without user info or port.
    static func host(of url: String) -> String? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        var authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
        }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// What went wrong, in the terms of the checks.
    static func failure(_ error: any Error, seconds: Double) -> FetchedResponse.Failure {
        if let error = error as? HTTPClientError,
            [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error)
        {
            return .timeout(seconds: seconds)
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .tls(String(describing: error))
        }
        if let error = error as? IOError {
            return .unreachable(String(cString: strerror(error.errnoCode)))
        }
        return .unreachable(String(describing: error))
    }
}
