import ASCIIBytes
import AndroidLinks
import CoverageStats
import LibC

/// A worker's Android side: decides each tally of requests the iOS side records (one target,
/// any number of requests) for the app of `--android-manifest`, and counts it beside the iOS
/// app that opens it. A tally is decided once, so a target the decision cache keeps costs
/// Android one decision however many requests it stands for.
final class AndroidRecorder {
    private let setup: AndroidScanSetup
    /// The setup's matcher and host, held apart: read at every tally, and a read of the
    /// setup as a whole would retain each of its arrays.
    private let matcher: AndroidLinkMatcher
    private let hostlessHost: [UInt8]?
    private let scratch: AndroidMatchScratch
    /// What changes from tally to tally, in plain memory: a class's stored `var` is checked
    /// for exclusive access at every read and write.
    private let state: UnsafeMutablePointer<State>

    private struct State {
        var counts: AndroidCounts
        /// `diff`: the same decisions against the new files' apps; nil for a scan.
        var newCounts: AndroidCounts?
        /// The URL Android is asked about when its origin has no plan: `https://` (a log
        /// line names no scheme), the host, the target. Reused from tally to tally.
        var url: [UInt8] = []
        /// The plans of the hosts met (nil for a host that is not a URL's authority, decided
        /// whole), the last one apart: a log names a few hosts again and again.
        var plans: [[UInt8]: AndroidOriginPlan?] = [:]
        var lastHost: [UInt8]?
        var lastPlan: AndroidOriginPlan?
    }

    /// Past this many hosts, the plans are forgotten: memory stays bounded on any log.
    private static let plannedHosts = 4096

    var counts: AndroidCounts { state.pointee.counts }
    var newCounts: AndroidCounts? { state.pointee.newCounts }

    private static let https = Array("https://".utf8)

    /// `newAppCount`: for `diff`, the apps of the new files, for a second cross table.
    init(_ setup: AndroidScanSetup, appCount: Int, newAppCount: Int? = nil) {
        self.setup = setup
        matcher = setup.matcher
        hostlessHost = setup.hostlessHost
        scratch = setup.matcher.makeScratch()
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(
                counts: AndroidCounts(labels: setup.labels, appCount: appCount),
                newCounts: newAppCount.map { AndroidCounts(labels: setup.labels, appCount: $0) }))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Counts `weight` requests of `target` on `host` (lower-cased, with `:port` unless the
    /// default; empty when the log names none), which iOS opens in app `iosApp` (nil: none).
    /// An absolute target names its own scheme and host.
    /// For `diff`, `newIOSApp` is the app of the new files that opens them.
    func record(
        host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, iosApp: Int?,
        newIOSApp: Int? = nil, weight: UInt64
    ) {
        let decision = decide(host: host, target: target)
        state.pointee.counts.record(decision, iosApp: iosApp, weight: weight)
        state.pointee.newCounts?.record(decision, iosApp: newIOSApp, weight: weight)
    }

    /// `record` for a cache key: the host it starts with, if any, then the target.
    func record(
        key: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, iosApp: Int?,
        newIOSApp: Int? = nil, weight: UInt64
    ) {
        let hostCount = key.count - target.count
        record(
            host: UnsafeBufferPointer(rebasing: key[0..<hostCount]), target: target,
            iosApp: iosApp, newIOSApp: newIOSApp, weight: weight)
    }

    private func decide(host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>)
        -> AndroidTally
    {
        if target.first != ASCII.slash {
            return setup.tally(matcher.decide(target, scratch: scratch))
        }
        if host.isEmpty {
            guard let hostlessHost else { return setup.hostNotLoggedTally }
            return hostlessHost.withUnsafeBufferPointer { decide(origin: $0, target: target) }
        }
        return decide(origin: host, target: target)
    }

    /// Android's decision on `https://` + `host` + `target` (which starts with `/`), by the
    /// host's plan when it has one.
    private func decide(origin host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>)
        -> AndroidTally
    {
        if let plan = plan(of: host) {
            return setup.tally(matcher.decide(plan, target: target, scratch: scratch))
        }
        let decision = url(host, target).withUnsafeBufferPointer {
            matcher.decide($0, scratch: scratch)
        }
        return setup.tally(decision)
    }

    /// `https://` + `host` + `target`, in the reused buffer.
    private func url(_ host: UnsafeBufferPointer<UInt8>, _ target: UnsafeBufferPointer<UInt8>)
        -> [UInt8]
    {
        state.pointee.url.removeAll(keepingCapacity: true)
        state.pointee.url.append(contentsOf: Self.https)
        state.pointee.url.append(contentsOf: host)
        state.pointee.url.append(contentsOf: target)
        return state.pointee.url
    }

    private static func equal(_ bytes: [UInt8], _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == other.count, let otherBase = other.baseAddress else {
            return bytes.count == other.count
        }
        return bytes.withUnsafeBufferPointer {
            $0.baseAddress.map { memcmp($0, otherBase, other.count) == 0 } ?? false
        }
    }

    /// The plan of `https://` + `host`, remembered.
    private func plan(of host: UnsafeBufferPointer<UInt8>) -> AndroidOriginPlan? {
        if let lastHost = state.pointee.lastHost, Self.equal(lastHost, host) {
            return state.pointee.lastPlan
        }
        let key = Array(host)
        let plan: AndroidOriginPlan?
        if let known = state.pointee.plans[key] {
            plan = known
        } else {
            plan = url(host, UnsafeBufferPointer(start: nil, count: 0)).withUnsafeBufferPointer {
                matcher.plan(origin: $0, scratch: scratch)
            }
            if state.pointee.plans.count >= Self.plannedHosts {
                state.pointee.plans.removeAll(keepingCapacity: true)
            }
            state.pointee.plans[key] = plan
        }
        (state.pointee.lastHost, state.pointee.lastPlan) = (key, plan)
        return plan
    }
}
