import LibC

/// Reads an input file whole, from a path or a descriptor (a FIFO, `/dev/stdin`, a pipe), and
/// never more than a limit (for AASA files `AASADocument.maxFileSize` bytes): a file that is
/// larger (`/dev/zero`, a log given by mistake, a JSON string of 100 MB) is refused before it
/// takes the memory its parsing would. The Android inputs (a manifest, `assetlinks.json`) are
/// read here too, with their own limits.
package enum AASAFileReader {
    /// The bytes of the file at `path`; `tooLarge` makes the error for a file over `limit`.
    package static func read(
        path: String, limit: Int = AASADocument.maxFileSize,
        tooLarge: (Int) -> AASAParseError = AASADocument.tooLarge
    ) throws(AASAParseError) -> [UInt8] {
        var descriptor: Int32
        repeat {
            descriptor = FileName.withPlatformPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        } while descriptor < 0
            && errno == EINTR
        guard descriptor >= 0 else { throw failure(path, errno) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: path, limit: limit, tooLarge: tooLarge)
    }

    /// The bytes of an open descriptor, read to its end.
    static func read(
        descriptor: Int32, name: String?, limit: Int = AASADocument.maxFileSize,
        tooLarge: (Int) -> AASAParseError = AASADocument.tooLarge
    ) throws(AASAParseError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                LibC.read(descriptor, $0.baseAddress, $0.count)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(name, errno)
            }
            bytes += buffer[0..<count]
            if bytes.count > limit {
                var error = tooLarge(bytes.count)
                error.file = name
                throw error
            }
        }
    }

    private static func failure(_ name: String?, _ code: Int32) -> AASAParseError {
        let message: String
        switch code {
        case ENOENT: message = "no such file"
        case EISDIR: message = "is a directory"
        default: message = "cannot read the file: " + String(cString: strerror(code))
        }
        return AASAParseError(
            file: name, location: SourceLocation(line: 1, column: 1, offset: 0), message: message,
            hint: "check the path and its permissions")
    }
}
