import LibC
import LogIO
import Testing

@Suite struct ChunkReaderTests {
    /// Reading with 1-byte reads, odd sizes or whole buffers gives the same lines.
    @Test(arguments: [1, 3, 4096, Int.max])
    func shortReadsGiveTheSameLines(maxRead: Int) throws {
        let lines = sampleLines(2000)
        let result = try collect(bytes: joined(lines), maxRead: maxRead, chunkSize: 1000)
        #expect(result.error == nil)
        let same = result.lines == lines
        #expect(same)
    }

    @Test func chunksEndAtLineEndsAndNumberTheirLines() throws {
        let lines = sampleLines(3000)
        let data = joined(lines)
        let result = try collect(bytes: data, chunkSize: 777)
        #expect(result.chunks.count > 10)
        var expectedLine = 1
        var expectedOffset = 0
        var rebuilt: [UInt8] = []
        for chunk in result.chunks {
            #expect(chunk.bytes.last == 0x0A)
            #expect(chunk.firstLine == expectedLine)
            #expect(chunk.offset == expectedOffset)
            expectedLine += chunk.lineCount
            expectedOffset += chunk.bytes.count
            rebuilt += chunk.bytes
        }
        #expect(rebuilt == data)
        #expect(expectedLine == lines.count + 1)
    }

    @Test func finalLineWithoutNewlineIsDelivered() throws {
        let result = try collect(bytes: Array("a\nb\nlast".utf8), chunkSize: 5)
        #expect(result.lines == ["a", "b", "last"])
    }

    @Test func crlfIsStripped() throws {
        let result = try collect(bytes: Array("a\r\nb\r\n\r\nc\r".utf8))
        #expect(result.lines == ["a", "b", "", "c"])
    }

    /// Line ends are found 64 bytes at a time where the processor allows, byte by byte in
    /// a block's tail, and by search past the lines a chunk records: every way gives the lines
    /// of a plain split on `\n` (a `\r` before it dropped), wherever the bytes fall.
    @Test(arguments: [64, 65, 127, 1000, 4096])
    func lineEndsAreFoundWhereverTheyFall(chunkSize: Int) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(chunkSize)
        var data: [UInt8] = []
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Mostly letters, often `\n`, sometimes `\r`: runs of short and empty lines
            // (more than a chunk records) and CRLF pairs across block borders.
            switch state >> 59 {
            case 0...5: data.append(0x0A)
            case 6...7: data.append(0x0D)
            default: data.append(UInt8(ascii: "a") + UInt8(state >> 33 & 15))
            }
        }
        data.insert(0x0A, at: 0)  // a `\n` at once: the input is not read as lone-`\r` lines
        var expected = data.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0[...], as: UTF8.self)
        }
        if data.last == 0x0A { expected.removeLast() }
        let result = try collect(bytes: data, chunkSize: chunkSize)
        #expect(result.error == nil)
        #expect(result.overlong == 0)
        let same = result.lines == expected
        #expect(same)
        #expect(result.chunks.map(\.lineCount).reduce(0, +) == expected.count)
    }

    @Test func emptyInputHasNoLines() throws {
        let result = try collect(bytes: [])
        #expect(result.lines.isEmpty)
        #expect(result.chunks.isEmpty)
        #expect(result.error == nil)
    }

    /// A line that cannot fit in a chunk is dropped, counted, and keeps its line number.
    @Test(arguments: [1, 5, Int.max])
    func overlongLinesAreSkippedAndCounted(maxRead: Int) throws {
        let long = String(repeating: "x", count: 300)
        let text = "a\n\(long)\nb\n\(long)\(long)\nc\n\(long)"
        let result = try collect(bytes: Array(text.utf8), maxRead: maxRead, chunkSize: 64)
        #expect(result.lines == ["a", "b", "c"])
        #expect(result.overlong == 3)
        let lineNumbers = result.chunks.flatMap { chunk in
            chunk.lineCount == 0 ? [] : Array(chunk.firstLine..<chunk.firstLine + chunk.lineCount)
        }
        #expect(lineNumbers == [1, 3, 5])
    }

    @Test func lineFillingTheChunkExactlyFits() throws {
        let line = String(repeating: "y", count: 63)
        let result = try collect(bytes: Array("\(line)\nz\n".utf8), chunkSize: 64)
        #expect(result.lines == [line, "z"])
        #expect(result.overlong == 0)
    }

    /// A read error after some lines: those lines stay delivered, the error says where.
    @Test func readErrorKeepsEarlierLines() throws {
        let data = joined(sampleLines(500))
        let reader = try ChunkReader(
            source: MemorySource(data, maxRead: 100, failAt: data.count / 2), path: "in.log",
            chunkSize: 512)
        let result = collect(reader)
        let error = try #require(result.error)
        #expect(error.code == .readFailed)
        #expect(error.path == "in.log")
        #expect(error.lastGoodLine == result.lines.count)
        let isPrefix = result.lines == Array(sampleLines(500).prefix(result.lines.count))
        #expect(isPrefix)
        #expect(result.lines.count > 100)
        // The reader stays ended after reporting.
        #expect(try reader.next(into: reader.makeChunk()) == false)
    }

    @Test func progressCountsRawBytes() throws {
        let data = joined(sampleLines(100))
        let reader = try ChunkReader(source: MemorySource(data), path: "m")
        #expect(reader.progress.totalBytes == data.count)
        _ = collect(reader)
        #expect(reader.progress.bytesRead == data.count)
    }

    /// A pipe behaves like standard input: no known size, lines as written.
    @Test func pipeSource() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = "one\ntwo\nthree"
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        close(fds[1])
        defer { close(fds[0]) }
        let source = FileByteSource(borrowing: fds[0], name: "-")
        #expect(source.knownSize == nil)
        let result = collect(try ChunkReader(source: source, path: "-"))
        #expect(result.lines == ["one", "two", "three"])
    }
}
