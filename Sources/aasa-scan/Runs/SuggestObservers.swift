import CLISupport
import LinkMatcher
import Reports
import RuleAnalysis
import ScanEngine

/// The first reading of `suggest`: the paths the file leaves unmatched, generalised into
/// patterns and counted (one miner per worker, merged after the scan).
/// Only the requests of the file the rules are for count: another site's traffic is no
/// evidence of what this file's app should open.
final class MiningObserver: RequestObserver {
    private(set) var miner: ShapeMiner
    private let file: Int

    init(_ miner: ShapeMiner, file: Int) {
        self.miner = miner
        self.file = file
    }

    func observe(target: UnsafeBufferPointer<UInt8>, file: Int, decision: Decision, weight: UInt64)
    {
        guard file == self.file, decision.kind == .unmatched else { return }
        let parts = URLParts.split(target)
        // Only http(s) URLs can ever be universal links (SEMANTICS.md S3.1).
        guard parts.hasWebScheme(in: target) else { return }
        miner.add(path: UnsafeBufferPointer(rebasing: target[parts.path]), weight: weight)
    }
}

/// The second reading: every request decided again with each candidate added.
final class MeasuringObserver: RequestObserver {
    let measurer: CandidateMeasurer
    private let file: Int

    init(_ measurer: CandidateMeasurer, file: Int) {
        self.measurer = measurer
        self.file = file
    }

    func observe(target: UnsafeBufferPointer<UInt8>, file: Int, decision: Decision, weight: UInt64)
    {
        guard file == self.file else { return }
        measurer.measure(target: target, base: decision, weight: weight)
    }
}
