import LibC

/// Writes a report or a state to the file `--output` or `--save-state` names.
///
/// A file (or a name not yet taken) is written whole or not at all: the bytes go to a new file
/// beside it, which replaces it only once they are all written, so a full disk never leaves a
/// cut report behind that claims to be complete. Anything else (a FIFO, a terminal,
/// `/dev/stdout`, a symbolic link) is opened and written in place: replacing it would put a
/// plain file where the device or the link was. A reader that goes away (`EPIPE`) ends the
/// command quietly with status 0, as on standard output; any other failure is a message and
/// status 2.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) {
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            writeInPlace(bytes, to: path)
        } else {
            writeAndReplace(bytes, at: path)
        }
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { fail(path, errno) }
        if let code = writeAll(bytes, to: descriptor) {
            close(descriptor)
            if code == EPIPE { exit(0) }
            fail(path, code)
        }
        if close(descriptor) != 0, errno != EINTR { fail(path, errno) }
    }

    private static func writeAndReplace(_ bytes: [UInt8], at path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".partial-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { fail(path, errno) }
        // mkstemp filled in the name in place; the last byte is its terminating NUL.
        let temporary = String(
            decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The permissions a plain new file would get (mkstemp makes it private).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            fail(path, failure)
        }
    }

    /// Writes every byte; the `errno` of a failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                LibC.write(descriptor, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    private static func fail(_ path: String, _ code: Int32) -> Never {
        StandardError.line(
            "aasa-scan: error: cannot write \(TerminalText.escaped(path)): "
                + String(cString: strerror(code)))
        exit(2)
    }
}
