import LibC

/// Reads an input file whole, refusing one larger than `limit` before it takes that memory.
enum InputFile {
    static func read(path: String, limit: Int) throws(AndroidLinksError) -> [UInt8] {
        var descriptor: Int32
        repeat {
            descriptor = FileName.withPlatformPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                LibC.read(descriptor, $0.baseAddress, $0.count)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            bytes += buffer[0..<count]
            if bytes.count > limit {
                throw AndroidLinksError(
                    file: path, line: 1, message: "the file is larger than \(limit) bytes",
                    hint: "give the file itself; Android reads no more than this")
            }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> AndroidLinksError {
        let message: String
        switch code {
        case ENOENT: message = "no such file"
        case EISDIR: message = "is a directory"
        default: message = "cannot read the file: " + String(cString: strerror(code))
        }
        return AndroidLinksError(
            file: path, line: 1, message: message, hint: "check the path and its permissions")
    }
}
