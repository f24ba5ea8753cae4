import LibC
import LinkMatcher

/// The AASA file for a lower-cased host, remembering the last answer: lines of one host come
/// in runs, and the domain table is a scan over every domain.
final class HostLookup {
    private let associations: Associations
    private let lastHost: UnsafeMutableBufferPointer<UInt8>
    private var lastHostCount = -1
    private var lastPort = 0
    private var lastDefaultPort = 0
    private var lastFile: Int?

    init(_ associations: Associations) {
        self.associations = associations
        lastHost = .allocate(capacity: PendingRequest.hostLimit)
    }

    deinit { lastHost.deallocate() }

    @inline(always)
    func file(host: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int) -> Int? {
        if associations.isSingleFile || host.isEmpty {
            return associations.file(host: host, port: port, defaultPort: defaultPort)
        }
        let effectivePort = port ?? defaultPort
        // The answer depends on the port and on the scheme's default port (S9).
        if host.count == lastHostCount, effectivePort == lastPort, defaultPort == lastDefaultPort,
            let base = host.baseAddress, let last = lastHost.baseAddress,
            memcmp(base, last, host.count) == 0
        {
            return lastFile
        }
        let found = associations.file(host: host, port: port, defaultPort: defaultPort)
        let kept = min(host.count, lastHost.count)
        _ = lastHost.initialize(from: UnsafeBufferPointer(rebasing: host[0..<kept]))
        lastHostCount = kept == host.count ? host.count : -1
        lastPort = effectivePort
        lastDefaultPort = defaultPort
        lastFile = found
        return found
    }
}
