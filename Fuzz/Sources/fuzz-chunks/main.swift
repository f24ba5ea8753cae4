// The chunk reader over damaged input: plain, zstd or gzip (the first byte may put a magic
// number in front, so that every input also meets both decoders), read in small steps into
// small chunks. It must deliver whole lines in order, then end or throw; never crash (a reader that spins is caught by the fuzzer's -timeout).
// Read again cut into pieces (zstd frames, BGZF members), it must deliver the same lines when
// the serial read succeeds, and fail when it fails.
import FuzzSupport
import LogIO

let magics: [[UInt8]] = [[], [0x28, 0xB5, 0x2F, 0xFD], [0x1F, 0x8B]]

/// The lines a reader delivers, and whether it ended in an error.
func read(_ reader: ChunkReader) -> (lines: [[UInt8]], failed: Bool) {
    let chunk = reader.makeChunk()
    var nextLine = 1
    var lines: [[UInt8]] = []
    do {
        while try reader.next(into: chunk) {
            precondition(chunk.firstLineNumber >= nextLine, "line numbers went back")
            precondition(chunk.count <= chunk.capacity, "chunk past its capacity")
            let chunkLines = chunk.lines.map { Array($0) }
            precondition(chunkLines.allSatisfy { !$0.contains(0x0A) }, "a line holds a newline")
            lines += chunkLines
            nextLine = chunk.firstLineNumber + chunk.lineCount
        }
    } catch {
        return (lines, true)
    }
    return (lines, false)
}

FuzzDriver.run { bytes in
    guard bytes.count >= 2 else { return }
    let input = magics[Int(bytes[0]) % 3] + Array(bytes.dropFirst(2))
    let step = 1 + Int(bytes[1] % 64)
    let chunkSize = 2 + Int(bytes[1] / 64) * 40
    guard
        let reader = try? ChunkReader(
            source: MemorySource(input, step: step), path: "fuzz", chunkSize: chunkSize)
    else { return }
    let serial = read(reader)
    // Each piece is decoded on this thread as soon as it is offered; pieces of a few units.
    var pieces = PieceDecoding(threads: 2) { $0.run() }
    pieces.pieceBytes = 1 + Int(bytes[1] % 5) * 300
    guard
        let cutReader = try? ChunkReader(
            source: MemorySource(input, step: step), path: "fuzz", chunkSize: chunkSize,
            pieces: pieces)
    else { preconditionFailure("the serial reader opened, the one by pieces did not") }
    let cut = read(cutReader)
    precondition(cut.failed == serial.failed, "one read failed, the other did not")
    precondition(serial.failed || cut.lines == serial.lines, "the pieces gave other lines")
}
