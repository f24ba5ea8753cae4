import LinkMatcher

/// Sees every classified request of a scan with its decision, for analyses that need more
/// than the summary's counts (`suggest` mines the unmatched paths, then measures candidate
/// rules on the same traffic).
///
/// Each worker has its own observer and calls it from one thread only. Repeated targets come
/// once per tally of the worker's decision cache, with the weight of all their requests, so
/// an observer is called far less often than once per line. Requests left out by a filter or
/// whose host has no AASA file are not observed.
public protocol RequestObserver: AnyObject {
    /// `weight` requests for `target` (the request target as logged, query included), which
    /// the AASA file numbered `file` decided as `decision`. The bytes are valid only during
    /// the call.
    func observe(target: UnsafeBufferPointer<UInt8>, file: Int, decision: Decision, weight: UInt64)
}
