/// Zstd files of several independent frames, made with the `zstd` tool part by part.
public enum ZstdFrames {
    /// `plain` cut every `partSize` bytes (mid-line, mostly), each part compressed by `zstd`
    /// into a frame of its own: with its size in the header when `sized` (a file argument),
    /// without (standard input, as a stream or `pzstd` writes frames).
    public static func frames(_ plain: [UInt8], partSize: Int, sized: Bool = true) throws
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
    public static func pzstdStyle(_ frames: [[UInt8]]) -> [UInt8] {
        frames.flatMap { frame in
            let size = (0..<4).map { UInt8(truncatingIfNeeded: frame.count >> (8 * $0)) }
            return [0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0] + size + frame
        }
    }
}
