import Foundation
import LibC
import LogIO
import TestSupport
import Testing

/// Inputs that break naive readers: lines of one `\r`, a line longer than any buffer, files
/// that shrink or grow while they are read, FIFOs, and links that lead nowhere or in a loop.
@Suite struct HostileInputTests {
    /// Old Mac line ends: the first bytes tell, whatever the reads are cut into.
    @Test(arguments: [1, 2, 3, Int.max])
    func carriageReturnOnlyLinesAreLines(maxRead: Int) throws {
        let lines = sampleLines(300)
        let bytes = Array((lines.joined(separator: "\r") + "\r").utf8)
        let result = try collect(bytes: bytes, maxRead: maxRead, chunkSize: 512)
        #expect(result.error == nil)
        #expect(result.lines == lines)
        let numbers = result.chunks.map(\.firstLine)
        #expect(numbers.first == 1)
        #expect(
            zip(result.chunks, result.chunks.dropFirst()).allSatisfy {
                $0.firstLine + $0.lineCount == $1.firstLine
            })
    }

    /// CRLF cut between its two bytes is still CRLF, and a stray `\r` in a file of `\n` lines
    /// stays inside its line.
    @Test(arguments: [1, 2, Int.max])
    func newlineFilesKeepTheirLines(maxRead: Int) throws {
        let crlf = try collect(bytes: Array("a\r\nb\r\n\r\nc".utf8), maxRead: maxRead)
        #expect(crlf.lines == ["a", "b", "", "c"])
        let stray = try collect(bytes: Array("GET /a\rb\nnext\n".utf8), maxRead: maxRead)
        #expect(stray.lines == ["GET /a\rb", "next"])
    }

    /// An over-long line is dropped in bounded memory but its first bytes are kept for the
    /// malformed sample.
    @Test(arguments: [1, 7, Int.max])
    func overlongLinesKeepTheirFirstBytes(maxRead: Int) throws {
        let long = (0..<3).map { index in
            "long\(index)-" + String(repeating: "x", count: 700 + index)
        }
        let text = "a\n\(long[0])\nb\n\(long[1])\n\(long[2])\nc\n"
        let reader = try ChunkReader(
            source: MemorySource(Array(text.utf8), maxRead: maxRead), path: "m", chunkSize: 64)
        let chunk = reader.makeChunk()
        var heads: [String] = []
        var skipped = 0
        while try reader.next(into: chunk) {
            skipped += chunk.overlongLinesSkipped
            for index in 0..<chunk.overlongHeadCount {
                heads.append(String(decoding: chunk.overlongHead(index), as: UTF8.self))
            }
        }
        #expect(skipped == 3)
        #expect(heads == long.map { String($0.prefix(64)) })
    }

    /// The limit of kept heads per chunk holds when many over-long lines come together.
    @Test func overlongHeadsAreCappedPerChunk() throws {
        let text =
            Array(repeating: String(repeating: "z", count: 100), count: 25)
            .joined(separator: "\n") + "\nend\n"
        let reader = try ChunkReader(
            source: MemorySource(Array(text.utf8)), path: "m", chunkSize: 64)
        let chunk = reader.makeChunk()
        var skipped = 0
        var kept = 0
        while try reader.next(into: chunk) {
            skipped += chunk.overlongLinesSkipped
            kept += chunk.overlongHeadCount
            #expect(chunk.overlongHeadCount <= Chunk.overlongHeadLimit)
        }
        #expect(skipped == 25)
        #expect(kept >= Chunk.overlongHeadLimit)
    }

    /// A file truncated while it is read (log rotation by copy and truncate): the lines read
    /// are delivered, then an error says it shrank.
    @Test func aFileThatShrinksIsNotComplete() throws {
        let directory = try TemporaryFolder()
        let lines = sampleLines(2_000)
        let path = try directory.write("shrinking.log", joined(lines))
        let reader = try ChunkReader.open(.file(path), chunkSize: 4_096)
        let chunk = reader.makeChunk()
        var delivered: [String] = []
        #expect(try reader.next(into: chunk))
        for line in chunk.lines { delivered.append(String(decoding: line, as: UTF8.self)) }
        #expect(truncate(path, 100) == 0)
        var failure: LogIOError?
        do {
            while try reader.next(into: chunk) {
                for line in chunk.lines { delivered.append(String(decoding: line, as: UTF8.self)) }
            }
        } catch {
            failure = error
        }
        let error = try #require(failure)
        #expect(error.code == .shrank)
        #expect(error.lastGoodLine == delivered.count)
        #expect(delivered == Array(lines.prefix(delivered.count)))
        #expect(error.description.contains("shrank to 100 bytes"))
    }

    /// Lines appended while a file is read are read too, up to the end reached.
    @Test func aFileThatGrowsIsReadToItsNewEnd() throws {
        let directory = try TemporaryFolder()
        let lines = sampleLines(2_000)
        let path = try directory.write("growing.log", joined(lines))
        let reader = try ChunkReader.open(.file(path), chunkSize: 4_096)
        let chunk = reader.makeChunk()
        var delivered: [String] = []
        #expect(try reader.next(into: chunk))
        for line in chunk.lines { delivered.append(String(decoding: line, as: UTF8.self)) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("appended\n".utf8))
        try handle.close()
        while try reader.next(into: chunk) {
            for line in chunk.lines { delivered.append(String(decoding: line, as: UTF8.self)) }
        }
        #expect(delivered == lines + ["appended"])
    }

    /// A FIFO is read like a pipe: no size, every line.
    @Test func aFIFOIsReadToItsEnd() throws {
        let directory = try TemporaryFolder()
        let path = directory.path + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let lines = sampleLines(5_000)
        let bytes = joined(lines)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let resolved = InputResolver.resolve([path])
        guard case .success(let source) = resolved.first else {
            Issue.record("the FIFO was not resolved as an input")
            return
        }
        let reader = try ChunkReader.open(source, chunkSize: 4_096)
        #expect(reader.progress.totalBytes == nil)
        let result = collect(reader)
        #expect(result.error == nil)
        #expect(result.lines == lines)
    }

    /// A link loop named on the command line is an error that says so; in a folder, loops
    /// and dangling links are errors marked as expanded (the scan skips them with the reason).
    @Test func linkLoopsAndDanglingLinksSayWhatTheyAre() throws {
        let directory = try TemporaryFolder()
        _ = try directory.write("a.log", Array("x\n".utf8))
        let root = directory.path + "/"
        #expect(symlink(root + "loop2", root + "loop1") == 0)
        #expect(symlink(root + "loop1", root + "loop2") == 0)
        #expect(symlink(root + "nothing", root + "dangling") == 0)
        #expect(symlink(".", root + "self") == 0)
        let named = InputResolver.resolveMarked([root + "loop1"])
        guard case .failure(let error) = named.first?.result else {
            Issue.record("a link loop was resolved as an input")
            return
        }
        #expect(error.code == .symlinkLoop)
        #expect(named.first?.isExpanded == false)
        #expect(error.description.contains("loop of symbolic links"))
        let folder = InputResolver.resolveMarked([directory.path])
        let outcome = folder.map { resolved -> String in
            switch resolved.result {
            case .success(.file(let path)): return String(path.dropFirst(root.count))
            case .success(.standardInput): return "-"
            case .failure(let error):
                return "\(error.path.dropFirst(root.count)):\(error.code)"
                    + (resolved.isExpanded && error.isUnfollowableLink ? " (skippable)" : "")
            }
        }
        #expect(
            outcome == [
                "a.log", "dangling:not-found (skippable)", "loop1:symlink-loop (skippable)",
                "loop2:symlink-loop (skippable)",
            ])
    }
}
