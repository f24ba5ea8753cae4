import LogIO
import TestSupport
import Testing

/// Compressed copies are made with the `zstd` and `gzip` tools; without them these tests skip.
let compressionToolsPresent = Shell.hasTool("zstd") && Shell.hasTool("gzip")

@Suite(.enabled(if: compressionToolsPresent, "needs the zstd and gzip command-line tools"))
struct CompressionTests {
    func reader(_ path: String, chunkSize: Int = 1 << 16, maxRead: Int? = nil) throws
        -> ChunkReader
    {
        if let maxRead {
            let bytes = try bytesOfFile(path)
            return try ChunkReader(
                source: MemorySource(bytes, maxRead: maxRead), path: path, chunkSize: chunkSize)
        }
        return try ChunkReader.open(.file(path), chunkSize: chunkSize)
    }

    @Test(arguments: [
        ("plain", "cp d.log out", Compression.plain),
        ("gzip", "gzip -c d.log > out", .gzip),
        ("zstd", "zstd -q -c d.log > out", .zstd),
        (
            "zstd multi-frame",
            "head -n 700 d.log | zstd -q -c > out; tail -n +701 d.log | zstd -q -c >> out", .zstd
        ),
        (
            "gzip members",
            "head -n 700 d.log | gzip -c > out; tail -n +701 d.log | gzip -c >> out", .gzip
        ),
        (
            "zstd tiny frames",
            "split -l 7 d.log part; for f in part*; do zstd -q -c $f; done > out", .zstd
        ),
    ])
    func compressedCopiesGiveIdenticalLines(_ name: String, _ command: String, _ kind: Compression)
        throws
    {
        let directory = try TemporaryFolder()
        let lines = sampleLines(5000)
        _ = try directory.write("d.log", joined(lines))
        #expect(try Shell.status("cd \(directory.path) && { \(command); }") == 0)
        for maxRead in [nil, 1] as [Int?] {
            let reader = try reader(directory.path + "/out", chunkSize: 4000, maxRead: maxRead)
            #expect(reader.compression == kind, "\(name)")
            let result = collect(reader)
            #expect(result.error == nil, "\(name)")
            let same = result.lines == lines
            #expect(same, "\(name)")
        }
    }

    /// A skippable frame (magic 0x184D2A5?) before and between data frames is ignored.
    @Test func skippableFramesAreIgnored() throws {
        let directory = try TemporaryFolder()
        _ = try directory.write("a", Array("alpha\n".utf8))
        #expect(try Shell.status("cd \(directory.path) && zstd -q -c a > a.zst") == 0)
        let frame = try directory.read("a.zst")
        let skippable: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9]
        let bytes = frame + skippable + frame
        let reader = try ChunkReader(source: MemorySource(bytes), path: "s")
        let result = collect(reader)
        #expect(result.error == nil)
        #expect(result.lines == ["alpha", "alpha"])
    }

    /// Zero bytes after a gzip member (a tape block, `dd` to a block size) are padding, as
    /// `gzip -t` and `gzip -d` take them; read a byte at a time as well as whole.
    @Test func gzipTrailingZeroPaddingIsSkipped() throws {
        let directory = try TemporaryFolder()
        _ = try directory.write("a", Array("alpha\nbeta\n".utf8))
        #expect(try Shell.status("cd \(directory.path) && gzip -c a > a.gz") == 0)
        let member = try directory.read("a.gz")
        for padded in [member + [UInt8](repeating: 0, count: 700), member + [0] + member] {
            for maxRead in [Int.max, 1] {
                let result = try collect(bytes: padded, maxRead: maxRead)
                #expect(result.error == nil)
                #expect(result.lines.prefix(2) == ["alpha", "beta"])
            }
        }
    }

    /// A frame that asks for a window past 128 MiB is refused with what it needs and how to
    /// read it anyway, not as a corrupt file.
    @Test func aZstdWindowPastTheLimitIsExplained() throws {
        let directory = try TemporaryFolder()
        #expect(
            try Shell.status(
                "cd \(directory.path) && printf 'alpha\\n' | zstd -q --zstd=wlog=29 -c > w.zst")
                == 0)
        let result = try collect(bytes: try directory.read("w.zst"))
        #expect(result.error?.code == .windowTooLarge)
        #expect(result.error?.detail.contains("a window of 512 MiB, 4 times larger") == true)
    }

    /// Half a compressed file: earlier lines delivered, then `truncated` with where it stopped.
    @Test(arguments: ["gzip -c", "zstd -q -c"])
    func truncatedInputReportsWhereItStopped(_ compressor: String) throws {
        let directory = try TemporaryFolder()
        let lines = sampleLines(20000)
        _ = try directory.write("d.log", joined(lines))
        #expect(try Shell.status("cd \(directory.path) && \(compressor) d.log > full") == 0)
        let full = try directory.read("full")
        let half = try directory.write("half", Array(full.prefix(full.count / 2)))
        let result = collect(try reader(half, chunkSize: 4096))
        let error = try #require(result.error)
        #expect(error.code == .truncated)
        #expect(error.path == half)
        #expect(error.compressedOffset == full.count / 2)
        #expect(error.lastGoodLine == result.lines.count)
        #expect(result.lines.count > 1000)
        let isPrefix = result.lines == Array(lines.prefix(result.lines.count))
        #expect(isPrefix)
    }

    /// Bytes flipped in the middle: `corrupt`, with the lines before it delivered.
    @Test(arguments: ["gzip -c", "zstd -q -c"])
    func corruptDataIsReported(_ compressor: String) throws {
        let directory = try TemporaryFolder()
        let lines = sampleLines(20000)
        _ = try directory.write("d.log", joined(lines))
        #expect(try Shell.status("cd \(directory.path) && \(compressor) d.log > full") == 0)
        var bytes = try directory.read("full")
        for i in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[i] ^= 0x5A }
        let path = try directory.write("bad", bytes)
        let result = collect(try reader(path, chunkSize: 4096))
        let error = try #require(result.error)
        #expect(error.code == .corrupt)
        #expect(error.path == path)
        #expect(error.compressedOffset > 0 && error.compressedOffset <= bytes.count)
        #expect(error.lastGoodLine == result.lines.count)
        // zstd checks each block as it decodes; deflate only finds some damage at the member's
        // CRC, after it has produced wrong bytes, so only zstd output is a clean prefix.
        if compressor.hasPrefix("zstd") {
            let isPrefix = result.lines == Array(lines.prefix(result.lines.count))
            #expect(isPrefix)
        }
    }

    @Test func bzip2IsRefusedWithAHint() throws {
        let bytes = Array("BZh91AY&SY".utf8)
        #expect {
            _ = try ChunkReader(source: MemorySource(bytes), path: "x.bz2")
        } throws: { error in
            guard let error = error as? LogIOError else { return false }
            return error.code == .unsupportedCompression && error.detail.contains("bzip2 -dc")
        }
    }

    @Test func emptyCompressedMemberGivesNoLines() throws {
        let directory = try TemporaryFolder()
        _ = try directory.write("e", [])
        #expect(try Shell.status("cd \(directory.path) && zstd -q -c e > e.zst") == 0)
        let result = collect(try reader(directory.path + "/e.zst"))
        #expect(result.error == nil)
        #expect(result.lines.isEmpty)
    }
}
