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
        let selected: [IntentFilter]
        if setup.apiLevel >= 31, targetSdk >= 31 {
            selected = filters.filter {
                $0.autoVerify && $0.categories.contains(AndroidIntentNames.categoryDefault)
                    && handlesWebURIs($0, onlyWebSchemes: true)
            }
        } else if filters.contains(where: {
            $0.autoVerify && handlesWebURIs($0, onlyWebSchemes: true)
        }) {
            selected = filters.filter { handlesWebURIs($0, onlyWebSchemes: false) }
        } else {
            selected = []
        }
        var domains: [String] = []
        var seen = Set<String>()
        for host in selected.flatMap(\.authorities).map(\.host)
        where isValidDomain(host) && seen.insert(host).inserted {
            domains.append(host)
        }
        return domains
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

    /// A11 Q3: an optional `*.`, then at least two labels of ASCII letters, digits and inner
    /// `-`.
    static func isValidDomain(_ host: String) -> Bool {
        let name = host.hasPrefix("*.") ? host.utf8.dropFirst(2) : host.utf8[...]
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.first != UInt8(ascii: "-")
                    && label.last != UInt8(ascii: "-")
                    && label.allSatisfy { byte in
                        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == UInt8(ascii: "-")
                    }
            }
    }

    /// The first statement of the file that lets the app handle the site's links (A6.3, A11
    /// Q5): the relation, the package, and one of the app's fingerprints when they are known.
    private static func verifyingStatement(
        _ links: AssetLinks, _ packageName: String, _ fingerprints: [String]?
    ) -> AssetStatement? {
        let appFingerprints = fingerprints.map { Set($0.map { $0.uppercased() }) }
        return links.statements.first { statement in
            guard statement.relations.contains(AssetLinks.handleAllURLs),
                case .androidApp(let name, let named)? = statement.target, name == packageName
            else { return false }
            return appFingerprints.map { !$0.isDisjoint(with: named) } ?? true
        }
    }

    /// ASCII letters in lower case, every other character as it is (A11 Q8).
    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
