import ASCIIBytes
import LibC
import LinkMatcher

/// Where a request goes: its host lower-cased (the target's own, in absolute form, wins over
/// a host column), its port, the default port of its scheme, and the AASA file for them.
struct RequestPlace {
    var host: UnsafeBufferPointer<UInt8>
    var port: Int?
    var defaultPort: Int
    var file: Int?
    /// True when the request names a host that cannot be a host name (`HostName.isValid`):
    /// no file applies, and the request counts as malformed.
    var hasInvalidHost = false
}

/// Finds the place of each request. The host is lower-cased into the resolver's own buffer
/// (hosts compare case-insensitively, S9), where `withPort` can append `:port` to it.
final class HostResolver {
    let lookup: HostLookup
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// `:` and up to seven digits.
    private static let portSpace = 8

    /// The last host found to be a host name, lower-cased: lines of one host come in runs,
    /// so most lines compare their host with it instead of checking it byte by byte.
    private let lastValidHost: UnsafeMutableBufferPointer<UInt8>
    private var lastValidHostCount = -1

    /// The place of a request with no host and no port anywhere (an origin-form target, no
    /// host or port column: nearly every line of a common or combined log), the same for
    /// every such request, so worked out once.
    private let hostlessPlace: RequestPlace

    /// The file of a request with no host and no port anywhere (`hostlessPlace`), if any.
    var hostlessFile: Int? { hostlessPlace.file }

    init(_ associations: Associations) {
        lookup = HostLookup(associations)
        buffer = .allocate(capacity: PendingRequest.hostLimit + Self.portSpace)
        lastValidHost = .allocate(capacity: PendingRequest.hostLimit)
        let noHost = UnsafeBufferPointer(rebasing: buffer[0..<0])
        // What `place` works out for it: with neither a scheme nor a port, https's default.
        hostlessPlace = RequestPlace(
            host: noHost, port: nil, defaultPort: 443,
            file: lookup.file(host: noHost, port: nil, defaultPort: 443))
    }

    deinit {
        buffer.deallocate()
        lastValidHost.deallocate()
    }

    /// The place of `pending`, whose target splits into `parts`. An origin-form target not
    /// split yet passes `URLParts.empty`: no scheme, host or port.
    @inline(always)
    func place(of pending: UnsafeMutablePointer<PendingRequest>, _ parts: URLParts)
        -> RequestPlace
    {
        if parts.scheme == nil, parts.host == nil, parts.port == nil,
            pending.pointee.request.host.isEmpty, pending.pointee.request.port.isEmpty
        {
            return hostlessPlace
        }
        let named: UnsafeBufferPointer<UInt8>
        var port = parts.port
        let target = pending.pointee.target
        if let hostRange = parts.host {
            named = UnsafeBufferPointer(rebasing: target[hostRange])
        } else {
            let request = pending.pointee.request
            named = pending.pointee.bytes(request.host, .host)
            if !request.port.isEmpty {
                port = Self.number(pending.pointee.bytes(request.port, .host))
            }
        }
        let host = lowercased(named)
        if !host.isEmpty, !isHostName(host) {
            return RequestPlace(
                host: host, port: port, defaultPort: 443, file: nil, hasInvalidHost: true)
        }
        // An origin-form target names no scheme: a logged port of 80 or 443 says which one it
        // was, so it is that scheme's default port, as in `http://host:80/` (S9).
        let defaultPort =
            parts.scheme == nil && (port == 80 || port == 443)
            ? port ?? 443 : parts.defaultPort(in: target)
        let file = lookup.file(host: host, port: port, defaultPort: defaultPort)
        return RequestPlace(host: host, port: port, defaultPort: defaultPort, file: file)
    }

    /// The place's host, followed by `:port` when the port is not the scheme's default: it is
    /// what tells `example.com:8080` (no association) from `example.com` in the host counts.
    @inline(always)
    func hostWithPort(_ place: RequestPlace) -> UnsafeBufferPointer<UInt8> {
        guard let port = place.port, port != place.defaultPort else { return place.host }
        let host = place.host
        var digits = 1
        var scale = 10
        while port >= scale, digits < Self.portSpace - 1 {
            digits += 1
            scale *= 10
        }
        buffer[host.count] = ASCII.colon
        var rest = port
        for index in stride(from: host.count + digits, to: host.count, by: -1) {
            buffer[index] = ASCII.zero + UInt8(rest % 10)
            rest /= 10
        }
        return UnsafeBufferPointer(rebasing: buffer[0..<(host.count + 1 + digits)])
    }

    /// `HostName.isValid` of a lower-cased host, remembered for the last valid one. The host
    /// is cut to `hostLimit` bytes, which is past the longest name, so a cut host is invalid
    /// as its whole would be.
    @inline(always)
    private func isHostName(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        if host.count == lastValidHostCount, let base = host.baseAddress,
            let last = lastValidHost.baseAddress, memcmp(base, last, host.count) == 0
        {
            return true
        }
        guard HostName.isValid(host) else { return false }
        _ = lastValidHost.initialize(from: host)
        lastValidHostCount = host.count
        return true
    }

    @inline(always)
    private func lowercased(_ host: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let count = min(host.count, PendingRequest.hostLimit)
        for index in 0..<count {
            buffer[index] = ASCII.lowercased(host[index])
        }
        return UnsafeBufferPointer(rebasing: buffer[0..<count])
    }

    /// A logged port: digits up to 999,999 (an impossible port still tells hosts apart),
    /// else nil.
    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        ASCII.decimalValue(digits, in: digits.indices, limit: 999_999)
    }
}
