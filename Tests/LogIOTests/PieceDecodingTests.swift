import LogIO
import Synchronization
import TestSupport
import Testing

/// An input made of independent zstd frames or BGZF members, decoded by several threads,
/// delivers exactly what a serial read delivers: the same chunks, lines, line numbers,
/// offsets, over-long lines and errors.
@Suite(.enabled(if: Shell.hasTool("zstd"), "needs the zstd command-line tool"))
struct PieceDecodingTests {
    /// A log whose lines cross the frames' borders, with an over-long line (longer than the
    /// 4,000-byte chunks) in the middle of it.
    static func plainLog() -> (lines: [String], bytes: [UInt8]) {
        var lines = sampleLines(6000)
        lines[2500] = "overlong " + String(repeating: "y", count: 9000)
        return (lines, joined(lines))
    }

    static func expectSame(_ read: PieceFixtures.BothWays, _ name: String) {
        // Compared as booleans: a failure must not print megabytes of lines.
        #expect(read.pieces.error == read.serial.error, "\(name)")
        let samePlaces = read.pieces.chunkPlaces == read.serial.chunkPlaces
        let sameBytes = read.pieces.chunkBytes == read.serial.chunkBytes
        let sameLines = read.pieces.lines == read.serial.lines
        #expect(samePlaces, "\(name)")
        #expect(sameBytes, "\(name)")
        #expect(sameLines, "\(name)")
        #expect(read.pieces.overlong == read.serial.overlong, "\(name)")
    }

    enum Kind: String, CaseIterable {
        case zstdSized, zstdUnsized, pzstdStyle, bgzf
    }

    static func compressed(_ plain: [UInt8], _ kind: Kind, partSize: Int = 9001) throws -> [UInt8] {
        switch kind {
        case .zstdSized:
            return try ZstdFrames.frames(plain, partSize: partSize).flatMap(\.self)
        case .zstdUnsized:
            return try ZstdFrames.frames(plain, partSize: partSize, sized: false).flatMap(
                \.self)
        case .pzstdStyle:
            return ZstdFrames.pzstdStyle(
                try ZstdFrames.frames(plain, partSize: partSize, sized: false))
        case .bgzf: return BGZF.compress(plain, blockSize: partSize)
        }
    }

    @Test(arguments: Kind.allCases, [1, 40_000])
    func piecesGiveTheSerialChunks(_ kind: Kind, pieceBytes: Int) throws {
        let (lines, plain) = Self.plainLog()
        let bytes = try Self.compressed(plain, kind)
        for maxRead in [Int.max, 4093] {
            let read = try PieceFixtures.readBothWays(
                bytes, maxRead: maxRead, pieceBytes: pieceBytes)
            Self.expectSame(read, "\(kind) \(maxRead)")
            #expect(read.serial.error == nil)
            #expect(read.serial.overlong == 1)
            var expected = lines
            expected.remove(at: 2500)
            let allLines = read.serial.lines == expected
            #expect(allLines, "\(kind)")
            // Cut into pieces: one per frame (or member), or a few frames each.
            let units = plain.count / 9001 + 1
            #expect(read.offered >= (pieceBytes == 1 ? units : 4), "\(kind) \(read.offered)")
        }
    }

    /// Frames of every kind of block and header field: raw blocks (bytes that do not
    /// compress), RLE blocks (one byte repeated), content sizes of 1, 2 and 4 bytes or none,
    /// with and without a checksum: each is cut at its end.
    @Test func framesOfEveryLayoutAreCut() throws {
        let folder = try TemporaryFolder()
        var random: UInt64 = 0x2545_F491_4F6C_DD1D
        let noise = (0..<70_000).map { _ in
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return UInt8(truncatingIfNeeded: random)
        }
        let parts: [(bytes: [UInt8], options: String)] = [
            (noise, ""),
            ([UInt8](repeating: 0x61, count: 300_000) + [0x0A], "--no-check"),
            (Array("short line\n".utf8), ""),
            (joined(sampleLines(300)), "--no-check"),
            (noise.reversed(), " <"),
            ([UInt8](repeating: 0x62, count: 200_000) + [0x0A], " <"),
        ]
        var bytes: [UInt8] = []
        var plain: [UInt8] = []
        for (index, part) in parts.enumerated() {
            let path = try folder.write("part\(index)", part.bytes)
            try Shell.run("zstd -q -c \(part.options) '\(path)' > '\(path).zst'")
            bytes += try folder.read("part\(index).zst")
            plain += part.bytes
        }
        let read = try PieceFixtures.readBothWays(bytes, chunkSize: 400_000)
        Self.expectSame(read, "layouts")
        #expect(read.pieces.error == nil)
        let wholePlain = read.pieces.chunkBytes.flatMap(\.self) == plain
        #expect(wholePlain)
        #expect(read.offered == parts.count)
    }

    /// Lines ending with a lone `\r`, decided from the first chunk, across frames.
    @Test func loneCarriageReturnsAcrossFrames() throws {
        let plain = Array(sampleLines(3000).joined(separator: "\r").utf8)
        let read = try PieceFixtures.readBothWays(
            try Self.compressed(plain, .pzstdStyle, partSize: 5003))
        Self.expectSame(read, "lone CR")
        let allLines = read.serial.lines == sampleLines(3000)
        #expect(allLines)
        #expect(read.offered > 10)
    }

    /// `pzstd` itself, when it is there: its frames are a few MiB of output each.
    @Test(.enabled(if: Shell.hasTool("pzstd"), "needs pzstd"))
    func pzstdFilesAreCut() throws {
        let folder = try TemporaryFolder()
        let lines = sampleLines(120_000)
        let log = try folder.write("big.log", joined(lines))
        try Shell.run("pzstd -q -1 -p 2 -c '\(log)' > '\(log).zst'")
        let bytes = try folder.read("big.log.zst")
        let read = try PieceFixtures.readBothWays(bytes, chunkSize: 1 << 16, pieceBytes: 4 << 20)
        Self.expectSame(read, "pzstd")
        let allLines = read.pieces.lines == lines
        #expect(allLines)
        #expect(read.offered >= 2)
    }

    /// A frame damaged in the middle of the input: the lines before it, then the serial
    /// read's error, at the same place.
    @Test(arguments: [Kind.zstdSized, .pzstdStyle, .bgzf])
    func aCorruptMiddleFrameFailsAsSerially(_ kind: Kind) throws {
        let (_, plain) = Self.plainLog()
        var bytes = try Self.compressed(plain, kind)
        let middle = bytes.count / 2
        for index in middle..<(middle + 40) { bytes[index] ^= 0x5A }
        let read = try PieceFixtures.readBothWays(bytes)
        Self.expectSame(read, "\(kind)")
        let error = try #require(read.pieces.error)
        #expect(error.code == .corrupt)
        #expect(error.lastGoodLine == read.pieces.lines.count + read.pieces.overlong)
        #expect(read.pieces.lines.count > 1000)
    }

    @Test(arguments: [Kind.zstdSized, .zstdUnsized, .pzstdStyle, .bgzf])
    func aTruncatedLastFrameFailsAsSerially(_ kind: Kind) throws {
        let (_, plain) = Self.plainLog()
        let whole = try Self.compressed(plain, kind)
        let bytes = Array(whole.prefix(whole.count - 2000))
        let read = try PieceFixtures.readBothWays(bytes)
        Self.expectSame(read, "\(kind)")
        let error = try #require(read.pieces.error)
        #expect(error.code == .truncated)
        #expect(error.compressedOffset == bytes.count)
        #expect(read.offered > 10)
    }

    /// Bytes after the last frame that are no frame: the serial read's error.
    @Test(arguments: [Kind.zstdSized, .bgzf])
    func trailingGarbageFailsAsSerially(_ kind: Kind) throws {
        let (_, plain) = Self.plainLog()
        let bytes = try Self.compressed(plain, kind) + Array("not a frame at all\n".utf8)
        let read = try PieceFixtures.readBothWays(bytes)
        Self.expectSame(read, "\(kind)")
        #expect(read.pieces.error != nil)
        #expect(read.offered > 10)
    }

    /// Zero bytes after a member are padding that a serial read skips, as `gzip -dc` does:
    /// at the end of the input and between members, read by pieces too.
    @Test(arguments: [false, true])
    func zeroPaddingAfterMembersIsSkipped(between: Bool) throws {
        let lines = sampleLines(2000)
        let plain = joined(lines)
        let members = stride(from: 0, to: plain.count, by: 3001).map {
            BGZF.member(Array(plain[$0..<min(plain.count, $0 + 3001)]))
        }
        let padding = [UInt8](repeating: 0, count: 4)
        let bytes =
            between
            ? members.flatMap { $0 + padding }
            : members.flatMap(\.self) + padding
        let read = try PieceFixtures.readBothWays(bytes, pieceBytes: 1)
        Self.expectSame(read, between ? "between" : "at the end")
        #expect(read.pieces.error == nil)
        let allLines = read.pieces.lines == lines
        #expect(allLines)
    }

    /// A read that fails part way: the lines read before it, then the read's own error.
    @Test func aReadErrorFailsAsSerially() throws {
        let (_, plain) = Self.plainLog()
        let bytes = try Self.compressed(plain, .zstdSized)
        let serial = collect(
            try ChunkReader(
                source: MemorySource(bytes, failAt: bytes.count * 2 / 3), path: "m", chunkSize: 4000
            ))
        let offered = OfferCounter()
        let pieces = collect(
            try ChunkReader(
                source: MemorySource(bytes, failAt: bytes.count * 2 / 3), path: "m",
                chunkSize: 4000,
                pieces: offered.settings(pieceBytes: 1)))
        #expect(pieces.error?.code == .readFailed)
        #expect(pieces.error == serial.error)
        let sameLines = pieces.lines == serial.lines
        #expect(sameLines)
        #expect(offered.count > 10)
    }

    /// One frame, or gzip members without the BGZF field: read serially, as always.
    @Test(arguments: ["zstd -q -c", "gzip -c"])
    func inputsThatCannotBeCutAreReadSerially(_ compressor: String) throws {
        let folder = try TemporaryFolder()
        let lines = sampleLines(5000)
        let log = try folder.write("d.log", joined(lines))
        try Shell.run(
            "head -n 2000 '\(log)' | \(compressor) > '\(log).z'; tail -n +2001 '\(log)' | \(compressor) >> '\(log).z'; \(compressor) '\(log)' > '\(log).one'"
        )
        for name in ["d.log.one", compressor.hasPrefix("gzip") ? "d.log.z" : nil].compactMap(\.self)
        {
            let read = try PieceFixtures.readBothWays(try folder.read(name))
            Self.expectSame(read, name)
            let allLines = read.pieces.lines == lines
            #expect(allLines, "\(name)")
            #expect(read.offered == 0, "\(name)")
        }
    }

    /// A frame larger than `largestUnit` in the middle: the frames before it are cut, the rest
    /// of the input is read serially.
    @Test func aLargeFrameSendsTheRestSerially() throws {
        let (lines, plain) = Self.plainLog()
        let small = try ZstdFrames.frames(Array(plain.prefix(30_000)), partSize: 10_000)
        let large = try ZstdFrames.frames(Array(plain.dropFirst(30_000)), partSize: 1 << 30)
        let read = try PieceFixtures.readBothWays(
            (small + large).flatMap(\.self), largestUnit: 100_000)
        Self.expectSame(read, "large")
        #expect(read.pieces.lines.count == lines.count - 1)
        #expect(read.offered == 3)
    }

    /// A frame whose window passes the decoder's limit, after ordinary frames: the serial
    /// read's explanation, after the lines before it.
    @Test func aWideWindowFrameFailsAsSerially() throws {
        let folder = try TemporaryFolder()
        let (_, plain) = Self.plainLog()
        let frames = try ZstdFrames.frames(plain, partSize: 20_000)
        try Shell.run(
            "cd '\(folder.path)' && printf 'alpha\\n' | zstd -q --zstd=wlog=29 -c > w.zst")
        let read = try PieceFixtures.readBothWays(
            frames.flatMap(\.self) + (try folder.read("w.zst")))
        Self.expectSame(read, "window")
        #expect(read.pieces.error?.code == .windowTooLarge)
        #expect(read.offered == frames.count)
    }

    /// Inputs damaged at random (bytes flipped, cut short, bytes put in), read in random
    /// steps: a read by pieces fails when the serial read fails, with the same code, and
    /// delivers the same lines when it does not.
    @Test(arguments: [Kind.pzstdStyle, .zstdUnsized, .zstdSized, .bgzf])
    func damagedInputsFailAsSerially(_ kind: Kind) throws {
        let whole = try Self.compressed(joined(sampleLines(800)), kind, partSize: 3001)
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(kind.rawValue.count)
        func next(_ bound: Int) -> Int {
            // xorshift64: the same cases on every run.
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return Int(random % UInt64(bound))
        }
        for round in 0..<240 {
            var bytes = whole
            let place = next(bytes.count)
            switch round % 3 {
            case 0:
                for index in place..<min(bytes.count, place + 1 + next(8)) {
                    bytes[index] ^= UInt8(1 + next(255))
                }
            case 1: bytes.removeLast(bytes.count - place)
            default:
                bytes.insert(
                    contentsOf: (0..<(1 + next(6))).map { _ in UInt8(next(256)) }, at: place)
            }
            let read = try PieceFixtures.readBothWays(
                bytes, chunkSize: 1000, maxRead: 1 + next(700), pieceBytes: [1, 5000][next(2)])
            #expect(read.pieces.error?.code == read.serial.error?.code, "\(kind) \(round)")
            if read.serial.error == nil {
                let sameLines = read.pieces.lines == read.serial.lines
                #expect(sameLines, "\(kind) \(round)")
            }
        }
    }
}

/// Counts the pieces offered, decoding each on the offering thread.
final class OfferCounter: Sendable {
    private let offers = Atomic<Int>(0)
    var count: Int { offers.load(ordering: .relaxed) }

    func settings(pieceBytes: Int) -> PieceDecoding {
        var settings = PieceDecoding(threads: 3) { [self] work in
            offers.add(1, ordering: .relaxed)
            work.run()
        }
        settings.pieceBytes = pieceBytes
        return settings
    }
}
