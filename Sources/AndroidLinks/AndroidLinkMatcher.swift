/// An app's manifest and its sites' `assetlinks.json` compiled once into lookups that decide
/// URLs as docs/android-semantics.md says Android does (A8), without trying filter after
/// filter: per scheme a host index, per host an index of the path rules, the groups and dynamic
/// rules as programs. Immutable and shared; each thread decides with its own
/// `AndroidMatchScratch`.
public final class AndroidLinkMatcher: Sendable {
    /// The intent filters that can take a tapped link (A3), in manifest order; decisions name
    /// them by their index here.
    public let filters: [AndroidLinkFilter]
    /// The hosts the app verified on the device (A6), in manifest order; rule references name
    /// them by their index here.
    public let verifiedDomains: [VerifiedDomain]
    /// The package the sites' statements must name: the setup's, else the manifest's.
    public let packageName: String?
    /// The device and the sites.
    public let setup: AndroidLinkSetup

    let schemes: UnitTable
    /// Per scheme (the table's indexes), its filters by host.
    let hostIndexes: [HostIndex]
    /// Per filter: its groups when the device reads them (API 35), compiled.
    let groups: [[CompiledGroup]]
    /// Per filter: false when it has neither path rules nor groups, so takes every path.
    let hasPathRules: [Bool]
    /// Per filter: true when no path changes whether it takes a URL: it has no path rules
    /// nor groups, or a path rule that every path matches (`pathPrefix="/"`, the advice for
    /// apps whose sites narrow their paths by dynamic rules).
    let takesEveryPath: [Bool]
    /// Per filter: its `ssp*` rules, compiled (A4.7); empty for nearly every filter.
    let schemeSpecificParts: [[PatternProgram]]
    /// Per scheme (the table's indexes): its filters with `ssp*` rules, tried on every URL of
    /// the scheme whatever its host.
    let schemeSpecificFilters: [[Int]]
    /// Per filter, its component's index (a filter's whole description is not copied to
    /// compare two).
    let components: [Int]
    let domains: DomainIndex
    /// The most dynamic rules one verified host has: a scratch's room for candidates.
    let largestRuleCount: Int

    /// Compiles the manifest's filters for tapped links and the hosts verified by the setup's
    /// files.
    public init(manifest: AndroidManifest, setup: AndroidLinkSetup = AndroidLinkSetup()) {
        self.setup = setup
        packageName = setup.packageName ?? manifest.packageName
        var filters: [AndroidLinkFilter] = []
        for (componentIndex, component) in manifest.components.enumerated()
        where component.enabled && component.exported != false {
            for (filterIndex, filter) in component.intentFilters.enumerated()
            where Self.acceptsTappedLinks(filter) {
                filters.append(
                    AndroidLinkFilter(
                        componentIndex: componentIndex, componentName: component.name,
                        filterIndex: filterIndex, filter: filter))
            }
        }
        self.filters = filters
        components = filters.map(\.componentIndex)
        let readsGroups = setup.apiLevel >= 35
        let groups = filters.map { readsGroups ? $0.filter.groups.map(CompiledGroup.init) : [] }
        self.groups = groups
        hasPathRules = zip(filters, groups).map { !$0.filter.paths.isEmpty || !$1.isEmpty }
        takesEveryPath = zip(filters, hasPathRules).map { link, hasPathRules in
            !hasPathRules || link.filter.paths.contains(where: Self.matchesEveryPath)
        }
        var schemes = UnitTable()
        var schemeFilters: [[Int]] = []
        for (index, link) in filters.enumerated() {
            for scheme in link.filter.schemes {
                let key = schemes.insert(Array(scheme.utf16))
                if key == schemeFilters.count { schemeFilters.append([]) }
                schemeFilters[key].append(index)
            }
        }
        self.schemes = schemes
        schemeSpecificParts = filters.map { $0.filter.schemeSpecificParts.map(PatternProgram.init) }
        schemeSpecificFilters = schemeFilters.map { [schemeSpecificParts] filters in
            filters.filter { !schemeSpecificParts[$0].isEmpty }
        }
        let intentFilters = filters.map(\.filter)
        hostIndexes = schemeFilters.map { HostIndex($0, of: intentFilters) }
        verifiedDomains = Verification.verifiedDomains(manifest, setup, packageName: packageName)
        domains = DomainIndex(
            verifiedDomains,
            approvesEveryHost: Verification.approvesEveryHost(verifiedDomains, setup))
        largestRuleCount = domains.rules.map(\.rules.count).max() ?? 0
    }

    /// True for a path rule that every path (it starts with `/`, A11 Q1) matches: a prefix
    /// `/` or empty, a pattern `.*` or `/.*`, a suffix that is empty.
    static func matchesEveryPath(_ pattern: AndroidPattern) -> Bool {
        switch pattern.kind {
        case .prefix: pattern.text == "/" || pattern.text.isEmpty
        case .simpleGlob, .advancedGlob: pattern.text == ".*" || pattern.text == "/.*"
        case .suffix: pattern.text.isEmpty
        case .literal: false
        }
    }

    /// A3: action `VIEW`, categories `BROWSABLE` and `DEFAULT`, no MIME type.
    static func acceptsTappedLinks(_ filter: IntentFilter) -> Bool {
        filter.actions.contains(AndroidIntentNames.actionView)
            && filter.categories.contains(AndroidIntentNames.categoryBrowsable)
            && filter.categories.contains(AndroidIntentNames.categoryDefault)
            && filter.mimeTypes.isEmpty
    }

    /// A scratch for one thread.
    public func makeScratch() -> AndroidMatchScratch {
        AndroidMatchScratch(filterCount: filters.count, ruleCount: largestRuleCount)
    }
}

/// An intent filter that can take a tapped link, with the component it belongs to.
public struct AndroidLinkFilter: Sendable, Equatable {
    /// The component's index in `AndroidManifest.components`.
    public let componentIndex: Int
    /// The component's `android:name`.
    public let componentName: String?
    /// The filter's index among the component's filters.
    public let filterIndex: Int
    /// The filter.
    public let filter: IntentFilter
}
