import AASAModel

/// Everything found for one domain: both answers, how the CDN's copy compares, and every
/// diagnostic, each tied to the copy it is about.
public struct DomainReport: Sendable {
    /// A diagnostic about one copy.
    public struct Finding: Sendable, Equatable {
        public var source: FetchSource
        public var diagnostic: Diagnostic
    }

    public var target: FetchTarget
    /// Nil in an alternate mode, where devices do not use the CDN.
    public var cdn: FetchedResponse?
    public var origin: FetchedResponse
    public var cdnCopy: CDNCopy
    public var findings: [Finding]
    /// Where `--output` saved the file, or why it did not.
    public var saved: SaveOutcome?
    /// Where `--output` kept both copies when they differ, or why it did not.
    public var savedPair: PairOutcome?

    /// Checks both answers: hosting checks on each, `lint` on each distinct whole file.
    public init(target: FetchTarget, cdn: FetchedResponse?, origin: FetchedResponse) {
        self.target = target
        self.cdn = cdn
        self.origin = origin
        cdnCopy = CDNCopy(cdn: cdn, origin: origin)
        var findings: [Finding] = []
        for (source, response) in [(FetchSource.cdn, cdn), (.origin, origin)] {
            guard let response else { continue }
            findings += HostingChecks.diagnostics(for: response, from: source).map {
                Finding(source: source, diagnostic: $0)
            }
        }
        if let diagnostic = cdnCopy.diagnostic(origin: origin) {
            findings.append(Finding(source: .cdn, diagnostic: diagnostic))
        }
        if origin.servedWholeFile {
            findings += ContentChecks.lint(origin.body).diagnostics.map {
                Finding(source: .origin, diagnostic: $0)
            }
        }
        // The CDN's file is linted too when it is not the origin's.
        if let cdn, cdn.servedWholeFile, cdnCopy != .same {
            findings += ContentChecks.lint(cdn.body).diagnostics.map {
                Finding(source: .cdn, diagnostic: $0)
            }
        }
        self.findings = findings
    }

    /// A copy could not be fetched at all (AASA707): the run ends with status 2.
    public var couldNotFetch: Bool {
        findings.contains { $0.diagnostic.code == HostingCheck.unreachable.code }
    }

    /// The answer that iOS uses: the CDN's, or the origin's in an alternate mode.
    public var deviceCopy: FetchedResponse? { target.usesCDN ? cdn : origin }
}

/// What `--output DIR` did for a domain.
public enum SaveOutcome: Sendable, Equatable {
    case saved(path: String)
    case skipped(reason: String)
}

/// What `--output DIR` did with both copies of a domain whose CDN copy differs.
public enum PairOutcome: Sendable, Equatable {
    case saved(cdn: String, origin: String)
    case skipped(reason: String)
}
