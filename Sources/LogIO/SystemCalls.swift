import LibC

/// The only place that talks to the kernel: every call retries `EINTR`, so the rest of the
/// module sees either a result or a real failure, and tests can replace `ByteSource` instead.
enum SystemCalls {
    /// What `stat` says about a path; `unreachable` carries the `errno` of a path that exists
    /// but cannot be followed (a symbolic-link loop, a folder without search permission).
    enum Kind: Equatable { case regular, directory, other, missing, unreachable(Int32) }

    /// Opens for reading; returns the descriptor or `-errno`.
    static func open(_ path: String) -> Int32 {
        while true {
            let fd = FileName.withPlatformPath(path) { LibC.open($0, O_RDONLY | O_CLOEXEC) }
            if fd >= 0 { return fd }
            if errno != EINTR { return -errno }
        }
    }

    /// Reads once (after `EINTR` retries); returns the byte count or `-errno`.
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = LibC.read(fd, base, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { return -Int(errno) }
        }
    }

    static func close(_ fd: Int32) {
        // close must not be retried on EINTR on Linux: the descriptor is already gone.
        _ = LibC.close(fd)
    }

    /// Size of a regular file behind a descriptor; nil for pipes, terminals and sockets.
    static func regularFileSize(_ fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard FileName.withPlatformPath(path, { stat($0, &info) }) == 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .unreachable(code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// A file on the disk: its device and inode.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard FileName.withPlatformPath(path, { stat($0, &info) }) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func errorMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}

/// Where a reader gets raw (possibly compressed) bytes: a file, standard input or a test double.
public protocol ByteSource: AnyObject {
    /// Reads at most `buffer.count` bytes into `buffer`; returns 0 only at the end of input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int
    /// Total size in bytes when known (regular files), so callers can show percent and ETA.
    var knownSize: Int? { get }
}

/// Reads a file descriptor through `SystemCalls`.
public final class FileByteSource: ByteSource {
    let fd: Int32
    let ownsDescriptor: Bool
    let path: String
    /// Total size in bytes when the descriptor is a regular file.
    public let knownSize: Int?
    /// Bytes read so far: a regular file shorter than this at the end has shrunk.
    private var bytesRead = 0

    /// Opens `path` for reading.
    public init(path: String) throws(LogIOError) {
        let fd = SystemCalls.open(path)
        if fd < 0 {
            let code = -fd
            let errorCode: LogIOError.Code = code == ENOENT ? .notFound : .openFailed
            throw LogIOError(
                code: errorCode, path: path, detail: SystemCalls.errorMessage(code))
        }
        self.fd = fd
        self.ownsDescriptor = true
        self.path = path
        self.knownSize = SystemCalls.regularFileSize(fd)
    }

    /// Wraps a descriptor the caller keeps (standard input, a pipe); it is not closed here.
    public init(borrowing fd: Int32, name: String) {
        self.fd = fd
        self.ownsDescriptor = false
        self.path = name
        self.knownSize = SystemCalls.regularFileSize(fd)
    }

    deinit {
        if ownsDescriptor { SystemCalls.close(fd) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        let n = SystemCalls.read(fd, buffer)
        if n < 0 {
            throw LogIOError(
                code: .readFailed, path: path, detail: SystemCalls.errorMessage(Int32(-n)))
        }
        bytesRead += n
        if n == 0, knownSize != nil, let size = SystemCalls.regularFileSize(fd), size < bytesRead {
            // Truncated while it was read (`copytruncate` rotation): what was read is counted,
            // but the input is not complete.
            throw LogIOError(
                code: .shrank, path: path,
                detail: "the file shrank to \(size) bytes while it was read (\(bytesRead) bytes "
                    + "read): it was truncated or rotated meanwhile; the lines read are counted")
        }
        return n
    }
}
