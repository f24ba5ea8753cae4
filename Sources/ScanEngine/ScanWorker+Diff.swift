import CoverageStats
import LinkMatcher

extension ScanWorker {
    /// `diff`: decides a request under the old files (`old`, found for its host already) and
    /// the new ones, counts the old side into the summary exactly as `classify` does for a
    /// scan (per-host counts aside: the diff report has none, and they cost a table update
    /// a line), and the pair into the diff. The cache remembers both decisions of a target.
    /// Kept out of `classify`, whose scan path it would otherwise weigh down.
    @inline(never)
    func classifyPair(
        _ pending: UnsafeMutablePointer<PendingRequest>, _ place: RequestPlace,
        _ side: ComparisonSide, http: Bool, weight: UInt64
    ) {
        let oldFile = place.file
        let target = pending.pointee.target
        let key = pending.pointee.key
        let hash = pending.pointee.hash
        let newFile = side.hosts.file(
            host: place.host, port: place.port, defaultPort: place.defaultPort)
        let pairFile = side.pairFile(old: oldFile, new: newFile)
        // Android's host, as a scan gives it (only needed when Android decides too).
        let host =
            recorder.hasAndroid
            ? hosts.hostWithPort(place) : UnsafeBufferPointer(start: nil, count: 0)
        if pairFile == 0 {
            // No file on either side: nothing to decide or remember.
            recordPair(
                .unmatched, .unmatched, side, pairFile: 0,
                path: pending.pointee.pathKey(URLParts.split(target)), host: host, target: target,
                http: http, lines: 1, weight: weight)
            return
        }
        let cacheNumber = side.cacheNumber(pairFile, http: http)
        if cache.count(
            key, file: cacheNumber, hash: hash, weight: weight,
            evicted: { self.recordPair($0, side) }) != nil
        {
            return
        }
        let split = URLParts.split(target)
        let oldDecision = oldFile.map { deciders.decide(file: $0, split, in: target) } ?? .unmatched
        let newDecision =
            newFile.map { side.deciders.decide(file: $0, split, in: target) } ?? .unmatched
        if DecisionCache.admits(key), pending.pointee.keyIsWhole {
            cache.store(
                key, file: cacheNumber, hash: hash, oldDecision,
                answers: side.newDecisions.pointee.number(of: newDecision),
                path: pending.pointee.pathRange(split), weight: weight,
                evicted: { self.recordPair($0, side) })
        } else {
            recordPair(
                oldDecision, newDecision, side, pairFile: pairFile,
                path: pending.pointee.pathKey(split), host: host, target: target, http: http,
                lines: 1, weight: weight)
        }
    }

    /// Records the requests the cache tallied for one target under both sets of files: when
    /// the cache hands a slot over, and for what it still holds at the end.
    func recordPair(_ tally: DecisionCache.Tally, _ side: ComparisonSide) {
        let target = OutcomeRecorder.target(ofKey: tally.key)
        let (pairFile, http) = side.pairAndScheme(ofCacheNumber: tally.file)
        recordPair(
            tally.decision, side.newDecisions.pointee.decision(tally.answers), side,
            pairFile: pairFile, path: tally.path,
            host: UnsafeBufferPointer(rebasing: tally.key[0..<(tally.key.count - target.count)]),
            target: target, http: http, lines: tally.lines, weight: tally.weight)
    }

    /// Records `weight` requests (`lines` lines) of one target: the old decision into the
    /// coverage summary, as a scan of the old files records it, and the pair into the diff;
    /// with Android, its decision of `target` on `host` (`http` when the log named port 80)
    /// against both sides' apps.
    @inline(__always)
    private func recordPair(
        _ old: Decision, _ new: Decision, _ side: ComparisonSide, pairFile: Int,
        path: UnsafeRawBufferPointer, host: UnsafeBufferPointer<UInt8>,
        target: UnsafeBufferPointer<UInt8>, http: Bool, lines: UInt64, weight: UInt64
    ) {
        let files = side.files(of: pairFile)
        let oldOutcome =
            files.old.map { recorder.outcomes.outcome(old, file: $0) } ?? .noAssociation
        let pathHash = recorder.summary.pointee.recordRequests(
            oldOutcome, path: path, lines: lines, weight: weight)
        let oldApp: Int
        if case .handled(let app, _) = oldOutcome { oldApp = app } else { oldApp = 0 }
        let newApp = side.record(
            old: oldOutcome.hostLane, oldApp: oldApp, new: new, newFile: files.new, path: path,
            pathHash: pathHash, weight: weight)
        if recorder.hasAndroid {
            recorder.recordAndroid(
                host: host, target: target, http: http, oldApp: oldOutcome.openingApp,
                newApp: newApp, weight: weight)
        }
    }
}
