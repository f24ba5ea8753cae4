import Dispatch
import LogIO
import Synchronization
import TestSupport

/// The two ways of reading an input of independent frames or members, that must agree.
enum PieceFixtures {
    /// What a serial read and a read by pieces delivered, and how many pieces were offered to
    /// other threads (none when the input was not cut).
    struct BothWays {
        var serial: Collected
        var pieces: Collected
        var offered: Int
    }

    /// Reads `bytes` serially, then by pieces on `threads` threads, the helpers running on
    /// Dispatch's threads.
    static func readBothWays(
        _ bytes: [UInt8], chunkSize: Int = 4000, maxRead: Int = .max, pieceBytes: Int = 1,
        largestUnit: Int = 32 << 20, threads: Int = 3
    ) throws -> BothWays {
        let serial = collect(
            try ChunkReader(
                source: MemorySource(bytes, maxRead: maxRead), path: "memory", chunkSize: chunkSize)
        )
        let offered = Atomic<Int>(0)
        var settings = PieceDecoding(threads: threads) { work in
            offered.add(1, ordering: .relaxed)
            DispatchQueue.global().async { work.run() }
        }
        settings.pieceBytes = pieceBytes
        settings.largestUnit = largestUnit
        let pieces = collect(
            try ChunkReader(
                source: MemorySource(bytes, maxRead: maxRead), path: "memory", chunkSize: chunkSize,
                pieces: settings))
        return BothWays(serial: serial, pieces: pieces, offered: offered.load(ordering: .relaxed))
    }
}

extension Collected {
    /// Where each chunk starts: first line number, line count, decoded offset.
    var chunkPlaces: [[Int]] { chunks.map { [$0.firstLine, $0.lineCount, $0.offset] } }
    var chunkBytes: [[UInt8]] { chunks.map(\.bytes) }
}
