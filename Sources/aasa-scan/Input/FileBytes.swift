import CLISupport
import LibC
import Reports

/// A whole file's bytes (a saved state), read through its name's own bytes (`FileName`), so a
/// name that is not UTF-8 reads too, and a FIFO is read once, as a stream.
enum FileBytes {
    /// The bytes, or the `errno` of the failure.
    static func read(_ path: String) -> Result<[UInt8], Errno> {
        var descriptor: Int32
        repeat {
            descriptor = FileName.withPlatformPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(Errno(code: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                LibC.read(descriptor, $0.baseAddress, $0.count)
            }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(Errno(code: errno))
            }
        }
    }

    /// A system error, with its message.
    struct Errno: Error {
        var code: Int32
        var message: String { String(cString: strerror(code)) }
    }
}
