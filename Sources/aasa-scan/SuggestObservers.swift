import LinkMatcher
import RuleAnalysis
import ScanEngine

/// The first reading of `suggest`: the paths the file leaves unmatched, generalised into
/// patterns and counted (one miner per worker, merged after the scan).
final class MiningObserver: RequestObserver {
    private(set) var miner: ShapeMiner

    init(_ miner: ShapeMiner) { self.miner = miner }

    func observe(target: UnsafeBufferPointer<UInt8>, file: Int, decision: Decision, weight: UInt64)
    {
        guard decision.kind == .unmatched else { return }
        let parts = URLParts.split(target)
        // Only http(s) URLs can ever be universal links (SEMANTICS.md S3.1).
        guard parts.hasWebScheme(in: target) else { return }
        miner.add(path: UnsafeBufferPointer(rebasing: target[parts.path]), weight: weight)
    }
}

/// The second reading: every request decided again with each candidate added.
final class MeasuringObserver: RequestObserver {
    let measurer: CandidateMeasurer

    init(_ measurer: CandidateMeasurer) { self.measurer = measurer }

    func observe(target: UnsafeBufferPointer<UInt8>, file: Int, decision: Decision, weight: UInt64)
    {
        measurer.measure(target: target, base: decision, weight: weight)
    }
}
