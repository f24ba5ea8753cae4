import ASCIIBytes
import AndroidLinks
import CoverageStats
import LibC

/// A worker's Android side: decides each tally of requests the iOS side records (one target,
/// any number of requests) for the app of `--android-manifest`, and counts it beside the iOS
/// app that opens it. A tally is decided once, so a target the decision cache keeps costs
/// Android one decision however many requests it stands for.
///
/// Tallies wait in a batch and are decided together (`flush`): Android's code and tables then
/// stay in the core's caches for thousands of decisions, instead of taking turns with the iOS
/// side's at every tally.
final class AndroidRecorder {
    private let setup: AndroidScanSetup
    /// The setup's matcher and host, held apart: read at every tally, and a read of the
    /// setup as a whole would retain each of its arrays.
    private let matcher: AndroidLinkMatcher
    private let hostlessHost: [UInt8]?
    /// The plan of `hostlessHost`, made once (most logs name no host, so most tallies use
    /// it), held strongly and, for the decisions, unmanaged; nil when there is none.
    private let hostlessPlan: AndroidOriginPlan?
    private let hostlessPlanInUse: Unmanaged<AndroidOriginPlan>?
    private let scratch: AndroidMatchScratch
    /// The bytes of the last host planned (`State.lastHostCount` of them), and of the last
    /// host `tellsHTTPApart` was asked about (`State.lastApartHostCount`).
    private let lastHost: UnsafeMutableBufferPointer<UInt8>
    private let lastApartHost: UnsafeMutableBufferPointer<UInt8>
    /// What changes from tally to tally, in plain memory: a class's stored `var` is checked
    /// for exclusive access at every read and write.
    private let state: UnsafeMutablePointer<State>

    /// The batch: each waiting tally's key (host, then target) in `batchBytes`.
    private let batch: UnsafeMutableBufferPointer<Waiting>
    /// The order `flush` decides the batch in, the order after the sort's first pass, and
    /// the counts of a pass, one per key.
    private let order: UnsafeMutableBufferPointer<Int32>
    private let firstPass: UnsafeMutableBufferPointer<Int32>
    private let keyCounts: UnsafeMutableBufferPointer<Int32>
    private let batchBytes: UnsafeMutableBufferPointer<UInt8>
    /// 2,048 tallies: against 512, a third fewer of the misses Android adds in the
    /// second-level cache on a file of 5,000 glob rules (simulated), about 1.5% less time;
    /// 8,192 gain nothing more. The batch takes some 200 KiB a worker.
    private static let batchCount = 2048
    private static let batchByteCount = 128 << 10

    /// 32 bytes: offsets within the batch's bytes and app indices fit 32 bits.
    private struct Waiting {
        var keyStart: Int32
        var hostCount: Int32
        var keyCount: Int32
        var isPath: Bool
        /// The log named port 80: Android decides an origin-form target as `http`.
        var http: Bool
        /// What `flush` sorts by: the target's second and third units (`sortKey(_:)`).
        /// Taken as the tally is queued, while the target is at hand: read in `flush`, from
        /// the batch's bytes, it missed the caches.
        var sortKey: UInt16
        /// -1 for none.
        var iosApp: Int32
        var newIOSApp: Int32
        var weight: UInt64
    }

    private let tallies: AndroidTallies
    /// `diff`: the same decisions against the new files' apps; nil for a scan.
    private let newTallies: AndroidTallies?

    private struct State {
        /// The URL Android is asked about when its origin has no plan: `https://` (a log
        /// line names no scheme but by port 80, `http://`), the host, the target. Reused
        /// from tally to tally.
        var url: [UInt8] = []
        /// The plans of the hosts met, by host (a NUL after it for `http`; nil for a host
        /// that is not a URL's authority, decided whole), the last one apart: a log names a
        /// few hosts again and again.
        var plans: [[UInt8]: AndroidOriginPlan?] = [:]
        /// How many bytes of `lastHost` the last host has; -1 before the first or after one
        /// too long to keep.
        var lastHostCount = -1
        /// Whether the last origin planned was the last host's `http` one.
        var lastHostIsHTTP = false
        /// Per host (lower-cased, no port), whether Android tells `http` from `https` there
        /// (`tellsHTTPApart`), the last host apart.
        var schemesApart: [[UInt8]: Bool] = [:]
        /// How many bytes of `lastApartHost` the last host asked about has, -1 for none.
        var lastApartHostCount = -1
        var lastApart = false
        /// The last host's plan, held strongly and, for the decisions, unmanaged: each tally
        /// then uses it without retaining and releasing it.
        var lastPlan: AndroidOriginPlan?
        var lastPlanInUse: Unmanaged<AndroidOriginPlan>?
        /// How many tallies, and bytes of their keys, wait in the batch.
        var waiting = 0
        var waitingBytes = 0
    }

    /// Past this many hosts, the plans are forgotten: memory stays bounded on any log.
    private static let plannedHosts = 4096

    /// The counts of the tallies decided; `flush` first.
    var counts: AndroidCounts { tallies.counts }
    var newCounts: AndroidCounts? { newTallies?.counts }

    private static let https = Array("https://".utf8)
    private static let http = Array("http://".utf8)

    /// `newAppCount`: for `diff`, the apps of the new files, for a second cross table.
    init(_ setup: AndroidScanSetup, appCount: Int, newAppCount: Int? = nil) {
        self.setup = setup
        matcher = setup.matcher
        hostlessHost = setup.hostlessHost
        scratch = setup.matcher.makeScratch()
        lastHost = .allocate(capacity: PendingRequest.hostLimit + PendingRequest.portLimit)
        lastApartHost = .allocate(capacity: PendingRequest.hostLimit)
        batch = .allocate(capacity: Self.batchCount)
        order = .allocate(capacity: Self.batchCount)
        firstPass = .allocate(capacity: Self.batchCount)
        keyCounts = .allocate(capacity: 257)
        keyCounts.initialize(repeating: 0)
        batchBytes = .allocate(capacity: Self.batchByteCount)
        state = .allocate(capacity: 1)
        tallies = AndroidTallies(labels: setup.labels, appCount: appCount)
        newTallies = newAppCount.map { AndroidTallies(labels: setup.labels, appCount: $0) }
        state.initialize(to: State())
        hostlessPlan = hostlessHost.flatMap { [matcher, scratch] host in
            (Self.https + host).withUnsafeBufferPointer {
                matcher.plan(origin: $0, scratch: scratch)
            }
        }
        hostlessPlanInUse = hostlessPlan.map { Unmanaged.passUnretained($0) }
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        lastHost.deallocate()
        lastApartHost.deallocate()
        batch.deallocate()
        order.deallocate()
        firstPass.deallocate()
        keyCounts.deallocate()
        batchBytes.deallocate()
    }

    /// Counts `weight` requests of `target` on `host` (lower-cased, with `:port` unless the
    /// default; empty when the log names none), which iOS opens in app `iosApp` (nil: none).
    /// An absolute target names its own scheme and host; the others are `https` unless
    /// `http` (the log named port 80). For `diff`, `newIOSApp` is the app of the new files
    /// that opens them. `isPath`: the target is known to have no `?` or `#`.
    func record(
        host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, isPath: Bool = false,
        http: Bool = false, iosApp: Int?, newIOSApp: Int? = nil, weight: UInt64
    ) {
        guard let start = reserve(host.count &+ target.count) else {
            // Longer than a batch holds: decided at once.
            let decision = decide(host: host, target: target, isPath: isPath, http: http)
            tallies.record(decision, iosApp: iosApp, weight: weight)
            newTallies?.record(decision, iosApp: newIOSApp, weight: weight)
            return
        }
        if let from = host.baseAddress { start.update(from: from, count: host.count) }
        if let from = target.baseAddress {
            (start + host.count).update(from: from, count: target.count)
        }
        enqueue(
            hostCount: host.count, keyCount: host.count &+ target.count, isPath: isPath,
            http: http, sortKey: Self.sortKey(target), iosApp: iosApp, newIOSApp: newIOSApp,
            weight: weight)
    }

    /// `record` for a cache key: the host it starts with, if any, then the target.
    func record(
        key: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, isPath: Bool,
        http: Bool = false, iosApp: Int?, newIOSApp: Int? = nil, weight: UInt64
    ) {
        let hostCount = key.count &- target.count
        guard let start = reserve(key.count), let from = key.baseAddress else {
            record(
                host: UnsafeBufferPointer(rebasing: key[0..<hostCount]), target: target,
                isPath: isPath, http: http, iosApp: iosApp, newIOSApp: newIOSApp, weight: weight)
            return
        }
        start.update(from: from, count: key.count)
        enqueue(
            hostCount: hostCount, keyCount: key.count, isPath: isPath, http: http,
            sortKey: Self.sortKey(target), iosApp: iosApp, newIOSApp: newIOSApp, weight: weight)
    }

    /// Whether Android may decide a target of `host` (lower-cased, without its port; empty
    /// for the host assumed when the log names none) otherwise as `http` than as `https`:
    /// only then does a request the log names on port 80 need a decision of its own.
    func tellsHTTPApart(host: UnsafeBufferPointer<UInt8>) -> Bool {
        if Self.holds(lastApartHost, state.pointee.lastApartHostCount, host) {
            return state.pointee.lastApart
        }
        let key = Array(host)
        let apart: Bool
        if let known = state.pointee.schemesApart[key] {
            apart = known
        } else if host.isEmpty {
            apart =
                hostlessHost.map { host in
                    host.withUnsafeBufferPointer {
                        matcher.tellsSchemesApart(host: $0, scratch: scratch)
                    }
                } ?? false
        } else {
            apart = matcher.tellsSchemesApart(host: host, scratch: scratch)
        }
        if state.pointee.schemesApart.count >= Self.plannedHosts {
            state.pointee.schemesApart.removeAll(keepingCapacity: true)
        }
        state.pointee.schemesApart[key] = apart
        state.pointee.lastApart = apart
        state.pointee.lastApartHostCount = Self.keep(host, in: lastApartHost)
        return apart
    }

    /// Where a key of `count` bytes goes in the batch, which is flushed first when full; nil
    /// for a key longer than a batch holds.
    @inline(__always)
    private func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard count <= Self.batchByteCount, let base = batchBytes.baseAddress else { return nil }
        if state.pointee.waiting == Self.batchCount
            || state.pointee.waitingBytes &+ count > Self.batchByteCount
        {
            flush()
        }
        return base + state.pointee.waitingBytes
    }

    /// Adds the tally whose key was just copied to `reserve`'s place.
    @inline(__always)
    private func enqueue(
        hostCount: Int, keyCount: Int, isPath: Bool, http: Bool, sortKey: UInt16, iosApp: Int?,
        newIOSApp: Int?, weight: UInt64
    ) {
        batch[state.pointee.waiting] = Waiting(
            keyStart: Int32(truncatingIfNeeded: state.pointee.waitingBytes),
            hostCount: Int32(truncatingIfNeeded: hostCount),
            keyCount: Int32(truncatingIfNeeded: keyCount), isPath: isPath, http: http,
            sortKey: sortKey,
            iosApp: Int32(truncatingIfNeeded: iosApp ?? -1),
            newIOSApp: Int32(truncatingIfNeeded: newIOSApp ?? -1), weight: weight)
        state.pointee.waiting &+= 1
        state.pointee.waitingBytes &+= keyCount
    }

    /// Decides and counts the tallies waiting in the batch; call before reading the counts.
    func flush() {
        guard let bytes = UnsafePointer(batchBytes.baseAddress) else { return }
        sortBatch()
        var index = 0
        while index < state.pointee.waiting {
            let waiting = batch[Int(order[index])]
            index &+= 1
            let host = bytes + Int(waiting.keyStart)
            let hostCount = Int(waiting.hostCount)
            let decision = decide(
                host: UnsafeBufferPointer(start: host, count: hostCount),
                target: UnsafeBufferPointer(
                    start: host + hostCount, count: Int(waiting.keyCount) &- hostCount),
                isPath: waiting.isPath, http: waiting.http)
            let iosApp = Int(waiting.iosApp)
            tallies.record(decision, iosApp: iosApp < 0 ? nil : iosApp, weight: waiting.weight)
            if let newTallies {
                let newIOSApp = Int(waiting.newIOSApp)
                newTallies.record(
                    decision, iosApp: newIOSApp < 0 ? nil : newIOSApp, weight: waiting.weight)
            }
        }
        state.pointee.waiting = 0
        state.pointee.waitingBytes = 0
    }

    /// Puts in `order` the batch sorted by the second and third units of each target (`us` of
    /// `/users/...`): decisions in a row then mostly take the same way through the rules'
    /// tables, and the processor predicts their branches (in simulation, about 3 fewer
    /// mispredicted branches a line for a few more instructions). A radix sort of two counting
    /// passes, the third unit first; the counts do not depend on the order.
    private func sortBatch() {
        let count = state.pointee.waiting
        countingPass(count, from: nil, into: firstPass) { Int($0 & 0xFF) }
        countingPass(count, from: firstPass, into: order) { Int($0 &>> 8) }
    }

    /// Puts in `destination` the tallies in the order of `digit` of their sort key, those of
    /// one digit in their order in `source` (the batch's order when nil).
    @inline(__always)
    private func countingPass(
        _ count: Int, from source: UnsafeMutableBufferPointer<Int32>?,
        into destination: UnsafeMutableBufferPointer<Int32>, digit: (UInt16) -> Int
    ) {
        // How many tallies have each digit, one place after the digit's own.
        keyCounts.update(repeating: 0)
        var index = 0
        while index < count {
            keyCounts[digit(batch[index].sortKey) &+ 1] &+= 1
            index &+= 1
        }
        // Each digit's first place: the number of tallies with a smaller one.
        var key = 1
        while key < 257 {
            keyCounts[key] &+= keyCounts[key &- 1]
            key &+= 1
        }
        index = 0
        while index < count {
            let tally = source.map { Int($0[index]) } ?? index
            let key = digit(batch[tally].sortKey)
            destination[Int(keyCounts[key])] = Int32(truncatingIfNeeded: tally)
            keyCounts[key] &+= 1
            index &+= 1
        }
    }

    /// The second and third units of `target`, as the high and low bytes; 0 for a unit it
    /// does not have.
    @inline(__always)
    private static func sortKey(_ target: UnsafeBufferPointer<UInt8>) -> UInt16 {
        let second = target.count > 1 ? UInt16(target[1]) : 0
        let third = target.count > 2 ? UInt16(target[2]) : 0
        return second &<< 8 | third
    }

    private func decide(
        host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, isPath: Bool,
        http: Bool
    ) -> AndroidTally {
        if target.first != ASCII.slash {
            return setup.tally(matcher.decide(target, scratch: scratch))
        }
        if host.isEmpty {
            guard let hostlessHost else { return setup.hostNotLoggedTally }
            if !http, let plan = hostlessPlanInUse {
                // `hostlessPlan` keeps it alive.
                return plan._withUnsafeGuaranteedRef {
                    setup.tally(
                        matcher.decide($0, target: target, isPath: isPath, scratch: scratch))
                }
            }
            return hostlessHost.withUnsafeBufferPointer {
                decide(origin: $0, target: target, isPath: isPath, http: http)
            }
        }
        return decide(origin: host, target: target, isPath: isPath, http: http)
    }

    /// Android's decision on `https://` (`http://` when `http`) + `host` + `target` (which
    /// starts with `/`), by the origin's plan when it has one.
    private func decide(
        origin host: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>, isPath: Bool,
        http: Bool
    ) -> AndroidTally {
        if !isLastOrigin(host, http: http) { plan(host, http: http) }
        if let plan = state.pointee.lastPlanInUse {
            // `lastPlan` keeps it alive until the next host.
            return plan._withUnsafeGuaranteedRef {
                setup.tally(matcher.decide($0, target: target, isPath: isPath, scratch: scratch))
            }
        }
        let decision = url(host, target, http: http).withUnsafeBufferPointer {
            matcher.decide($0, scratch: scratch)
        }
        return setup.tally(decision)
    }

    /// `https://` (or `http://`) + `host` + `target`, in the reused buffer.
    private func url(
        _ host: UnsafeBufferPointer<UInt8>, _ target: UnsafeBufferPointer<UInt8>, http: Bool
    ) -> [UInt8] {
        state.pointee.url.removeAll(keepingCapacity: true)
        state.pointee.url.append(contentsOf: http ? Self.http : Self.https)
        state.pointee.url.append(contentsOf: host)
        state.pointee.url.append(contentsOf: target)
        return state.pointee.url
    }

    /// Whether `host`, with that scheme, is the last origin planned.
    private func isLastOrigin(_ host: UnsafeBufferPointer<UInt8>, http: Bool) -> Bool {
        http == state.pointee.lastHostIsHTTP
            && Self.holds(lastHost, state.pointee.lastHostCount, host)
    }

    /// Whether the first `count` bytes of `buffer` are `host`'s.
    private static func holds(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: Int,
        _ host: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard host.count == count else { return false }
        guard let base = host.baseAddress, let kept = buffer.baseAddress else { return true }
        return memcmp(base, kept, count) == 0
    }

    /// Makes the plan of `host` with that scheme the last one, from the plans met or made now.
    private func plan(_ host: UnsafeBufferPointer<UInt8>, http: Bool) {
        // A host name holds no NUL: one after it marks `http`.
        let key = http ? Array(host) + [0] : Array(host)
        let plan: AndroidOriginPlan?
        if let known = state.pointee.plans[key] {
            plan = known
        } else {
            plan = url(host, UnsafeBufferPointer(start: nil, count: 0), http: http)
                .withUnsafeBufferPointer { matcher.plan(origin: $0, scratch: scratch) }
            if state.pointee.plans.count >= Self.plannedHosts {
                state.pointee.plans.removeAll(keepingCapacity: true)
            }
            state.pointee.plans[key] = plan
        }
        state.pointee.lastPlan = plan
        state.pointee.lastPlanInUse = plan.map { Unmanaged.passUnretained($0) }
        state.pointee.lastHostIsHTTP = http
        state.pointee.lastHostCount = Self.keep(host, in: lastHost)
    }

    /// Copies `host` to the start of `buffer` when it fits: the count kept, else -1 (`holds`
    /// then never finds it).
    private static func keep(
        _ host: UnsafeBufferPointer<UInt8>, in buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard host.count <= buffer.count else { return -1 }
        _ = buffer.initialize(from: host)
        return host.count
    }
}
