import Dispatch
import LogIO
import Synchronization
import TestSupport

/// Compressed inputs made of several independent frames or members, and the two ways of
/// reading them that must agree.
enum PieceFixtures {
    /// `plain` cut every `partSize` bytes (mid-line, mostly), each part compressed by `zstd`
    /// into a frame of its own: with its size in the header when `sized` (a file argument),
    /// without (standard input, as a stream or `pzstd` writes frames).
    static func zstdFrames(_ plain: [UInt8], partSize: Int, sized: Bool = true) throws
        -> [[UInt8]]
    {
        let folder = try TemporaryFolder()
        var frames: [[UInt8]] = []
        for (index, start) in stride(from: 0, to: plain.count, by: partSize).enumerated() {
            let part = try folder.write(
                "p\(index)", Array(plain[start..<min(plain.count, start + partSize)]))
            let command = sized ? "zstd -q -c '\(part)'" : "zstd -q -c < '\(part)'"
            try Shell.run("\(command) > '\(part).zst'")
            frames.append(try folder.read("p\(index).zst"))
        }
        return frames
    }

    /// Frames as `pzstd` writes them: each after a skippable frame (magic 0x184D2A50) whose
    /// 4 bytes give the frame's compressed size.
    static func pzstdStyle(_ frames: [[UInt8]]) -> [UInt8] {
        frames.flatMap { frame in
            [0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0]
                + (0..<4).map { UInt8(truncatingIfNeeded: frame.count >> (8 * $0)) }
                + frame
        }
    }

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
