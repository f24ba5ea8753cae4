/// The classification of one request, as the summary records it.
public enum CoverageOutcome: Sendable, Equatable {
    /// Opens app `app`, decided by rule `rule` (dense indices).
    case handled(app: Int, rule: Int)
    /// Excluded by rule `rule` of app `app` (dense indices).
    case excluded(app: Int, rule: Int)
    /// No rule decides it although the host has an association file.
    case unmatched
    /// The host has no association file (counted as unmatched too).
    case noAssociation

    /// The per-host counter an outcome adds to.
    public enum HostLane: Int, Sendable, CaseIterable {
        case handled, excluded, unmatched
    }

    /// The host counter of this outcome (no association counts as unmatched).
    @inlinable public var hostLane: HostLane {
        switch self {
        case .handled: .handled
        case .excluded: .excluded
        case .unmatched, .noAssociation: .unmatched
        }
    }

    /// The app that opens the request, for a handled one.
    @inlinable public var openingApp: Int? {
        if case .handled(let app, _) = self { return app }
        return nil
    }
}
