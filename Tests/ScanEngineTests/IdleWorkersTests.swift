import Dispatch
import Foundation
import LibC
import Synchronized
import TestSupport
import Testing

@testable import ScanEngine

/// `IdleWorkers`: work beside a scan goes on only while one of its workers leaves its core
/// idle, and stops waiting for one when asked to.
struct IdleWorkersTests {
    /// Polls `condition` for up to 30 seconds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<3_000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func workBesideWaitsUntilAWorkerIsIdle() {
        let idle = IdleWorkers()
        let woke = DispatchSemaphore(value: 0)
        DetachedThread.start {
            idle.waitForOne(unless: { false })
            woke.signal()
        }
        // No worker idle: the work does not go on.
        #expect(woke.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        idle.pause()
        #expect(woke.wait(timeout: .now() + 30) == .success)
        #expect(idle.any)
        idle.resume()
        #expect(!idle.any)
        // Still none idle: a second wait returns only once asked to stop.
        let stop = Locked(false)
        DetachedThread.start {
            idle.waitForOne(unless: { stop.withLock { $0 } })
            woke.signal()
        }
        idle.interrupt()
        #expect(woke.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        stop.withLock { $0 = true }
        idle.interrupt()
        #expect(woke.wait(timeout: .now() + 30) == .success)
    }

    /// A worker waiting for a chunk is idle until one comes.
    @Test func aWorkerWaitingForAChunkIsIdle() {
        let idle = IdleWorkers()
        let queue = ChunkQueue<Int>()
        let popped = Locked<Int?>(nil)
        DetachedThread.start { popped.withLock { $0 = queue.pop(idle: idle) } }
        #expect(eventually { idle.any })
        queue.push(7)
        #expect(eventually { popped.withLock { $0 } == 7 })
        #expect(!idle.any)
        // An element already there is taken without going idle.
        queue.push(8)
        #expect(queue.pop(idle: idle) == 8)
        #expect(!idle.any)
    }

    /// Once a scan is over, every worker is done: their cores are left to the work beside.
    @Test(arguments: [1, 2])
    func workersDoneWithTheirShareAreIdle(workers: Int) throws {
        let temporary = try TemporaryFolder()
        var (configuration, associations) = try generatedScan(lines: 2_000, in: temporary)
        configuration.workers = workers
        let idle = IdleWorkers()
        configuration.idleWorkers = idle
        #expect(!idle.any)
        _ = LogScan.run(configuration, associations: associations)
        #expect(idle.any)
    }
}
