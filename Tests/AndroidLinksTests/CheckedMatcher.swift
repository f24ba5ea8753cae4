import AndroidLinks
import Testing

/// The reference matcher and the compiled `AndroidLinkMatcher` of the same app and setup: every
/// decision is asked of both, and a disagreement is a test failure, so each hand-worked case of
/// the reference's tests checks the compiled matcher too.
struct CheckedMatcher {
    let reference: AndroidReferenceMatcher
    let compiled: AndroidLinkMatcher
    let scratch: AndroidMatchScratch

    init(_ reference: AndroidReferenceMatcher) {
        self.reference = reference
        compiled = AndroidLinkMatcher(manifest: reference.manifest, setup: reference.setup.compiled)
        scratch = compiled.makeScratch()
    }

    /// The reference's decision, after checking that the compiled matcher's is the same.
    func decide(_ url: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> AndroidReferenceMatcher.Decision
    {
        let expected = reference.decide(url)
        let actual = compiled.referenceForm(compiled.decide(url, scratch: scratch))
        #expect(actual == expected, "compiled matcher on \(url)", sourceLocation: sourceLocation)
        return expected
    }
}

extension AndroidLinkMatcher {
    /// A decision in the reference matcher's terms: filters by component and line, rules by
    /// their verified host's name.
    func referenceForm(_ decision: AndroidDecision) -> AndroidReferenceMatcher.Decision {
        switch decision {
        case .handled(let filter, let rule):
            return .handled(reference(filter), rule: rule.map(reference))
        case .excluded(.dynamicRule(let rule)):
            return .excluded(.dynamicRule(reference(rule)))
        case .excluded(.group(let filter, let group)):
            return .excluded(
                .group(reference(filter), groupLine: filters[filter].filter.groups[group].line))
        case .unmatched(let reason):
            let reasons: [AndroidUnmatchedReason: AndroidReferenceMatcher.Reason] = [
                .notAURL: .notAURL, .scheme: .scheme, .host: .host, .port: .port, .path: .path,
                .hostNotVerified: .hostNotVerified, .noDynamicRule: .noDynamicRule,
            ]
            return .unmatched(reasons[reason] ?? .notAURL)
        }
    }

    private func reference(_ filter: Int) -> AndroidReferenceMatcher.FilterReference {
        AndroidReferenceMatcher.FilterReference(
            component: filters[filter].componentName, line: filters[filter].filter.line)
    }

    private func reference(_ rule: AndroidRuleReference) -> AndroidReferenceMatcher.RuleReference {
        AndroidReferenceMatcher.RuleReference(
            domain: verifiedDomains[rule.domain].domain, statement: rule.statement, rule: rule.rule)
    }
}

extension AndroidReferenceMatcher.Setup {
    /// The same device and sites for the compiled matcher.
    var compiled: AndroidLinkSetup {
        var setup = AndroidLinkSetup()
        setup.apiLevel = apiLevel
        setup.targetSdk = targetSdk
        setup.fingerprints = fingerprints
        setup.assetLinks = assetLinks
        return setup
    }
}
