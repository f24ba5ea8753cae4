import ASCIIBytes

/// `AndroidCounts` as a worker adds to them, tally after tally, in plain memory: counts kept in
/// arrays would each be checked for sharing at every tally (about one logged line in three).
/// `counts` gives them as `AndroidCounts`.
public final class AndroidTallies {
    public let labels: AndroidLabels
    private let appCount: Int
    /// Handled, excluded and unmatched, then the reasons, the rules and the cross table, in
    /// `AndroidCounts` order.
    @usableFromInline let values: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let rulesStart: Int
    @usableFromInline let crossStart: Int

    // Constants, not stored statics: a stored static is read through a check that it is set.
    @usableFromInline static var handled: Int { 0 }
    @usableFromInline static var excluded: Int { 1 }
    @usableFromInline static var unmatched: Int { 2 }
    @usableFromInline static var reasonsStart: Int { 3 }

    /// Zero counts for `appCount` iOS apps.
    public init(labels: AndroidLabels, appCount: Int) {
        self.labels = labels
        self.appCount = appCount
        rulesStart = Self.reasonsStart + labels.reasons.count
        crossStart = rulesStart + labels.rules.count
        values = .allocate(capacity: crossStart + (appCount + 1) * 2)
        values.initialize(repeating: 0)
    }

    deinit { values.deallocate() }

    /// Records `weight` requests Android decided as `decision` and iOS opened in app `iosApp`
    /// (nil: no iOS app): a handled request counts for its filter and its dynamic rule.
    @inlinable
    public func record(_ decision: AndroidTally, iosApp: Int?, weight: UInt64) {
        let opens: Int
        switch decision {
        case .handled(let filter, let rule):
            values[Self.handled].addSaturating(weight)
            values[rulesStart + filter].addSaturating(weight)
            if let rule { values[rulesStart + rule].addSaturating(weight) }
            opens = 1
        case .excluded(let rule):
            values[Self.excluded].addSaturating(weight)
            if let rule { values[rulesStart + rule].addSaturating(weight) }
            opens = 0
        case .unmatched(let reason):
            values[Self.unmatched].addSaturating(weight)
            values[Self.reasonsStart + reason].addSaturating(weight)
            opens = 0
        }
        values[crossStart + ((iosApp.map { $0 + 1 }) ?? 0) * 2 + opens].addSaturating(weight)
    }

    /// The counts so far.
    public var counts: AndroidCounts {
        var counts = AndroidCounts(labels: labels, appCount: appCount)
        counts.handled = values[Self.handled]
        counts.excluded = values[Self.excluded]
        counts.unmatched = values[Self.unmatched]
        counts.reasonCounts = Array(values[Self.reasonsStart..<rulesStart])
        counts.ruleCounts = Array(values[rulesStart..<crossStart])
        counts.cross = Array(values[crossStart...])
        return counts
    }
}
