/// The verified hosts as lookups: whether a URL's host is approved (A6.5) and which verified
/// host's dynamic rules apply to it (A7.2), with those rules compiled.
struct DomainIndex: Sendable {
    /// The verified hosts as declared (`*.example.com` too), by their index.
    private var exact = UnitTable()
    /// `X` of each verified `*.X`, reversed: a host that ends with it is approved.
    private let wildcardSuffixes: UnitTrie
    /// `X` of each verified `*.X`, with the index of `*.X`.
    private var wildcardParents = UnitTable()
    private var wildcardParentDomains: [Int] = []
    /// Each verified host's dynamic rules; empty when it has none.
    let rules: [DynamicRuleIndex]
    /// The same, unmanaged (`rules` keeps them): a decision reads them without retaining them.
    private let unmanagedRules: [Unmanaged<DynamicRuleIndex>]
    /// Before Android 12 the app is approved, not its hosts (A6.5).
    private let approvesEveryHost: Bool

    init(_ verified: [VerifiedDomain], approvesEveryHost: Bool = false) {
        self.approvesEveryHost = approvesEveryHost
        var suffixes: [(key: [UInt16], value: Int)] = []
        var rules: [DynamicRuleIndex] = []
        for (index, domain) in verified.enumerated() {
            _ = exact.insert(Array(domain.domain.utf16))
            if domain.domain.hasPrefix("*.") {
                let parent = Array(domain.domain.utf16.dropFirst(2))
                suffixes.append((parent, index))
                if wildcardParents.insert(parent) == wildcardParentDomains.count {
                    wildcardParentDomains.append(index)
                }
            }
            let components = domain.statement.dynamicComponents ?? []
            rules.append(
                DynamicRuleIndex(
                    components.map(CompiledGroup.init), patterns: components.map(\.path),
                    statement: domain.statement.index, componentIndices: components.map(\.index)))
        }
        wildcardSuffixes = UnitTrie(suffixes, backward: true)
        self.rules = rules
        unmanagedRules = rules.map { Unmanaged.passUnretained($0) }
    }

    /// `body` applied to the dynamic rules of verified host `source`.
    @inline(__always)
    func withRules<Result>(of source: Int, _ body: (DynamicRuleIndex) -> Result) -> Result {
        unmanagedRules[source]._withUnsafeGuaranteedRef(body)
    }

    /// A6.5: the host is a verified host, or ends with `X` of a verified `*.X` (no dot
    /// needed, as Android tests it); before Android 12, any host once the app is approved.
    func approves(_ host: UnsafeBufferPointer<UInt16>) -> Bool {
        if approvesEveryHost || exact.index(of: host) != nil { return true }
        var approved = false
        wildcardSuffixes.walk(host) { _ in approved = true }
        return approved
    }

    /// A7.2: the verified host whose rules apply: the host itself, else `*.` and each parent
    /// of two labels or more, nearest first; only hosts that have rules count.
    func ruleSource(for host: UnsafeBufferPointer<UInt16>) -> Int? {
        if let index = exact.index(of: host), !rules[index].isEmpty { return index }
        let dot = UInt16(UInt8(ascii: "."))
        guard host.first != dot, let lastDot = host.lastIndex(of: dot) else { return nil }
        for position in 0..<lastDot where host[position] == dot {
            let parent = UnsafeBufferPointer(rebasing: host[(position + 1)...])
            if let key = wildcardParents.index(of: parent),
                !rules[wildcardParentDomains[key]].isEmpty
            {
                return wildcardParentDomains[key]
            }
        }
        return nil
    }
}
