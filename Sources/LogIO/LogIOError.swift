/// An input that could not be resolved, opened, read or decoded.
///
/// Lines delivered before the error stay delivered: `lastGoodLine` says how far they went, so a
/// caller can report partial results for this input and continue with the next one.
public struct LogIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, stable across releases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline let name: String
        init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The path does not exist.
        public static let notFound = Code("not-found")
        /// A glob pattern matched nothing.
        public static let noMatch = Code("no-match")
        /// The file exists but cannot be opened (permissions, special file...).
        public static let openFailed = Code("open-failed")
        /// A `read` system call failed.
        public static let readFailed = Code("read-failed")
        /// A regular file ended before the bytes already read from it: it was truncated (or
        /// rotated) while it was read.
        public static let shrank = Code("shrank")
        /// A symbolic link that leads back to itself.
        public static let symlinkLoop = Code("symlink-loop")
        /// Compressed data ended in the middle of a zstd frame or gzip member.
        public static let truncated = Code("truncated")
        /// The decoder rejected the data.
        public static let corrupt = Code("corrupt")
        /// A compression format that is recognised but not decoded (bzip2).
        public static let unsupportedCompression = Code("unsupported-compression")
        /// A zstd frame whose window (memory for back-references) is larger than the decoder
        /// allows, so that memory stays bounded (made with `zstd --long` or `--ultra`).
        public static let windowTooLarge = Code("window-too-large")
    }

    /// The kind of failure.
    public var code: Code
    /// The input as the user named it (`-` for standard input).
    public var path: String
    /// Bytes of the raw (compressed) input consumed when the error happened.
    public var compressedOffset: Int
    /// Number of the last complete line delivered before the error (0 when none).
    public var lastGoodLine: Int
    /// Human detail: the system or decoder message and, where useful, a suggested fix.
    public var detail: String

    /// Makes an error; offsets default to 0 for errors that happen before reading.
    public init(
        code: Code, path: String, compressedOffset: Int = 0, lastGoodLine: Int = 0, detail: String
    ) {
        self.code = code
        self.path = path
        self.compressedOffset = compressedOffset
        self.lastGoodLine = lastGoodLine
        self.detail = detail
    }

    public var description: String {
        // Where it stopped, as far as that is known: nothing was read before an input could not
        // be opened, and plain input has no compressed offset.
        let opening: Set<Code> = [
            .notFound, .noMatch, .openFailed, .symlinkLoop, .unsupportedCompression,
        ]
        if compressedOffset == 0, lastGoodLine == 0, opening.contains(code) {
            return "\(path): \(code): \(detail)"
        }
        if compressedOffset == 0, code == .shrank || code == .readFailed {
            return "\(path): \(code): \(detail) (after line \(lastGoodLine))"
        }
        return "\(path): \(code): \(detail) (at compressed byte \(compressedOffset), "
            + "after line \(lastGoodLine))"
    }

    /// A link in a folder that leads nowhere or back to itself.
    public var isUnfollowableLink: Bool { code == .symlinkLoop || code == .notFound }
}
