import LinkMatcher

/// Which compiled AASA file applies to which request (SEMANTICS.md S9), with every file's
/// apps and rules numbered densely across all files for the statistics.
public struct Associations: Sendable {
    /// One AASA file as the scan uses it.
    public struct File: Sendable {
        /// The domain it was given for (`nil` for the file that applies to every request).
        public let domain: DomainPattern?
        /// Where it was read from.
        public let path: String
        public let rules: CompiledRuleSet
        /// Offset of its first rule and first app in the global numbering.
        public let ruleOffset: Int
        public let appOffset: Int
        /// Global app index of each `details` entry's first app (exclusions are counted there).
        let entryFirstApp: [Int]
    }

    public private(set) var files: [File] = []
    /// The file for requests whose host matches no domain (from `--aasa FILE`), if any.
    public private(set) var fallback: Int?
    private var domains = DomainTable<Int>()

    public init() {}

    /// Adds a file; `domain == nil` makes it apply to every request not claimed by a domain.
    public mutating func add(domain: DomainPattern?, path: String, rules: CompiledRuleSet) {
        let ruleOffset = files.last.map { $0.ruleOffset + $0.rules.rules.count } ?? 0
        let appOffset = files.last.map { $0.appOffset + $0.rules.apps.count } ?? 0
        let entryCount = (rules.rules.map(\.entryIndex).max() ?? -1) + 1
        var entryFirstApp = Array(repeating: -1, count: entryCount)
        // By name, not by search: a file of 100,000 entries has 100,000 apps.
        let appIndex = rules.appIndex
        for rule in rules.rules where entryFirstApp[rule.entryIndex] < 0 {
            if let first = rule.appIDs.first, let index = appIndex[first] {
                entryFirstApp[rule.entryIndex] = appOffset + index
            }
        }
        files.append(
            File(
                domain: domain, path: path, rules: rules, ruleOffset: ruleOffset,
                appOffset: appOffset, entryFirstApp: entryFirstApp))
        if let domain {
            domains.add(domain, files.count - 1)
        } else {
            fallback = files.count - 1
        }
        isSingleFile = files.count == 1 && fallback == 0
    }

    /// True when no file is tied to a domain: every request uses the one file, no host check.
    public private(set) var isSingleFile = false

    public var ruleCount: Int { files.last.map { $0.ruleOffset + $0.rules.rules.count } ?? 0 }
    public var appCount: Int { files.last.map { $0.appOffset + $0.rules.apps.count } ?? 0 }

    /// The file for a request's host, or nil when the host has no association.
    @inline(__always)
    func file(host: UnsafeBufferPointer<UInt8>, port: Int?, defaultPort: Int) -> Int? {
        if host.isEmpty || isSingleFile { return fallback }
        return domains.lookup(host: host, port: port, defaultPort: defaultPort) ?? fallback
    }
}

extension Associations {
    /// For a host counted as `host:port` that no file claims: the domain that would claim it
    /// on its default port, which is why it went without (a domain without a port means the
    /// scheme's default one, S9). Nil when the port is not the reason.
    public func domainMissingPort(_ hostAndPort: String) -> DomainPattern? {
        guard fallback == nil, let colon = hostAndPort.lastIndex(of: ":"),
            let port = Int(hostAndPort[hostAndPort.index(after: colon)...])
        else { return nil }
        let host = Array(hostAndPort[..<colon].utf8)
        return host.withUnsafeBufferPointer { bytes in
            // -1: no domain written without a port may take this port as its default.
            guard domains.lookup(host: bytes, port: port, defaultPort: -1) == nil else {
                return nil
            }
            return files.compactMap(\.domain).first {
                $0.matches(host: bytes, port: $0.port, defaultPort: -1)
            }
        }
    }
}
