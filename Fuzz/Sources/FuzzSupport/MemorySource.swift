import LogIO

/// Bytes in memory as a reader's input, handed out `step` bytes at a time so that decoders
/// meet their input cut at every place.
public final class MemorySource: ByteSource {
    let bytes: [UInt8]
    let step: Int
    var position = 0
    public var knownSize: Int? { bytes.count }

    public init(_ bytes: [UInt8], step: Int) {
        self.bytes = bytes
        self.step = max(step, 1)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        let count = min(buffer.count, step, bytes.count - position)
        for index in 0..<count { buffer[index] = bytes[position + index] }
        position += count
        return count
    }
}
