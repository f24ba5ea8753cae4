import CLISupport
import LibC
import Reports

/// Standard input as lines of bytes, read a block at a time (for `match -`), so memory does
/// not grow with the input nor with a line: a line longer than `lineLimit` is not kept, and
/// is returned as `.tooLong` with its number once its end is reached. Bytes are kept as they
/// are (invalid UTF-8 included); a final `\r` is stripped, and a lone `\r` ends a line too
/// (old Mac line ends; a URL holds no raw `\r`).
struct StandardInputLines: Sequence, IteratorProtocol {
    enum Line: Equatable {
        case text([UInt8])
        case tooLong(number: Int)
    }

    static let lineLimit = 1 << 20
    private let descriptor: Int32
    private var block = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var current: [UInt8] = []
    private var overflowed = false
    private var number = 0
    private var finished = false
    private var afterCarriageReturn = false

    init(descriptor: Int32 = 0) { self.descriptor = descriptor }

    mutating func next() -> Line? {
        while !finished {
            if start == end && !refill() {
                finished = true
                // A last line without a line end.
                return current.isEmpty && !overflowed ? nil : take()
            }
            if afterCarriageReturn {
                afterCarriageReturn = false
                if block[start] == 0x0A {  // the `\n` of a `\r\n`
                    start += 1
                    continue
                }
            }
            let stop = lineEnd()
            let room = Self.lineLimit - current.count
            if stop - start > room {
                overflowed = true
                current.append(contentsOf: block[start..<(start + room)])
            } else {
                current.append(contentsOf: block[start..<stop])
            }
            start = stop
            if stop < end {
                afterCarriageReturn = block[stop] == 0x0D
                start = stop + 1
                return take()
            }
        }
        return nil
    }

    /// The index of the next `\n` or `\r` in the block, or its end.
    private func lineEnd() -> Int {
        block.withUnsafeBufferPointer { bytes in
            var index = start
            while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return index
        }
    }

    private mutating func take() -> Line {
        number += 1
        defer {
            current.removeAll(keepingCapacity: current.count <= 1 << 16)
            overflowed = false
        }
        return overflowed ? .tooLong(number: number) : .text(current)
    }

    private mutating func refill() -> Bool {
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                (start, end) = (0, count)
                return true
            }
            if count == 0 || errno != EINTR { return false }
        }
    }
}

/// All of standard input, as bytes (an AASA file given as `-`).
enum StandardInputBytes {
    static func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }
}
