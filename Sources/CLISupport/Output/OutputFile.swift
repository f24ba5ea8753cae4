import LibC

/// Writes a report, a state or an AASA file to the file an option names.
///
/// `-` is standard output. A file (or a name not yet taken) is written whole or not at all
/// (`ReplacingFile`): a full disk never leaves a cut report behind that claims to be complete,
/// nor loses the old one; through a symbolic link, the link's target is replaced. Anything
/// else (a FIFO, a terminal, `/dev/stdout`) is opened and written in place: replacing it would
/// put a plain file where the device was. A reader that goes away (`EPIPE`) ends the command
/// quietly with status 0, as on standard output; any other failure is a message and status 2.
package enum OutputFile {
    package static func write(_ bytes: [UInt8], to path: String) {
        if path == "-" {
            var stdout = StandardOutput()
            stdout.write(bytes: bytes)
            stdout.flush()
        } else if ReplacingFile.isWrittenInPlace(path) {
            writeInPlace(bytes, to: path)
        } else {
            do throws(ReplacingFile.Failure) {
                try ReplacingFile.write(bytes, to: path)
            } catch {
                fail(error.path, error.code)
            }
        }
    }
    private static func writeInPlace(_ bytes: [UInt8], to path: String) {
        let descriptor = FileName.withPlatformPath(path) {
            open($0, O_WRONLY | O_TRUNC | O_CLOEXEC)
        }
        guard descriptor >= 0 else { fail(path, errno) }
        if let code = writeAll(bytes, to: descriptor) {
            close(descriptor)
            if code == EPIPE { exit(0) }
            fail(path, code)
        }
        if close(descriptor) != 0, errno != EINTR { fail(path, errno) }
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
