import AndroidLinks
import Testing

@testable import AndroidLinks

/// The compiled matcher against the reference on generated apps, sites, devices and URLs: the
/// two must agree on every decision, to the filter, group and rule. Seeded, so a failure
/// replays; the seed and the inputs are in the failure's message.
struct CompiledMatcherDifferentialTests {
    static let apps = 800
    static let urlsPerApp = 16

    @Test func decisionsAgreeWithTheReference() {
        var generator = AndroidCaseGenerator(seed: 0xA11D_501D)
        var seen: [String: Int] = [:]
        var disagreements = 0
        var explanationDisagreements = 0
        var plannedCount = 0
        var plannedOnBytes = 0
        var plannedDisagreements = 0
        var pathsDecided = 0
        var schemesAlike = 0
        var schemesApart = 0
        var schemeDisagreements = 0
        for caseNumber in 0..<Self.apps {
            let app = generator.app()
            let reference = AndroidReferenceMatcher(manifest: app.manifest, setup: app.setup)
            let compiled = AndroidLinkMatcher(manifest: app.manifest, setup: app.setup.compiled)
            let scratch = compiled.makeScratch()
            for _ in 0..<Self.urlsPerApp {
                let url = generator.url()
                let expected = reference.decide(url)
                let decision = compiled.decide(url, scratch: scratch)
                let actual = compiled.referenceForm(decision)
                if !Self.explanationAgrees(compiled.explain(url, scratch: scratch), decision) {
                    explanationDisagreements += 1
                }
                if let planned = Self.decideByOrigin(url, compiled, scratch) {
                    plannedCount += 1
                    if planned.onBytes { plannedOnBytes += 1 }
                    if planned.decision != decision { plannedDisagreements += 1 }
                    if let asPath = planned.asPath {
                        pathsDecided += 1
                        if asPath != decision { plannedDisagreements += 1 }
                    }
                }
                // A host whose `http` and `https` origins the compiled matcher calls alike:
                // the reference decides the URL the same under either scheme.
                if let (host, other) = Self.otherScheme(url) {
                    if host.withUnsafeBufferPointer({
                        compiled.tellsSchemesApart(host: $0, scratch: scratch)
                    }) {
                        schemesApart += 1
                    } else {
                        schemesAlike += 1
                        if reference.decide(other) != expected { schemeDisagreements += 1 }
                    }
                }
                seen[Self.kind(expected), default: 0] += 1
                guard actual != expected else { continue }
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record(
                        """
                        case \(caseNumber), API \(app.setup.apiLevel), \
                        fingerprints \(String(describing: app.setup.fingerprints)): \(url)
                        reference: \(expected)
                        compiled:  \(actual)
                        \(app.manifestText)
                        \(app.siteTexts)
                        """)
                }
            }
        }
        #expect(disagreements == 0)
        #expect(explanationDisagreements == 0)
        #expect(schemeDisagreements == 0)
        #expect(
            schemesAlike >= 100 && schemesApart >= 100,
            "\(schemesAlike) alike, \(schemesApart) apart")
        #expect(plannedDisagreements == 0)
        #expect(plannedCount >= Self.apps * Self.urlsPerApp / 4, "\(plannedCount) planned")
        // Targets without `?` or `#` are decided again as paths (as a scan decides those it
        // remembers by path); enough of them, against the whole URL's decision.
        #expect(pathsDecided >= plannedCount / 5, "\(pathsDecided) of \(plannedCount) as paths")
        // Planned targets are decided on their bytes (ASCII without an escape) and as UTF-16
        // units (the rest): both ways are compared with the whole URL's decision.
        #expect(plannedOnBytes >= plannedCount / 5, "\(plannedOnBytes) of \(plannedCount) on bytes")
        #expect(
            plannedCount - plannedOnBytes >= plannedCount / 5,
            "\(plannedCount - plannedOnBytes) of \(plannedCount) as units")
        // The generator reaches every kind of decision, often enough to mean something.
        for kind in Self.kinds {
            #expect(seen[kind, default: 0] >= 20, "\(kind): \(seen[kind, default: 0]) of \(seen)")
        }
    }

    /// The lower-cased host of an `http` or `https` URL without a port or an escape in its
    /// host, and the URL under the other scheme; nil for the others.
    static func otherScheme(_ url: String) -> (host: [UInt8], other: String)? {
        let schemes = [("https://", "http://"), ("http://", "https://")]
        guard let (scheme, other) = schemes.first(where: { url.lowercased().hasPrefix($0.0) })
        else { return nil }
        let rest = url.dropFirst(scheme.count)
        let host = rest.prefix { !"/?#".contains($0) }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && $0 != ":" && $0 != "%" }) else {
            return nil
        }
        return (Array(host.lowercased().utf8), other + rest)
    }

    /// A scratch is sized for the matcher that made it: another matcher with more filters
    /// refuses it rather than write past its buffers.
    @Test func aScratchOfASmallerMatcherIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let exported = "android:name=\".A\" android:exported=\"true\""
            let data = "<data android:scheme=\"https\" android:host=\"example.com\" />"
            let small = AndroidLinkMatcher(manifest: try AppLinkFixture.manifest([]))
            let large = AndroidLinkMatcher(
                manifest: try AppLinkFixture.manifest([
                    (exported, [AppLinkFixture.filter(data), AppLinkFixture.filter(data)])
                ]))
            _ = large.decide("https://example.com/", scratch: small.makeScratch())
        }
    }

    /// The URL decided as a scan decides it: its origin (`scheme://authority`) planned, then
    /// its target (from the `/` that ends the authority) by that plan; nil when the URL has
    /// no such `/` or its origin no plan. `onBytes`: the target is ASCII without an escape,
    /// which the matcher decides on its bytes. `asPath`: for a target without `?` or `#`,
    /// its decision when the matcher is told so.
    static func decideByOrigin(
        _ url: String, _ matcher: AndroidLinkMatcher, _ scratch: AndroidMatchScratch
    ) -> (decision: AndroidDecision, onBytes: Bool, asPath: AndroidDecision?)? {
        let bytes = Array(url.utf8)
        guard let separator = bytes.firstRange(of: Array("://".utf8))?.upperBound,
            let end = bytes[separator...].firstIndex(where: { "/?#".utf8.contains($0) }),
            bytes[end] == UInt8(ascii: "/")
        else { return nil }
        let origin = Array(bytes[..<end])
        let target = Array(bytes[end...])
        let plan = origin.withUnsafeBufferPointer { matcher.plan(origin: $0, scratch: scratch) }
        guard let plan else { return nil }
        let decision = target.withUnsafeBufferPointer {
            matcher.decide(plan, target: $0, scratch: scratch)
        }
        let isPath = !target.contains(UInt8(ascii: "?")) && !target.contains(UInt8(ascii: "#"))
        let asPath =
            isPath
            ? target.withUnsafeBufferPointer {
                matcher.decide(plan, target: $0, isPath: true, scratch: scratch)
            } : nil
        return (decision, target.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "%") }, asPath)
    }

    /// `explain` tells the same story as `decide`: the same decision; the chosen filter took
    /// the URL; a miss names the furthest step a filter reached.
    static func explanationAgrees(_ explanation: AndroidExplanation, _ decision: AndroidDecision)
        -> Bool
    {
        guard explanation.decision == decision else { return false }
        if let chosen = explanation.chosenFilter {
            return explanation.filters[chosen].matches
        }
        let reached: [AndroidUnmatchedReason] = explanation.filters.map {
            switch $0 {
            case .scheme: .scheme
            case .host, .schemeSpecificPart: .host
            case .port: .port
            default: .path
            }
        }
        switch decision {
        case .unmatched(let reason) where reason != .notAURL:
            let order: [AndroidUnmatchedReason] = [.scheme, .host, .port, .path]
            let furthest = reached.max {
                order.firstIndex(of: $0) ?? 0 < order.firstIndex(of: $1) ?? 0
            }
            return furthest ?? .scheme == reason
        default:
            return true
        }
    }

    static let kinds = [
        "handled", "handled by a rule", "excluded by a rule", "excluded by a group",
        "not a URL", "scheme", "host", "port", "path", "host not verified",
        "no dynamic rule matched",
    ]

    static func kind(_ decision: AndroidReferenceMatcher.Decision) -> String {
        switch decision {
        case .handled(_, rule: nil): "handled"
        case .handled: "handled by a rule"
        case .excluded(.dynamicRule): "excluded by a rule"
        case .excluded(.group): "excluded by a group"
        case .unmatched(.notAURL): "not a URL"
        case .unmatched(.scheme): "scheme"
        case .unmatched(.host): "host"
        case .unmatched(.port): "port"
        case .unmatched(.path): "path"
        case .unmatched(.hostNotVerified): "host not verified"
        case .unmatched(.noDynamicRule): "no dynamic rule matched"
        }
    }

    /// The URL as the compiled matcher reads it (A2) is the URL as the reference reads it.
    @Test func urlPartsAgreeWithTheReference() {
        var generator = AndroidCaseGenerator(seed: 0x0A2)
        let scratch = AndroidMatchScratch(filterCount: 0)
        var disagreements: [String] = []
        for _ in 0..<3000 {
            let url = generator.url()
            let expected = AndroidURLParts(url)
            var bytes = Array(url.utf8)
            let actual = bytes.withUnsafeMutableBufferPointer {
                URLUnits(UnsafeBufferPointer($0), scratch: scratch)
            }
            guard let expected, let actual else {
                if (expected == nil) != (actual == nil) { disagreements.append(url) }
                continue
            }
            let units = scratch.units
            let agree =
                String(decoding: units[actual.scheme], as: UTF16.self) == expected.scheme
                && actual.host.map { String(decoding: units[$0], as: UTF16.self) } == expected.host
                && actual.port == expected.port && Array(units[actual.path]) == expected.path
                && actual.query.map { Array(units[$0]) } == expected.query
                && actual.fragment.map { Array(units[$0]) } == expected.fragment
                && scratch.parameters.map { Array(units[$0]) }
                    == expected.query.map(AndroidReferenceMatcher.queryParameters) ?? []
            if !agree { disagreements.append(url) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// Each compiled pattern program answers as the reference `PatternMatcher` and dynamic
    /// wildcards do.
    @Test func patternProgramsAgreeWithTheReference() {
        var generator = AndroidCaseGenerator(seed: 0x5EED)
        var disagreements: [String] = []
        var matched = 0
        for _ in 0..<4000 {
            let kind = generator.pick(AndroidPattern.Kind.allCases + [nil])
            let text: String
            switch kind {
            case .advancedGlob?: text = generator.advancedGlob()
            case .literal?, .prefix?, .suffix?:
                text = generator.pick(["/", "/a", "a", "é", "/a.", ""])
            case .simpleGlob?, nil: text = generator.simpleGlob()
            }
            let program =
                kind.map { PatternProgram(AndroidPattern(kind: $0, text: text, line: 1)) }
                ?? PatternProgram(wildcards: text)
            for _ in 0..<5 {
                let subject = generator.text()
                let expected =
                    kind.map {
                        AndroidPatternReference.matches(
                            AndroidPattern(kind: $0, text: text, line: 1), subject)
                    } ?? AndroidPatternReference.dynamicMatches(text, subject)
                let actual = subject.withUnsafeBufferPointer { program.matches($0) }
                if expected { matched += 1 }
                if actual != expected {
                    disagreements.append(
                        "\(kind.map(\.rawValue) ?? "dynamic") \(text) on "
                            + String(decoding: subject, as: UTF16.self))
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(matched > 1000)
    }
}
