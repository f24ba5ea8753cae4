import ASCIIBytes

/// What Android did with the requests of a scan given an app's manifest, beside what iOS did:
/// its decisions, why it left requests unmatched, the rule or filter that decided, and the
/// cross table of both platforms. Exact counts, so they add field-wise. A worker counts in
/// `AndroidTallies`.
public struct AndroidCounts: Sendable, Equatable {
    /// What the counts are counts of: the app, the device and the rows' names.
    public let labels: AndroidLabels
    public internal(set) var handled: UInt64 = 0
    public internal(set) var excluded: UInt64 = 0
    public internal(set) var unmatched: UInt64 = 0
    /// Unmatched requests per reason, in `labels.reasons` order.
    public internal(set) var reasonCounts: [UInt64]
    /// Requests each rule or filter took (a handled request counts for its filter and its
    /// dynamic rule) or kept away, in `labels.rules` order.
    public internal(set) var ruleCounts: [UInt64]
    /// Requests per iOS app slot (0: no iOS app opens them, else 1 + the app's index) and
    /// whether Android opens them: `cross[slot * 2 + (android opens ? 1 : 0)]`.
    public internal(set) var cross: [UInt64]

    /// Zero counts for `appCount` iOS apps.
    public init(labels: AndroidLabels, appCount: Int) {
        self.labels = labels
        reasonCounts = Array(repeating: 0, count: labels.reasons.count)
        ruleCounts = Array(repeating: 0, count: labels.rules.count)
        cross = Array(repeating: 0, count: (appCount + 1) * 2)
    }

    /// The number of iOS apps the cross table has rows for.
    public var appCount: Int { cross.count / 2 - 1 }

    /// Requests opened on both platforms, on iOS only, on Android only, on neither.
    public var both: UInt64 { sum(opensOnIOS: true, opensOnAndroid: true) }
    public var iosOnly: UInt64 { sum(opensOnIOS: true, opensOnAndroid: false) }
    public var androidOnly: UInt64 { cross[1] }
    public var neither: UInt64 { cross[0] }

    /// Requests iOS app `app` opens, split by whether Android opens them too.
    public func crossCounts(app: Int) -> (both: UInt64, iosOnly: UInt64) {
        (cross[(app + 1) * 2 + 1], cross[(app + 1) * 2])
    }

    private func sum(opensOnIOS: Bool, opensOnAndroid: Bool) -> UInt64 {
        var total: UInt64 = 0
        for app in 0..<appCount {
            let (both, iosOnly) = crossCounts(app: app)
            total.addSaturating(opensOnAndroid ? both : iosOnly)
        }
        return total
    }

    /// The counts of both summaries, either of which may have none.
    static func merged(_ lhs: AndroidCounts?, _ rhs: AndroidCounts?) -> AndroidCounts? {
        guard var merged = lhs else { return rhs }
        if let rhs { merged += rhs }
        return merged
    }

    /// Adds `rhs`'s counts; the labels must be equal (the caller checks, as for shapes).
    public static func += (lhs: inout AndroidCounts, rhs: AndroidCounts) {
        precondition(lhs.labels == rhs.labels, "merging Android counts of other setups")
        lhs.handled.addSaturating(rhs.handled)
        lhs.excluded.addSaturating(rhs.excluded)
        lhs.unmatched.addSaturating(rhs.unmatched)
        for index in lhs.reasonCounts.indices {
            lhs.reasonCounts[index].addSaturating(rhs.reasonCounts[index])
        }
        for index in lhs.ruleCounts.indices {
            lhs.ruleCounts[index].addSaturating(rhs.ruleCounts[index])
        }
        for index in lhs.cross.indices { lhs.cross[index].addSaturating(rhs.cross[index]) }
    }
}

/// Android's decision for a tally of requests, as the counts index it.
public enum AndroidTally: Sendable, Equatable {
    /// Opened by the app: the rows of the filter that took it and of the dynamic rule that
    /// let it through, when its host has dynamic rules.
    case handled(filter: Int, rule: Int?)
    /// Kept away from the app by a rule (its index), or nil when none is named.
    case excluded(rule: Int?)
    /// Not an App Link of the app; the index of the reason.
    case unmatched(reason: Int)
}

/// The names behind `AndroidCounts`: which app on which device, the reasons and the rules in
/// their order. Two summaries merge only when these are equal.
public struct AndroidLabels: Sendable, Equatable {
    /// The app's package (application ID).
    public var package: String
    /// The device's API level.
    public var apiLevel: Int
    /// A hash of the manifest's and the sites' files as read: a merge of counts made with
    /// other files would add unlike things.
    public var fingerprint: UInt64
    /// The host given to requests logged without one; "" when none was (they are then
    /// unmatched for Android).
    public var hostlessHost: String
    /// The reasons of unmatched requests, as the reports name them.
    public var reasons: [String]
    /// The rules and filters that can decide, in the order their counts are kept.
    public var rules: [AndroidRuleLabel]

    public init(
        package: String, apiLevel: Int, fingerprint: UInt64, hostlessHost: String,
        reasons: [String],
        rules: [AndroidRuleLabel]
    ) {
        self.package = package
        self.apiLevel = apiLevel
        self.fingerprint = fingerprint
        self.hostlessHost = hostlessHost
        self.reasons = reasons
        self.rules = rules
    }
}

/// One row of Android's rule counts.
public struct AndroidRuleLabel: Sendable, Equatable {
    /// `filter` (an intent filter of the manifest), `group` (a uri-relative-filter-group) or
    /// `dynamic_rule` (a rule of a site's assetlinks.json).
    public var kind: String
    /// Where it is: the activity and filter, or the site, statement and rule.
    public var source: String
    /// What it says, in the notation of its file.
    public var pattern: String
    /// True when it decides by the fragment, which no server log shows.
    public var readsFragment: Bool

    public init(kind: String, source: String, pattern: String, readsFragment: Bool) {
        self.kind = kind
        self.source = source
        self.pattern = pattern
        self.readsFragment = readsFragment
    }
}
