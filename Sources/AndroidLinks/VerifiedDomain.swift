/// A host the app verified (docs/android-semantics.md A6): the manifest asks for it and its
/// site's `assetlinks.json` names the app.
public struct VerifiedDomain: Sendable, Equatable {
    /// The host as the manifest declares it: `example.com`, `*.example.com`.
    public let domain: String
    /// The site whose file verified it: the host without `*.`, in lower case.
    public let site: String
    /// The statement that verified it (the first that names the app, A11 Q5); its dynamic
    /// rules are the host's (A7.2).
    public let statement: AssetStatement
}

/// Which declared hosts an app verifies on a device (A6.1 to A6.4), worked out once when the
/// matcher is compiled.
enum Verification {
    /// The verified hosts in manifest order.
    static func verifiedDomains(
        _ manifest: AndroidManifest, _ setup: AndroidLinkSetup, packageName: String?
    ) -> [VerifiedDomain] {
        guard setup.apiLevel >= 23, let packageName else { return [] }
        let candidates = candidateDomains(manifest, setup)
        let verified = candidates.compactMap { domain -> VerifiedDomain? in
            let site = lowercased(domain.hasPrefix("*.") ? String(domain.dropFirst(2)) : domain)
            // Before Android 12 any declared host is asked for; one that names no site
            // (`*`, empty) serves no file.
            guard !site.isEmpty, !site.contains("*"), !site.contains(" ") else { return nil }
            guard let links = setup.assetLinks[site] ?? setup.assetLinksOfOtherSites,
                let statement = verifyingStatement(links, packageName, setup.fingerprints)
            else { return nil }
            return VerifiedDomain(domain: domain, site: site, statement: statement)
        }
        // Before Android 12 one failing host fails them all (A6.4).
        if setup.apiLevel < 31, verified.count != candidates.count { return [] }
        return verified
    }

    /// A6.1: the declared hosts Android asks to verify, in manifest order, each once.
    static func candidateDomains(_ manifest: AndroidManifest, _ setup: AndroidLinkSetup)
        -> [String]
    {
        let filters = manifest.components.flatMap(\.intentFilters)
        let targetSdk = setup.targetSdk ?? manifest.targetSdkVersion ?? 35
        // Once one filter asks for it, the others' hosts are verified too, but for the app
        // that targets Android 12 on Android 12 or later.
        let asked = filters.contains { $0.autoVerify && handlesWebURIs($0, onlyWebSchemes: true) }
        let selected: [IntentFilter]
        if setup.apiLevel >= 31, targetSdk >= 31 {
            selected = filters.filter {
                $0.autoVerify && $0.categories.contains(AndroidIntentNames.categoryDefault)
                    && handlesWebURIs($0, onlyWebSchemes: true)
            }
        } else if !asked {
            selected = []
        } else if setup.apiLevel >= 31 {
            selected = filters.filter { handlesWebURIs($0, onlyWebSchemes: false) }
        } else {
            // Android 6 to 11: filters of web schemes only, and no host is set aside.
            selected = filters.filter { handlesWebURIs($0, onlyWebSchemes: true) }
        }
        var domains: [String] = []
        var seen = Set<String>()
        for host in selected.flatMap(\.authorities).map(\.host)
        where (setup.apiLevel < 31 || isValidDomain(host)) && seen.insert(host).inserted {
            domains.append(host)
        }
        return domains
    }

    /// A6.5: before Android 12 the app, not each host, is approved: once its hosts verified,
    /// every URL one of its filters takes opens it, on any host.
    static func approvesEveryHost(_ verified: [VerifiedDomain], _ setup: AndroidLinkSetup) -> Bool {
        setup.apiLevel < 31 && !verified.isEmpty
    }

    /// `VIEW`, `BROWSABLE` and web schemes: all of them, or at least one (IF `handlesWebUris`).
    private static func handlesWebURIs(_ filter: IntentFilter, onlyWebSchemes: Bool) -> Bool {
        guard filter.actions.contains(AndroidIntentNames.actionView),
            filter.categories.contains(AndroidIntentNames.categoryBrowsable),
            !filter.schemes.isEmpty
        else { return false }
        let web = filter.schemes.map(AndroidIntentNames.webSchemes.contains)
        return onlyWebSchemes ? !web.contains(false) : web.contains(true)
    }

    /// A6.1: what Android 12 and later verify: an optional `*.`, then Android's
    /// `Patterns.DOMAIN_NAME`, whole: labels of letters, digits and other characters from
    /// U+00A0 on (RFC 3987's, but spaces), with `_` and `-` inside, of at most 63 characters,
    /// each followed by a dot, then a top-level label of 2 to 63 letters or such characters,
    /// or `xn--` punycode; or an IPv4 address.
    static func isValidDomain(_ host: String) -> Bool {
        var name = Array(host.unicodeScalars)[...]
        if name.starts(with: ["*", "."]) { name = name.dropFirst(2) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        if labels.count == 4, labels.enumerated().allSatisfy({ isOctet($1, place: $0) }) {
            return true
        }
        return labels.dropLast().allSatisfy(isLabel) && isTopLevelLabel(labels[labels.count - 1])
    }

    private static func isLabel(_ label: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = label.first, let last = label.last, label.count <= 63 else {
            return false
        }
        return isLabelCharacter(first) && isLabelCharacter(last)
            && label.allSatisfy { isLabelCharacter($0) || $0 == "_" || $0 == "-" }
    }

    private static func isTopLevelLabel(_ label: ArraySlice<Unicode.Scalar>) -> Bool {
        if (2...63).contains(label.count),
            label.allSatisfy({ isASCIILetter($0) || isWideCharacter($0) })
        {
            return true
        }
        // `xn--`, then word characters and `-`, ending with a word character.
        let word = { (scalar: Unicode.Scalar) in
            isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
        guard (5...63).contains(label.count), label.starts(with: ["x", "n", "-", "-"]),
            let last = label.last, word(last)
        else { return false }
        return label.dropFirst(4).allSatisfy { word($0) || $0 == "-" }
    }

    private static func isLabelCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || isWideCharacter(scalar)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// RFC 3987's characters beyond ASCII as `Patterns` lists them, without its spaces.
    private static func isWideCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0xA0, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x3000: return false
        case 0xA1...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF, 0xE1000...0xEFFFD: return true
        case 0x1_0000...0xD_FFFF: return value & 0xFFFF <= 0xFFFD
        default: return false
        }
    }

    /// Part `place` (0 to 3) of an IPv4 address as `Patterns` writes it: up to 255, leading
    /// zeros allowed in three digits; a lone `0` only after the first part.
    private static func isOctet(_ part: ArraySlice<Unicode.Scalar>, place: Int) -> Bool {
        guard (1...3).contains(part.count), part.allSatisfy({ ("0"..."9").contains($0) }) else {
            return false
        }
        let digits = part.map { Int($0.value) - 0x30 }
        switch digits.count {
        case 1: return place > 0 || digits[0] > 0
        case 2: return digits[0] > 0
        default: return digits[0] < 2 || digits[0] * 100 + digits[1] * 10 + digits[2] <= 255
        }
    }

    /// The first statement of the file that lets the app handle the site's links (A6.3, A11
    /// Q5): the relation, the package, and one of the app's fingerprints when they are known;
    /// when they are not, a fingerprint some app can have (Android computes an app's in upper
    /// case and compares exactly: one written otherwise matches no app).
    private static func verifyingStatement(
        _ links: AssetLinks, _ packageName: String, _ fingerprints: [String]?
    ) -> AssetStatement? {
        let appFingerprints = fingerprints.map { Set($0.map { $0.uppercased() }) }
        return links.statements.first { statement in
            guard statement.relations.contains(AssetLinks.handleAllURLs),
                case .androidApp(let name, let named)? = statement.target, name == packageName
            else { return false }
            return appFingerprints.map { !$0.isDisjoint(with: named) }
                ?? named.contains(where: StatementReader.isCanonicalFingerprint)
        }
    }

    /// ASCII letters in lower case, every other character as it is (A11 Q8).
    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
