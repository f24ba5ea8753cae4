import Dispatch

/// Two independent parts of one compilation run at once, each on a core of its own when there
/// are two: a 5,000-rule file spends a third of its compile building its tries and glob
/// unions, on one core while the other waits. The parts share nothing that is not locked (the
/// arena); each lane writes only its own result.
final class TwoLanes<First, Second>: @unchecked Sendable {
    private let first: () -> First
    private let second: () -> Second
    private var firstResult: First?
    private var secondResult: Second?

    private init(_ first: @escaping () -> First, _ second: @escaping () -> Second) {
        self.first = first
        self.second = second
    }

    /// Both results, once both parts are done.
    static func run(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let lanes = TwoLanes(first, second)
                DispatchQueue.concurrentPerform(iterations: 2) { lane in
                    if lane == 0 {
                        lanes.firstResult = lanes.first()
                    } else {
                        lanes.secondResult = lanes.second()
                    }
                }
                return (lanes.firstResult.unsafelyUnwrapped, lanes.secondResult.unsafelyUnwrapped)
            }
        }
    }
}
