import AndroidLinks

/// Decides URLs for one app the way docs/android-semantics.md says Android does, step by step
/// (A8), with no shortcut: every filter is tried for every URL. It is the yardstick for the
/// compiled matcher, not a fast path.
struct AndroidReferenceMatcher {
    /// The device and the files the app's hosts serve.
    struct Setup {
        /// The device's API level (A6.4, A7.2); 35 is Android 15.
        var apiLevel = 35
        /// The app's target SDK (A6.1); nil: the manifest's, else 35.
        var targetSdk: Int?
        /// The app's signing-certificate fingerprints; nil: any fingerprint verifies.
        var fingerprints: [String]?
        /// The `assetlinks.json` each host serves, by host.
        var assetLinks: [String: AssetLinks] = [:]
    }

    /// Why a URL is not a verified App Link (A1).
    enum Reason: String, Equatable {
        case notAURL = "not an absolute URL"
        case scheme = "scheme not in the manifest"
        case host = "host not in the manifest"
        case port = "port not in the manifest"
        case path = "path not in the manifest"
        case hostNotVerified = "host not verified"
        case noDynamicRule = "no dynamic rule matched"
    }

    /// The intent filter that decided: its component and the line of `<intent-filter>`.
    struct FilterReference: Equatable {
        var component: String?
        var line: Int
    }

    /// The dynamic rule that decided: the verified host it is stored under, the statement and
    /// the rule's index.
    struct RuleReference: Equatable {
        var domain: String
        var statement: Int
        var rule: Int
    }

    enum Exclusion: Equatable {
        case dynamicRule(RuleReference)
        case group(FilterReference, groupLine: Int)
    }

    enum Decision: Equatable {
        case handled(FilterReference, rule: RuleReference?)
        case excluded(Exclusion)
        case unmatched(Reason)
    }

    let manifest: AndroidManifest
    let setup: Setup

    // MARK: - A8: the whole decision

    func decide(_ url: String) -> Decision {
        guard let parts = AndroidURLParts(url) else { return .unmatched(.notAURL) }
        var chosen: FilterReference?
        var firstBlock: (FilterReference, Int)?
        var furthest = Stage.scheme
        for component in manifest.components where isReachable(component) {
            var firstMatch: FilterReference?
            for filter in component.intentFilters where acceptsTappedLinks(filter) {
                let reference = FilterReference(component: component.name, line: filter.line)
                switch dataOutcome(filter, parts) {
                case .match:
                    if firstMatch == nil { firstMatch = reference }
                case .blocked(let groupLine):
                    if firstBlock == nil { firstBlock = (reference, groupLine) }
                case .failed(let stage):
                    furthest = max(furthest, stage)
                }
            }
            // The activity declared last wins (A8 step 5).
            if let firstMatch { chosen = firstMatch }
        }
        guard let chosen else {
            if let (filter, groupLine) = firstBlock {
                return .excluded(.group(filter, groupLine: groupLine))
            }
            return .unmatched(furthest.reason)
        }
        let verified = verifiedDomains()
        guard let host = parts.host, approvedDomain(for: host, verified) != nil else {
            return .unmatched(.hostNotVerified)
        }
        guard setup.apiLevel >= 35, let (domain, statement) = dynamicRules(for: host, verified),
            let rules = statement.dynamicComponents
        else { return .handled(chosen, rule: nil) }
        for rule in rules where ruleMatches(rule, parts) {
            let reference = RuleReference(
                domain: domain, statement: statement.index, rule: rule.index)
            return rule.exclude
                ? .excluded(.dynamicRule(reference)) : .handled(chosen, rule: reference)
        }
        return .unmatched(.noDynamicRule)
    }

    // MARK: - A3: which filters count

    func isReachable(_ component: AndroidComponent) -> Bool {
        component.enabled && component.exported != false
    }

    func acceptsTappedLinks(_ filter: IntentFilter) -> Bool {
        filter.actions.contains(AndroidIntentNames.actionView)
            && filter.categories.contains(AndroidIntentNames.categoryBrowsable)
            && filter.categories.contains(AndroidIntentNames.categoryDefault)
            && filter.mimeTypes.isEmpty
    }

    // MARK: - A4: the data of one filter

    /// How far a filter got: the steps in order, so the furthest explains a miss.
    enum Stage: Int, Comparable {
        case scheme, host, port, path

        static func < (left: Stage, right: Stage) -> Bool { left.rawValue < right.rawValue }

        var reason: Reason {
            switch self {
            case .scheme: .scheme
            case .host: .host
            case .port: .port
            case .path: .path
            }
        }
    }

    enum DataOutcome: Equatable {
        case match
        case blocked(groupLine: Int)
        case failed(Stage)
    }

    func dataOutcome(_ filter: IntentFilter, _ parts: AndroidURLParts) -> DataOutcome {
        guard filter.schemes.contains(parts.scheme) else { return .failed(.scheme) }
        // A4.7: an `ssp*` rule that matches takes the URL; else hosts decide, and without them
        // nothing is taken.
        if !filter.schemeSpecificParts.isEmpty {
            let part = parts.schemeSpecificPart
            if filter.schemeSpecificParts.contains(where: {
                AndroidPatternReference.matches($0, part)
            }) {
                return .match
            }
            if filter.authorities.isEmpty { return .failed(.host) }
        }
        // A4.3: without hosts, neither host, port nor path is checked.
        guard !filter.authorities.isEmpty else { return .match }
        var hostMatched = false
        var authorityMatched = false
        for authority in filter.authorities where hostMatches(authority.host, parts.host) {
            hostMatched = true
            // A negative port, like none, takes any (A4.4).
            if authority.port.map({ $0 < 0 || $0 == parts.port }) ?? true {
                authorityMatched = true
                break
            }
        }
        guard authorityMatched else { return .failed(hostMatched ? .port : .host) }
        // A4.6: groups exist only from Android 15.
        let groups = setup.apiLevel >= 35 ? filter.groups : []
        if filter.paths.isEmpty, groups.isEmpty { return .match }
        if filter.paths.contains(where: { AndroidPatternReference.matches($0, parts.path) }) {
            return .match
        }
        for group in groups where groupMatches(group, parts) {
            return group.allow ? .match : .blocked(groupLine: group.line)
        }
        return .failed(.path)
    }

    /// A4.3: a leading `*` makes the rest a suffix; case does not matter (ASCII, A11 Q8).
    func hostMatches(_ declared: String, _ host: String?) -> Bool {
        guard let host else { return false }
        let wanted = Array(AndroidURLParts.asciiLowercased(declared).utf16)
        let actual = Array(host.utf16)
        guard wanted.first == UInt16(UInt8(ascii: "*")) else { return wanted == actual }
        let suffix = wanted.dropFirst()
        return actual.count >= suffix.count && actual.suffix(suffix.count).elementsEqual(suffix)
    }

    func groupMatches(_ group: UriRelativeFilterGroup, _ parts: AndroidURLParts) -> Bool {
        !group.filters.isEmpty
            && group.filters.allSatisfy { filter in
                switch filter.part {
                case .path:
                    return AndroidPatternReference.matches(filter.pattern, parts.path)
                case .fragment:
                    return parts.fragment.map {
                        AndroidPatternReference.matches(filter.pattern, $0)
                    }
                        ?? false
                case .query:
                    return parts.query.map { query in
                        Self.queryParameters(query).contains {
                            AndroidPatternReference.matches(filter.pattern, $0)
                        }
                    } ?? false
                }
            }
    }

    /// The decoded query split at `&`, or at `;` when that gives one piece, as Java's
    /// `String.split` does it: trailing empty pieces dropped (A4.6).
    static func queryParameters(_ query: [UInt16]) -> [[UInt16]] {
        func javaSplit(_ separator: UInt8) -> [[UInt16]] {
            let unit = UInt16(separator)
            guard query.contains(unit) else { return [query] }
            var pieces = query.split(separator: unit, omittingEmptySubsequences: false).map(
                Array.init)
            while pieces.last?.isEmpty == true { pieces.removeLast() }
            return pieces
        }
        let pieces = javaSplit(UInt8(ascii: "&"))
        return pieces.count == 1 ? javaSplit(UInt8(ascii: ";")) : pieces
    }

    // MARK: - A6: verification

    var targetSdk: Int { setup.targetSdk ?? manifest.targetSdkVersion ?? 35 }

    /// A6.1: the declared hosts Android asks to verify, in manifest order.
    func candidateDomains() -> [String] {
        let filters = manifest.components.flatMap(\.intentFilters)
        let anyMarked = filters.contains {
            $0.autoVerify && handlesWebURIs($0, onlyWebSchemes: true)
        }
        let selected: [IntentFilter]
        var checksHosts = true
        if setup.apiLevel >= 31, targetSdk >= 31 {
            selected = filters.filter {
                $0.autoVerify && $0.categories.contains(AndroidIntentNames.categoryDefault)
                    && handlesWebURIs($0, onlyWebSchemes: true)
            }
        } else if setup.apiLevel >= 31 {
            selected = anyMarked ? filters.filter { handlesWebURIs($0, onlyWebSchemes: false) } : []
        } else {
            // Android 6 to 11: every filter of web schemes only, hosts as they are.
            selected = anyMarked ? filters.filter { handlesWebURIs($0, onlyWebSchemes: true) } : []
            checksHosts = false
        }
        var domains: [String] = []
        for host in selected.flatMap(\.authorities).map(\.host)
        where (!checksHosts || Self.isValidDomain(host)) && !domains.contains(host) {
            domains.append(host)
        }
        return domains
    }

    func handlesWebURIs(_ filter: IntentFilter, onlyWebSchemes: Bool) -> Bool {
        guard filter.actions.contains(AndroidIntentNames.actionView),
            filter.categories.contains(AndroidIntentNames.categoryBrowsable),
            !filter.schemes.isEmpty
        else { return false }
        let web = filter.schemes.map(AndroidIntentNames.webSchemes.contains)
        return onlyWebSchemes ? web.allSatisfy { $0 } : web.contains(true)
    }

    /// A6.1: `(\*\.)?` then `Patterns.DOMAIN_NAME`, matched whole: a host name (labels of
    /// label characters, `_` and `-` only inside, 1 to 63 long, then a top-level label of 2 to
    /// 63 letters or UCS characters, or `xn--` punycode) or an IPv4 address.
    static func isValidDomain(_ host: String) -> Bool {
        var scalars = Array(host.unicodeScalars)
        if scalars.count >= 2, scalars[0] == "*", scalars[1] == "." {
            scalars.removeFirst(2)
        }
        return isHostName(scalars) || isIPv4(scalars)
    }

    /// `Patterns.UCS_CHAR`.
    static func isUCS(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        let spaces: Set<UInt32> = [0xA0, 0x2028, 0x2029, 0x202F, 0x3000]
        if spaces.contains(v) || (0x2000...0x200A).contains(v) { return false }
        if (0xA0...0xD7FF).contains(v) || (0xF900...0xFDCF).contains(v)
            || (0xFDF0...0xFFEF).contains(v)
        {
            return true
        }
        // Planes 1 to 13 but their last two code points; plane 14 from U+E1000.
        for plane in UInt32(1)...13 where (plane << 16...(plane << 16 | 0xFFFD)).contains(v) {
            return true
        }
        return (0xE1000...0xEFFFD).contains(v)
    }

    static func isHostName(_ scalars: [Unicode.Scalar]) -> Bool {
        let letter = { (c: Unicode.Scalar) in c.isASCII && c.properties.isAlphabetic }
        let digit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        let labelChar = { (c: Unicode.Scalar) in letter(c) || digit(c) || isUCS(c) }
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        for label in parts.dropLast() {
            guard !label.isEmpty, label.count <= 63 else { return false }
            for (offset, c) in label.enumerated() {
                let edge = offset == 0 || offset == label.count - 1
                guard labelChar(c) || (!edge && (c == "_" || c == "-")) else { return false }
            }
        }
        guard let last = parts.last else { return false }
        let tld = Array(last)
        if tld.count >= 2, tld.count <= 63, tld.allSatisfy({ letter($0) || isUCS($0) }) {
            return true
        }
        let word = { (c: Unicode.Scalar) in letter(c) || digit(c) || c == "_" }
        guard tld.count >= 5, tld.count <= 63, let end = tld.last, word(end) else { return false }
        return String(String.UnicodeScalarView(tld[0..<4])) == "xn--"
            && tld[4..<(tld.count - 1)].allSatisfy { word($0) || $0 == "-" }
    }

    static func isIPv4(_ scalars: [Unicode.Scalar]) -> Bool {
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        guard parts.count == 4 else { return false }
        let digits = Set("0123456789")
        var index = 0
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(digits.contains),
                let value = Int(part), value <= 255
            else { return false }
            let chars = Array(part)
            switch chars.count {
            case 1: if index == 0 && chars[0] == "0" { return false }
            case 2: if chars[0] == "0" { return false }
            default: if chars[0] != "0" && chars[0] != "1" && chars[0] != "2" { return false }
            }
            index += 1
        }
        return true
    }

    /// A6.2 to A6.4: each verified declared host with the statement that verified it.
    func verifiedDomains() -> [(domain: String, statement: AssetStatement)] {
        guard setup.apiLevel >= 23 else { return [] }
        let candidates = candidateDomains()
        let verified = candidates.compactMap { domain in
            verifyingStatement(for: domain).map { (domain, $0) }
        }
        // Before Android 12 one failing host fails them all.
        if setup.apiLevel < 31, verified.count != candidates.count { return [] }
        return verified
    }

    /// The first statement of the host's file that names this app (A6.3, A11 Q5).
    func verifyingStatement(for domain: String) -> AssetStatement? {
        guard let package = manifest.packageName else { return nil }
        let site = domain.hasPrefix("*.") ? String(domain.dropFirst(2)) : domain
        // A host that names no site (`*`, empty) serves no file.
        guard !site.isEmpty, !site.contains("*"), !site.contains(" "),
            let links = setup.assetLinks[AndroidURLParts.asciiLowercased(site)]
        else { return nil }
        let appFingerprints = setup.fingerprints.map { Set($0.map { $0.uppercased() }) }
        return links.statements.first { statement in
            guard statement.relations.contains(AssetLinks.handleAllURLs),
                case .androidApp(let name, let fingerprints)? = statement.target, name == package
            else { return false }
            // An app's fingerprint is 32 upper-case hex bytes joined by colons, compared
            // exactly: without the app's, one of that form must be there.
            return appFingerprints.map { !$0.isDisjoint(with: fingerprints) }
                ?? fingerprints.contains { fingerprint in
                    let bytes = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
                    return bytes.count == 32
                        && bytes.allSatisfy {
                            $0.count == 2 && $0.allSatisfy { "0123456789ABCDEF".contains($0) }
                        }
                }
        }
    }

    /// A6.5: exactly a verified host, or under a verified `*.X` by a plain suffix test; before
    /// Android 12, any host once the app's hosts verified (the package is approved).
    func approvedDomain(
        for host: String, _ verified: [(domain: String, statement: AssetStatement)]
    ) -> String? {
        if setup.apiLevel < 31, let first = verified.first { return first.domain }
        if verified.contains(where: { $0.domain == host }) { return host }
        return verified.first {
            $0.domain.hasPrefix("*.") && host.hasSuffix($0.domain.dropFirst(2))
        }?
        .domain
    }

    // MARK: - A7: dynamic rules

    /// A7.2: the rules stored under the host, else under `*.` and each parent of two labels or
    /// more; hosts whose rules are absent or empty have none.
    func dynamicRules(
        for host: String, _ verified: [(domain: String, statement: AssetStatement)]
    ) -> (String, AssetStatement)? {
        var keys = [host]
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count >= 3, !labels[0].isEmpty {
            for start in 1...(labels.count - 2) {
                keys.append("*." + labels[start...].joined(separator: "."))
            }
        }
        for key in keys {
            if let entry = verified.first(where: { $0.domain == key }),
                let rules = entry.statement.dynamicComponents, !rules.isEmpty
            {
                return (key, entry.statement)
            }
        }
        return nil
    }

    /// A7.3: every part the rule names must match; a rule naming none never matches.
    func ruleMatches(_ rule: DynamicAppLinkComponent, _ parts: AndroidURLParts) -> Bool {
        var namesAPart = false
        if let path = rule.path {
            namesAPart = true
            guard AndroidPatternReference.dynamicMatches(path, parts.path) else { return false }
        }
        if let fragment = rule.fragment {
            namesAPart = true
            guard let actual = parts.fragment,
                AndroidPatternReference.dynamicMatches(fragment, actual)
            else { return false }
        }
        for entry in rule.query ?? [] {
            namesAPart = true
            let pattern = entry.name + "=" + entry.value
            guard let query = parts.query,
                Self.queryParameters(query).contains(where: {
                    AndroidPatternReference.dynamicMatches(pattern, $0)
                })
            else { return false }
        }
        return namesAPart
    }
}
