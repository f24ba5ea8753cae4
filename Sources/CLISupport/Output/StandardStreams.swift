import LibC

/// Buffered standard output. A closed pipe (`aasa-scan ... | head`) is not an error: the
/// process ends quietly with status 0 (`SIGPIPE` is ignored from the start, `AASAScan.main`,
/// so the write fails with `EPIPE` instead of killing the process). Any other failure, such
/// as a full disk, is a message and status 2.
package struct StandardOutput {
    private var buffer: [UInt8] = []

    package init() {
        buffer.reserveCapacity(1 << 16)
    }

    package mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func line(_ text: String) {
        write(text)
        buffer.append(UInt8(ascii: "\n"))
    }

    package mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes {
                LibC.write(1, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EPIPE { exit(0) }
                StandardError.line(
                    "aasa-scan: error: cannot write to standard output: "
                        + String(cString: strerror(code)))
                exit(2)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Diagnostics and progress: unbuffered standard error.
package enum StandardError {
    package static func line(_ text: String) { write(text + "\n") }

    package static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = LibC.write(2, $0.baseAddress, $0.count) }
    }
}
