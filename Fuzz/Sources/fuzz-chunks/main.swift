// The chunk reader over damaged input: plain, zstd or gzip (the first byte may put a magic
// number in front, so that every input also meets both decoders), read in small steps into
// small chunks. It must deliver whole lines in order, then end or throw; never crash (a reader that spins is caught by the fuzzer's -timeout).
import FuzzSupport
import LogIO

let magics: [[UInt8]] = [[], [0x28, 0xB5, 0x2F, 0xFD], [0x1F, 0x8B]]

FuzzDriver.run { bytes in
    guard bytes.count >= 2 else { return }
    let input = magics[Int(bytes[0]) % 3] + Array(bytes.dropFirst(2))
    let source = MemorySource(input, step: 1 + Int(bytes[1] % 64))
    let chunkSize = 2 + Int(bytes[1] / 64) * 40
    guard let reader = try? ChunkReader(source: source, path: "fuzz", chunkSize: chunkSize) else {
        return
    }
    let chunk = reader.makeChunk()
    var nextLine = 1
    while (try? reader.next(into: chunk)) == true {
        precondition(chunk.firstLineNumber >= nextLine, "line numbers went back")
        precondition(chunk.count <= chunk.capacity, "chunk past its capacity")
        let lines = chunk.lines.map { Array($0) }
        precondition(lines.allSatisfy { !$0.contains(0x0A) }, "a line holds a newline")
        nextLine = chunk.firstLineNumber + chunk.lineCount
    }
}
